/**
 * A real `ilium start` in a child process (node dist/src/tools/ilium.js) on a temporary data
 * directory and an ephemeral CQL port (or a fixed address and port: clients such as gocql that
 * dial the address system.local gives on port 9042), for tests with real clients (drivers,
 * cqlsh, kill -9):
 * resolves once the node printed its ready line, with where to connect and ways to stop it.
 *
 *   const node = await startIliumProcess();
 *   … connect to node.host:node.port …
 *   assert.equal(await node.stop(), 0);   // SIGTERM: clean shutdown, exit code
 *   node.dispose();                       // removes the temporary data directory
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { after, before } from 'node:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../src/tools/server-flags.js';

const CLI = fileURLToPath(new URL('../../src/tools/ilium.js', import.meta.url));
const READY = /Ilium node started in (\d+) ms: .*; ready: CQL native protocol on \[?([^\]\s]+?)\]?:(\d+)(?:, Thrift (?:off|on \[?([^\]\s]+?)\]?:(\d+)))?(?:, nodetool (?:off|on \[?([^\]\s]+?)\]?:(\d+)))?(?:, HTTP on (https?:\/\/\[?[^\s\]]+?\]?:\d+))?\./;

export interface IliumProcessOptions {
  /** Reuse a directory (a restart); a fresh temporary one otherwise, removed by `dispose`. */
  readonly dataDir?: string;
  /** cassandra.yaml text, written next to the data and passed as --config. */
  readonly configYaml?: string;
  /** rpc_address and listen_address (a loopback address such as 127.0.0.42); 127.0.0.1 by default. */
  readonly address?: string;
  /** The CQL port; an ephemeral one by default. */
  readonly port?: number;
  /** The Thrift port (rpc_port); an ephemeral one by default. */
  readonly rpcPort?: number;
  /** The HTTP port (http_port); an ephemeral one by default. */
  readonly httpPort?: number;
  /** The nodetool port (admin_port); an ephemeral one by default. */
  readonly adminPort?: number;
  /** More command-line arguments for `ilium start`. */
  readonly args?: readonly string[];
  /** Options for node itself, before the script (e.g. `--cpu-prof`). */
  readonly nodeArgs?: readonly string[];
  /** Another build's `dist/src/tools/ilium.js` (benchmarks comparing builds); this one's by default. */
  readonly cli?: string;
  /**
   * An installed `ilium` executable (an npm package's bin, e.g. `<project>/node_modules/.bin/ilium`),
   * run as it is, with its own node flags, instead of node and this build's CLI; `nodeArgs` and
   * `cli` do not apply.
   */
  readonly bin?: string;
  /** How long to wait for the ready line (default 30 s: a loaded CI machine). */
  readonly readyTimeoutMs?: number;
}

export interface IliumProcess {
  readonly host: string;
  readonly port: number;
  /** Where Thrift clients connect (undefined when start_rpc is false). */
  readonly thriftPort: number | undefined;
  /** Where `ilium nodetool` connects (undefined when start_admin is false or the build predates it). */
  readonly adminPort: number | undefined;
  /** The HTTP endpoint's base URL, e.g. http://127.0.0.1:41234 (undefined when start_http is false). */
  readonly httpUrl: string | undefined;
  readonly dataDir: string;
  readonly pid: number;
  /** The start-up time the node reported. */
  readonly startupMs: number;
  /** Wall time from spawn to the ready line, as this process saw it. */
  readonly spawnToReadyMs: number;
  /** Everything the node wrote so far (stdout and stderr, interleaved as received). */
  output(): string;
  /** Resolves with the exit code (null if killed by a signal) once the process ended. */
  readonly exited: Promise<number | null>;
  /** Sends SIGTERM (or `signal`) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** SIGKILL: no flush, no cleanup (the LOCK stays behind). */
  kill9(): Promise<void>;
  /** Kills the process if it still runs and removes the data directory this helper made. */
  dispose(): void;
}

export async function startIliumProcess(opts: IliumProcessOptions = {}): Promise<IliumProcess> {
  const made = opts.dataDir === undefined ? mkdtempSync(join(tmpdir(), 'ilium-proc-')) : undefined;
  const dataDir = opts.dataDir ?? join(made!, 'data');
  const args = [...(opts.bin === undefined ? [...(opts.nodeArgs ?? []), opts.cli ?? CLI] : []), 'start', '--data', dataDir, '--port', String(opts.port ?? 0)];
  // Builds from before the Thrift server (bench --before) know no --rpc-port.
  if (opts.cli === undefined || opts.rpcPort !== undefined) args.push('--rpc-port', String(opts.rpcPort ?? 0));
  // ... and none before nodetool knows --admin-port.
  if (opts.cli === undefined || opts.adminPort !== undefined) args.push('--admin-port', String(opts.adminPort ?? 0));
  // ... nor before the HTTP endpoint, --http-port.
  if (opts.cli === undefined || opts.httpPort !== undefined) args.push('--http-port', String(opts.httpPort ?? 0));
  // A node on its own address is its own seed: with Cassandra's default seed (127.0.0.1) it would
  // gossip with (or bootstrap from) whatever node another test runs there.
  const ownSeed = (opts.configYaml ?? '').includes('seed_provider') ? '' : `seed_provider:\n  - class_name: org.apache.cassandra.locator.SimpleSeedProvider\n    parameters:\n      - seeds: "${opts.address}"\n`;
  const addressYaml = opts.address === undefined ? '' : `rpc_address: ${opts.address}\nlisten_address: ${opts.address}\n${ownSeed}`;
  if (opts.configYaml !== undefined || opts.address !== undefined) {
    const file = join(made ?? dataDir, made === undefined ? '../ilium-test.yaml' : 'cassandra.yaml');
    writeFileSync(file, addressYaml + (opts.configYaml ?? ''));
    args.push('--config', file);
  }
  args.push(...(opts.args ?? []));
  const began = performance.now();
  // As bin/ilium.js runs it (and for --before builds too, so both sides run alike).
  const child = opts.bin === undefined ? spawn(process.execPath, [...SERVER_NODE_FLAGS, ...args], { stdio: ['ignore', 'pipe', 'pipe'] }) : spawn(opts.bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  // 'close', not 'exit': by then stdout and stderr are drained, so output() is complete.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const ready = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`ilium start printed no ready line in ${opts.readyTimeoutMs ?? 30_000} ms:\n${out}`));
    }, opts.readyTimeoutMs ?? 30_000);
    const onData = (d: Buffer): void => {
      out += d.toString();
      const m = READY.exec(out);
      if (m !== null) {
        clearTimeout(timer);
        resolve(m);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`ilium start exited with ${code} before it was ready:\n${out}`));
    });
  }).catch((e: unknown) => {
    if (made !== undefined) rmSync(made, { recursive: true, force: true });
    throw e;
  });
  return handle(child, exited, () => out, dataDir, made, ready, performance.now() - began);
}

function handle(child: ChildProcess, exited: Promise<number | null>, output: () => string, dataDir: string, made: string | undefined, ready: RegExpExecArray, spawnToReadyMs: number): IliumProcess {
  const running = (): boolean => child.exitCode === null && child.signalCode === null;
  return {
    host: ready[2]!,
    port: Number(ready[3]),
    thriftPort: ready[5] === undefined ? undefined : Number(ready[5]),
    adminPort: ready[7] === undefined ? undefined : Number(ready[7]),
    httpUrl: ready[8],
    dataDir,
    pid: child.pid!,
    startupMs: Number(ready[1]),
    spawnToReadyMs,
    output,
    exited,
    stop: (signal = 'SIGTERM') => {
      if (running()) child.kill(signal);
      return exited;
    },
    kill9: async () => {
      if (running()) child.kill('SIGKILL');
      await exited;
    },
    dispose: () => {
      if (running()) child.kill('SIGKILL');
      if (made !== undefined) rmSync(made, { recursive: true, force: true });
    },
  };
}

/**
 * One `ilium start` for a test file: started before its tests, stopped and its data removed after.
 * Returns the accessor tests call for the running node.
 */
export function useIliumProcess(opts: IliumProcessOptions = {}): () => IliumProcess {
  let node: IliumProcess | undefined;
  before(async () => {
    node = await startIliumProcess(opts);
  });
  after(async () => {
    await node?.stop();
    node?.dispose();
  });
  return () => {
    if (node === undefined) throw new Error('the ilium process is not started');
    return node;
  };
}

export interface CommandRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `ilium <args…>` to its end (with `vars` added to its environment). */
export function runIliumCommand(args: readonly string[], vars: Readonly<Record<string, string>> = {}): Promise<CommandRun> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...vars } });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    p.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

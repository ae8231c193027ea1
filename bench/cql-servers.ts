/**
 * bench:cql's two servers, each in its own child process: a real `ilium start` on a temporary
 * data directory (time from spawn to its ready line, resident memory from /proc) and the stub
 * server (`cql-stub-server.ts`: our transport, a handler that does nothing).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startIliumProcess } from '../test/support/ilium-process.js';

export interface BenchServer {
  /** 'ilium', 'baseline' (the stub) or 'before' (another build of Ilium). */
  readonly name: string;
  readonly host: string;
  readonly port: number;
  readonly pid: number;
  /** Wall time from spawn to the ready line, seen from this process. */
  readonly spawnToReadyMs: number;
  /** An Ilium node's HTTP endpoint (/metrics, the admin API); undefined for the stub. */
  readonly httpUrl?: string | undefined;
  /** SIGTERM, then wait for the exit (Ilium flushes its memtables first). */
  stop(): Promise<void>;
  /** Removes what the server left on disk. */
  dispose(): void;
}

/** Resident set size of a process in MiB (VmRSS), or undefined when /proc has none. */
export function rssMiB(pid: number): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m === null ? undefined : Math.round((Number(m[1]) / 1024) * 10) / 10;
  } catch {
    return undefined;
  }
}

/**
 * CPU time a process has used so far, user + system, all threads, in ms (from /proc/PID/stat,
 * in clock ticks of 10 ms), or undefined when /proc has none.
 */
export function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

export interface IliumServer extends BenchServer {
  /** Process uptime at the ready line, as the node reported it (module loading included). */
  readonly reportedReadyMs: number;
}

/** What else an `ilium start` is given: cassandra.yaml text and more arguments (`-D…`). */
export interface IliumStartExtras {
  readonly configYaml?: string;
  readonly args?: readonly string[];
  /** The node's listen and rpc address (its own seed); 127.0.0.1 by default. */
  readonly address?: string;
}

/**
 * `ilium start` of this build, or of the build whose `dist/src/tools/ilium.js` is `cli`; `extras`
 * adds a cassandra.yaml (client_encryption_options, an authenticator) and arguments.
 */
export async function startIlium(name: string, nodeArgs: readonly string[] = [], cli?: string, extras: IliumStartExtras = {}): Promise<IliumServer> {
  const p = await startIliumProcess({ nodeArgs, ...(cli === undefined ? {} : { cli }), ...extras });
  return {
    name,
    host: p.host,
    port: p.port,
    pid: p.pid,
    spawnToReadyMs: Math.round(p.spawnToReadyMs),
    reportedReadyMs: p.startupMs,
    httpUrl: p.httpUrl,
    stop: async () => {
      const code = await p.stop();
      if (code !== 0) throw new Error(`ilium exited with ${code}:\n${p.output().slice(-2000)}`);
    },
    dispose: () => p.dispose(),
  };
}

const STUB = fileURLToPath(new URL('./cql-stub-server.js', import.meta.url));

/** The stub server, on 127.0.0.1 or `address`. */
export async function startStub(address?: string, nodeArgs: readonly string[] = []): Promise<BenchServer> {
  const began = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, STUB, ...(address === undefined ? [] : [`--host=${address}`])], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const [host, port] = await new Promise<[string, number]>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /stub ready on (\S+):(\d+)/.exec(out);
      if (m !== null) resolve([m[1]!, Number(m[2])]);
    });
    void exited.then((code) => reject(new Error(`the stub server exited with ${code}: ${out}`)));
  });
  return {
    name: 'baseline',
    host,
    port,
    pid: child.pid!,
    spawnToReadyMs: Math.round(performance.now() - began),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
    dispose: () => {
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

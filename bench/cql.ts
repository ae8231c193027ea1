/**
 * bench:cql — Ilium over the wire, from this separate client process with the npm
 * `cassandra-driver`: prepared INSERTs and SELECTs of ~100-byte rows (a 10-character text key,
 * a 90-byte blob) with `--inflight` requests outstanding, for writes/s, reads/s and their
 * p50/p99 latencies; plus the node's time to ready and its idle resident memory.
 *
 * The baseline, measured in the same run: the same driver against the stub server
 * (`cql-stub-server.ts`, our transport answering every request with a fixed result) — the
 * ceiling the client, the loopback and the transport put on this machine. The two servers take
 * turns, round after round (the order flips each round), and the figures are medians over the
 * rounds, each with the machine's load average when it ran (the machine is shared). Each phase
 * also reports CPU time per request of the server process and of this client: on a loaded
 * machine throughput follows the share of CPU a process gets, CPU per request much less so.
 *
 *   npm run bench:cql [-- --seconds=5 --rounds=3 --inflight=128 --connections=1 --profile=DIR]
 *
 * `--profile=DIR` runs the Ilium node under `node --cpu-prof` and leaves its .cpuprofile in DIR.
 * `--before=DIR` adds a third server, another built checkout of Ilium (DIR holds its `dist/`),
 * measured in the same alternating rounds: before/after figures for a change, from one run.
 * `--before-node-args="--max-semi-space-size=16"` gives that server node flags after the ones
 * `ilium start` runs with (so they win): with `--before=.`, one build under two V8 settings.
 * `--tls` adds another node of this build, `ilium-tls`, with client_encryption_options enabled
 * (TLS required; a PKCS12 keystore with a P-256 certificate for 127.0.0.1, made now by openssl
 * through test/support/test-certs.ts) and the driver connecting with `sslOptions`; measured in the
 * same alternating rounds, its throughput, server CPU per request and p99 are printed as ratios to
 * the plaintext node's (`ratios ilium-tls/ilium`, `tlsRatios` in the JSON line).
 * Each Ilium phase reports the node's event-loop delay (p99 and max, perf_hooks inside the
 * server, read from its /metrics: `cql-event-loop.ts`) while, a third into the phase, a nodetool
 * flush and then a compaction of the bench keyspace run (`--without-background` leaves them out).
 * `--addresses=A,B` puts the node (A) and the --before node (B) on those loopback addresses, each
 * its own seed (a machine shared with other nodes on 127.0.0.1's ports).
 * Progress goes to stderr; the summary to stdout, its last line one JSON object.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type cassandra from 'cassandra-driver';
import { KV_ROW_BYTES, connectKv, createKvTable, kvKeys, kvRead, kvWrite } from './cql-kv.js';
import { type LoadResult, runLoad } from './cql-load.js';
import { type BenchServer, type IliumServer, type IliumStartExtras, cpuMs, rssMiB, startIlium, startStub } from './cql-servers.js';
import { type TestCerts, makeTestCerts } from '../test/support/test-certs.js';
import { type LoopDelay, background, measureLoopDelay } from './cql-event-loop.js';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    inflight: { type: 'string', default: '128' },
    connections: { type: 'string', default: '1' },
    keys: { type: 'string', default: '100000' },
    profile: { type: 'string' },
    before: { type: 'string' },
    'before-node-args': { type: 'string' },
    'ilium-only': { type: 'boolean', default: false },
    tls: { type: 'boolean', default: false },
    addresses: { type: 'string' },
    'without-background': { type: 'boolean', default: false },
  },
});
const SECONDS = Number(args.seconds);
const WARMUP = Number(args.warmup);
const ROUNDS = Number(args.rounds);
const INFLIGHT = Number(args.inflight);
const CONNECTIONS = Number(args.connections);
const KEYS = Number(args.keys);

const keys = kvKeys(KEYS);
const progress = (s: string): void => void process.stderr.write(`\r${s}\x1b[K`);
const load1 = (): number => Math.round(loadavg()[0]! * 100) / 100;

/** One server with its driver client and how many keys it has been sent. */
interface Target {
  readonly server: BenchServer;
  readonly client: cassandra.Client;
  written: number;
}

async function connect(server: BenchServer, sslOptions?: cassandra.ClientOptions['sslOptions']): Promise<Target> {
  return { server, client: await connectKv(server.host, server.port, CONNECTIONS, sslOptions), written: 0 };
}

let seed = 12345;
const random = (n: number): number => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
};

interface Phase extends LoadResult {
  /** 1-minute load average when the phase began and when it ended. */
  readonly load: [number, number];
  /**
   * CPU time per request, in µs: the server process (all its threads, /proc) and this client
   * process. Less sensitive to the machine's load than throughput: the cost of a request.
   */
  readonly serverCpuUs: number;
  readonly clientCpuUs: number;
  /** The server's event-loop delay over the phase (Ilium nodes only). */
  readonly loopDelay?: LoopDelay;
}

async function phase(t: Target, kind: 'writes' | 'reads', seconds: number, label: string): Promise<Phase> {
  const before = load1();
  const serverCpu0 = cpuMs(t.server.pid) ?? 0;
  const clientCpu0 = process.cpuUsage();
  const url = t.server.httpUrl;
  const loopDelay = url === undefined ? undefined : await measureLoopDelay(url);
  const work = url === undefined || args['without-background'] ? undefined : background(url, 'bench', (seconds * 1000) / 3);
  const op =
    kind === 'writes'
      ? (i: number) => kvWrite(t.client, keys[(t.written + i) % KEYS]!)
      : () => kvRead(t.client, keys[random(Math.min(t.written, KEYS))]!);
  const r = await runLoad({
    seconds,
    inflight: INFLIGHT,
    op,
    progress: (s) => progress(`${label} ${t.server.name} ${kind}: ${s.opsPerSec.toLocaleString()}/s, p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms, load ${load1()}`),
  });
  if (kind === 'writes') t.written += r.ops;
  const client = process.cpuUsage(clientCpu0);
  const perOp = (us: number): number => Math.round((us / Math.max(1, r.ops)) * 10) / 10;
  const serverCpuUs = perOp(((cpuMs(t.server.pid) ?? 0) - serverCpu0) * 1000);
  await work;
  const delay = await loopDelay?.();
  return { ...r, load: [before, load1()], serverCpuUs, clientCpuUs: perOp(client.user + client.system), ...(delay === undefined ? {} : { loopDelay: delay }) };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Summary {
  opsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  serverCpuUs: number;
  clientCpuUs: number;
  /** Median of the phases' event-loop delay p99, and the largest delay seen (Ilium nodes only). */
  loopDelay?: LoopDelay;
  rounds: Phase[];
}

function summarize(rounds: Phase[]): Summary {
  const m = (f: (p: Phase) => number): number => median(rounds.map(f));
  const delays = rounds.flatMap((r) => (r.loopDelay === undefined ? [] : [r.loopDelay]));
  const loopDelay = delays.length === 0 ? {} : { loopDelay: { p99Ms: median(delays.map((d) => d.p99Ms)), maxMs: Math.max(...delays.map((d) => d.maxMs)) } };
  return { opsPerSec: m((r) => r.opsPerSec), p50Ms: m((r) => r.p50Ms), p99Ms: m((r) => r.p99Ms), serverCpuUs: m((r) => r.serverCpuUs), clientCpuUs: m((r) => r.clientCpuUs), ...loopDelay, rounds };
}

/** What the report says about one Ilium process. */
interface NodeFacts {
  readonly readyMs: number;
  readonly reportedReadyMs: number;
  readonly idleRssMiB: number | undefined;
  loadedRssMiB?: number | undefined;
}

/** Starts an Ilium node, waits a second with no client, and reads its resident memory. */
async function startNode(name: string, nodeArgs: readonly string[], cli?: string, extras?: IliumStartExtras): Promise<[IliumServer, NodeFacts]> {
  progress(`starting ${name}`);
  const server = await startIlium(name, nodeArgs, cli, extras);
  await new Promise((r) => setTimeout(r, 1000));
  return [server, { readyMs: server.spawnToReadyMs, reportedReadyMs: server.reportedReadyMs, idleRssMiB: rssMiB(server.pid) }];
}

async function main(): Promise<void> {
  const profileDir = args.profile === undefined ? undefined : resolve(args.profile);
  const nodeArgs = profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`];
  const loadAtStart = loadavg().map((x) => Math.round(x * 100) / 100);
  const servers: BenchServer[] = [];
  const facts = new Map<string, NodeFacts>();
  const targets: Target[] = [];
  let certs: TestCerts | undefined;
  try {
    const [address, beforeAddress] = (args.addresses ?? '').split(',').map((a) => (a === '' ? undefined : a));
    const [ilium, iliumFacts] = await startNode('ilium', nodeArgs, undefined, address === undefined ? {} : { address });
    servers.push(ilium);
    facts.set('ilium', iliumFacts);
    if (args.before !== undefined) {
      const beforeNodeArgs = (args['before-node-args'] ?? '').split(' ').filter((a) => a !== '');
      const [before, beforeFacts] = await startNode('before', beforeNodeArgs, resolve(args.before, 'dist/src/tools/ilium.js'), beforeAddress === undefined ? {} : { address: beforeAddress, args: ['--rpc-port', '0', '--admin-port', '0', '--http-port', '0'] });
      servers.push(before);
      facts.set('before', beforeFacts);
    }
    if (args.tls) {
      progress('making certificates with openssl');
      certs = makeTestCerts('127.0.0.1');
      const configYaml =
        'client_encryption_options:\n  enabled: true\n  optional: false\n' +
        `  keystore: ${certs.server.p12}\n  keystore_password: ${certs.password}\n  keystore_type: PKCS12\n`;
      const [tlsNode, tlsFacts] = await startNode('ilium-tls', nodeArgs, undefined, { configYaml });
      servers.push(tlsNode);
      facts.set('ilium-tls', tlsFacts);
    }
    if (!args['ilium-only']) servers.unshift(await startStub());
    for (const server of servers) {
      const t = await connect(server, server.name === 'ilium-tls' ? { ca: [certs!.ca] } : undefined);
      if (server.name !== 'baseline') await createKvTable(t.client);
      targets.push(t);
    }

    for (const t of targets) {
      await phase(t, 'writes', WARMUP, 'warm-up');
      await phase(t, 'reads', WARMUP, 'warm-up');
    }
    const results = new Map<string, { writes: Phase[]; reads: Phase[] }>(targets.map((t) => [t.server.name, { writes: [], reads: [] }]));
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? targets : [...targets].reverse();
      for (const t of order) {
        const label = `round ${round + 1}/${ROUNDS}`;
        results.get(t.server.name)!.writes.push(await phase(t, 'writes', SECONDS, label));
        results.get(t.server.name)!.reads.push(await phase(t, 'reads', SECONDS, label));
      }
    }
    progress('');
    for (const [name, f] of facts) f.loadedRssMiB = rssMiB(servers.find((s) => s.name === name)!.pid);
    report(facts, loadAtStart, results);
  } finally {
    for (const t of targets) await t.client.shutdown().catch(() => undefined);
    for (const s of servers) {
      await s.stop();
      s.dispose();
    }
    certs?.dispose();
  }
  if (profileDir !== undefined) process.stderr.write(`the node's CPU profile is in ${profileDir}\n`);
}

type Results = Map<string, { writes: Phase[]; reads: Phase[] }>;

function report(facts: Map<string, NodeFacts>, loadAtStart: number[], results: Results): void {
  const ilium = facts.get('ilium')!;
  const out: Record<string, unknown> = {
    bench: 'cql',
    date: new Date().toISOString(),
    machine: `${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`,
    loadAtStart,
    loadAtEnd: loadavg().map((x) => Math.round(x * 100) / 100),
    config: { seconds: SECONDS, rounds: ROUNDS, inflight: INFLIGHT, connections: CONNECTIONS, keys: KEYS, rowBytes: KV_ROW_BYTES },
    readyMs: ilium.readyMs,
    reportedReadyMs: ilium.reportedReadyMs,
    idleRssMiB: ilium.idleRssMiB,
    loadedRssMiB: ilium.loadedRssMiB,
  };
  if (facts.has('before')) out['beforeNode'] = facts.get('before');
  const line = (name: string, kind: string, s: Summary): string =>
    `${name.padEnd(9)} ${kind.padEnd(6)} ${String(s.opsPerSec.toLocaleString()).padStart(9)}/s  p50 ${s.p50Ms.toFixed(2)} ms  p99 ${s.p99Ms.toFixed(2)} ms  CPU/op server ${s.serverCpuUs} µs client ${s.clientCpuUs} µs  ` +
    (s.loopDelay === undefined ? '' : `event-loop delay p99 ${s.loopDelay.p99Ms} ms max ${s.loopDelay.maxMs} ms  `) +
    `(rounds: ${s.rounds.map((r) => `${r.opsPerSec.toLocaleString()}/s p99 ${r.p99Ms} load ${r.load.join('→')}${r.errors > 0 ? ` ${r.errors} errors: ${r.firstError}` : ''}`).join('; ')})`;
  const summaries = new Map<string, { writes: Summary; reads: Summary }>();
  for (const [name, r] of results) {
    const s = { writes: summarize(r.writes), reads: summarize(r.reads) };
    summaries.set(name, s);
    process.stdout.write(`${line(name, 'writes', s.writes)}\n${line(name, 'reads', s.reads)}\n`);
  }
  for (const [name, f] of facts) {
    process.stdout.write(`${name} ready in ${f.readyMs} ms from spawn (${f.reportedReadyMs} ms process uptime); idle RSS ${f.idleRssMiB} MiB, ${f.loadedRssMiB} MiB after the load\n`);
  }
  const ratio = (a: number, b: number): number => Math.round((a / b) * 100) / 100;
  const ours = summaries.get('ilium')!;
  for (const other of ['baseline', 'before']) {
    const base = summaries.get(other);
    if (base === undefined) continue;
    const r = { writes: ratio(ours.writes.opsPerSec, base.writes.opsPerSec), reads: ratio(ours.reads.opsPerSec, base.reads.opsPerSec) };
    out[other === 'baseline' ? 'ratios' : 'ratiosToBefore'] = r;
    process.stdout.write(`ratios ilium/${other}: writes ${r.writes}, reads ${r.reads}\n`);
  }
  const tls = summaries.get('ilium-tls');
  if (tls !== undefined) {
    const of = (k: 'writes' | 'reads') => ({
      opsPerSec: ratio(tls[k].opsPerSec, ours[k].opsPerSec),
      serverCpuUs: ratio(tls[k].serverCpuUs, ours[k].serverCpuUs),
      p99Ms: ratio(tls[k].p99Ms, ours[k].p99Ms),
    });
    const r = { writes: of('writes'), reads: of('reads') };
    out['tlsRatios'] = r;
    for (const k of ['writes', 'reads'] as const) {
      process.stdout.write(`ratios ilium-tls/ilium ${k}: throughput ${r[k].opsPerSec}, server CPU per request ${r[k].serverCpuUs}, p99 ${r[k].p99Ms}\n`);
    }
  }
  // The JSON line keeps the per-round figures short: ops/s, p50, p99, errors, load.
  const compact = (s: Summary) => ({
    opsPerSec: s.opsPerSec,
    p50Ms: s.p50Ms,
    p99Ms: s.p99Ms,
    serverCpuUs: s.serverCpuUs,
    clientCpuUs: s.clientCpuUs,
    ...(s.loopDelay === undefined ? {} : { loopDelay: s.loopDelay }),
    rounds: s.rounds.map((r) => ({ opsPerSec: r.opsPerSec, p50Ms: r.p50Ms, p99Ms: r.p99Ms, serverCpuUs: r.serverCpuUs, errors: r.errors, load: r.load, ...(r.loopDelay === undefined ? {} : { loopDelay: r.loopDelay }) })),
  });
  for (const [name, s] of summaries) out[name] = { writes: compact(s.writes), reads: compact(s.reads) };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

await main();

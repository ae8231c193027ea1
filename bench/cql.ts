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
 * rounds, each with the machine's load average when it ran (the machine is shared).
 *
 *   npm run bench:cql [-- --seconds=5 --rounds=3 --inflight=128 --connections=1 --profile=DIR]
 *
 * `--profile=DIR` runs the Ilium node under `node --cpu-prof` and leaves its .cpuprofile in DIR.
 * Progress goes to stderr; the summary to stdout, its last line one JSON object.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import cassandra from 'cassandra-driver';
import { type LoadResult, runLoad } from './cql-load.js';
import { type BenchServer, type IliumServer, rssMiB, startIlium, startStub } from './cql-servers.js';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    inflight: { type: 'string', default: '128' },
    connections: { type: 'string', default: '1' },
    keys: { type: 'string', default: '100000' },
    profile: { type: 'string' },
    'ilium-only': { type: 'boolean', default: false },
  },
});
const SECONDS = Number(args.seconds);
const WARMUP = Number(args.warmup);
const ROUNDS = Number(args.rounds);
const INFLIGHT = Number(args.inflight);
const CONNECTIONS = Number(args.connections);
const KEYS = Number(args.keys);

const INSERT = 'INSERT INTO bench.kv (k, v) VALUES (?, ?)';
const SELECT = 'SELECT v FROM bench.kv WHERE k = ?';
const VALUE = Buffer.alloc(90, 0x61);
const keys = Array.from({ length: KEYS }, (_, i) => `k${String(i).padStart(9, '0')}`);
const progress = (s: string): void => void process.stderr.write(`\r${s}\x1b[K`);
const load1 = (): number => Math.round(loadavg()[0]! * 100) / 100;

/** One server with its driver client and how many keys it has been sent. */
interface Target {
  readonly server: BenchServer;
  readonly client: cassandra.Client;
  written: number;
}

async function connect(server: BenchServer): Promise<Target> {
  const client = new cassandra.Client({
    contactPoints: [`${server.host}:${server.port}`],
    localDataCenter: 'datacenter1',
    isMetadataSyncEnabled: false,
    protocolOptions: { maxVersion: 4 },
    pooling: { coreConnectionsPerHost: { [cassandra.types.distance.local]: CONNECTIONS } },
    socketOptions: { readTimeout: 30_000 },
  });
  await client.connect();
  return { server, client, written: 0 };
}

let seed = 12345;
const random = (n: number): number => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
};

interface Phase extends LoadResult {
  /** 1-minute load average when the phase began and when it ended. */
  readonly load: [number, number];
}

async function phase(t: Target, kind: 'writes' | 'reads', seconds: number, label: string): Promise<Phase> {
  const before = load1();
  const op =
    kind === 'writes'
      ? (i: number) => t.client.execute(INSERT, [keys[(t.written + i) % KEYS]!, VALUE], { prepare: true })
      : async () => {
          const rs = await t.client.execute(SELECT, [keys[random(Math.min(t.written, KEYS))]!], { prepare: true });
          if (rs.rowLength !== 1) throw new Error(`a written row was not found (${rs.rowLength} rows)`);
        };
  const r = await runLoad({
    seconds,
    inflight: INFLIGHT,
    op,
    progress: (s) => progress(`${label} ${t.server.name} ${kind}: ${s.opsPerSec.toLocaleString()}/s, p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms, load ${load1()}`),
  });
  if (kind === 'writes') t.written += r.ops;
  return { ...r, load: [before, load1()] };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Summary {
  opsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  rounds: Phase[];
}

function summarize(rounds: Phase[]): Summary {
  return { opsPerSec: median(rounds.map((r) => r.opsPerSec)), p50Ms: median(rounds.map((r) => r.p50Ms)), p99Ms: median(rounds.map((r) => r.p99Ms)), rounds };
}

async function main(): Promise<void> {
  const profileDir = args.profile === undefined ? undefined : resolve(args.profile);
  const nodeArgs = profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`];
  const loadAtStart = loadavg().map((x) => Math.round(x * 100) / 100);
  progress('starting the servers');
  const ilium: IliumServer = await startIlium(nodeArgs);
  await new Promise((r) => setTimeout(r, 1000));
  const idleRssMiB = rssMiB(ilium.pid);
  const stub = args['ilium-only'] ? undefined : await startStub();
  const targets: Target[] = [];
  try {
    const it = await connect(ilium);
    await it.client.execute("CREATE KEYSPACE bench WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await it.client.execute('CREATE TABLE bench.kv (k text PRIMARY KEY, v blob)');
    targets.push(it);
    if (stub !== undefined) targets.unshift(await connect(stub));

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
    const loadedRssMiB = rssMiB(ilium.pid);
    for (const t of targets) await t.client.shutdown();
    report(ilium, idleRssMiB, loadedRssMiB, loadAtStart, results);
  } finally {
    for (const t of targets) await t.client.shutdown().catch(() => undefined);
    await stub?.stop();
    await ilium.stop();
    ilium.dispose();
    stub?.dispose();
  }
  if (profileDir !== undefined) process.stderr.write(`the node's CPU profile is in ${profileDir}\n`);
}

function report(ilium: IliumServer, idleRssMiB: number | undefined, loadedRssMiB: number | undefined, loadAtStart: number[], results: Map<string, { writes: Phase[]; reads: Phase[] }>): void {
  const out: Record<string, unknown> = {
    bench: 'cql',
    date: new Date().toISOString(),
    machine: `${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`,
    loadAtStart,
    loadAtEnd: loadavg().map((x) => Math.round(x * 100) / 100),
    config: { seconds: SECONDS, rounds: ROUNDS, inflight: INFLIGHT, connections: CONNECTIONS, keys: KEYS, rowBytes: 10 + VALUE.length },
    readyMs: ilium.spawnToReadyMs,
    reportedReadyMs: ilium.reportedReadyMs,
    idleRssMiB,
    loadedRssMiB,
  };
  const line = (name: string, kind: string, s: Summary): string =>
    `${name.padEnd(8)} ${kind.padEnd(6)} ${String(s.opsPerSec.toLocaleString()).padStart(9)}/s  p50 ${s.p50Ms.toFixed(2)} ms  p99 ${s.p99Ms.toFixed(2)} ms  ` +
    `(rounds: ${s.rounds.map((r) => `${r.opsPerSec.toLocaleString()}/s p99 ${r.p99Ms} load ${r.load.join('→')}${r.errors > 0 ? ` ${r.errors} errors: ${r.firstError}` : ''}`).join('; ')})`;
  for (const [name, r] of results) {
    const writes = summarize(r.writes);
    const reads = summarize(r.reads);
    out[name] = { writes, reads };
    process.stdout.write(`${line(name, 'writes', writes)}\n${line(name, 'reads', reads)}\n`);
  }
  const base = out['baseline'] as { writes: Summary; reads: Summary } | undefined;
  const ours = out['ilium'] as { writes: Summary; reads: Summary };
  if (base !== undefined) {
    out['ratios'] = {
      writes: Math.round((ours.writes.opsPerSec / base.writes.opsPerSec) * 100) / 100,
      reads: Math.round((ours.reads.opsPerSec / base.reads.opsPerSec) * 100) / 100,
    };
  }
  process.stdout.write(`ilium ready in ${ilium.spawnToReadyMs} ms from spawn (${ilium.reportedReadyMs} ms process uptime); idle RSS ${idleRssMiB} MiB, ${loadedRssMiB} MiB after the load\n`);
  if (base !== undefined) process.stdout.write(`ratios ilium/baseline: writes ${(out['ratios'] as { writes: number }).writes}, reads ${(out['ratios'] as { reads: number }).reads}\n`);
  // The JSON line keeps the per-round figures short: ops/s, p50, p99, load.
  const compact = (s: Summary) => ({ opsPerSec: s.opsPerSec, p50Ms: s.p50Ms, p99Ms: s.p99Ms, rounds: s.rounds.map((r) => ({ opsPerSec: r.opsPerSec, p50Ms: r.p50Ms, p99Ms: r.p99Ms, errors: r.errors, load: r.load })) });
  for (const name of results.keys()) {
    const r = out[name] as { writes: Summary; reads: Summary };
    out[name] = { writes: compact(r.writes), reads: compact(r.reads) };
  }
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

await main();

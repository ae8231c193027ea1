/**
 * bench:cluster — what replication costs: CPU-seconds per client write and writes/s on a
 * three-node local cluster (`ilium cluster start -n 3`, three real processes on 127.0.0.160-162),
 * writing at RF=1 (consistency ONE) against RF=3 at QUORUM. The client is the npm
 * cassandra-driver (token-aware, every node a contact point) with `--inflight` writes outstanding;
 * the workload is fixed: `--writes` prepared INSERTs of ~100-byte rows per phase after
 * `--warmup` unmeasured ones. CPU is the sum over the three node processes of utime+stime from
 * /proc/<pid>/stat across the measured window, divided by the writes. Phases alternate (the order
 * flips each round) and the figures are medians over `--rounds`, each round with the machine's
 * load average (the machine is shared).
 *
 *   npm run bench:cluster [-- --writes=20000 --warmup=10000 --rounds=3 --inflight=64]
 *
 * Progress goes to stderr; the summary to stdout, its last line one JSON object.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import cassandra from 'cassandra-driver';
import { startCluster, stopCluster } from '../src/tools/cluster/local-cluster.js';
import { cpuMs } from './cql-servers.js';

const { values: args } = parseArgs({
  options: {
    writes: { type: 'string', default: '20000' },
    warmup: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '3' },
    inflight: { type: 'string', default: '64' },
    'base-address': { type: 'string', default: '127.0.0.160' },
  },
});
const WRITES = Number(args.writes);
const WARMUP = Number(args.warmup);
const ROUNDS = Number(args.rounds);
const INFLIGHT = Number(args.inflight);
const VALUE = Buffer.alloc(90, 0x61);
const IDLE_MS = 5000;
const say = (s: string): void => void process.stderr.write(`${s}\n`);
const load1 = (): number => Math.round(loadavg()[0]! * 100) / 100;
const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

interface Phase {
  readonly name: string;
  readonly keyspace: string;
  readonly rf: number;
  readonly consistency: number;
}

const { consistencies } = cassandra.types;
const PHASES: readonly Phase[] = [
  { name: 'RF=1 ONE', keyspace: 'bench_rf1', rf: 1, consistency: consistencies.one },
  { name: 'RF=3 QUORUM', keyspace: 'bench_rf3', rf: 3, consistency: consistencies.quorum },
];

interface Measured {
  readonly phase: string;
  readonly round: number;
  readonly opsPerSec: number;
  readonly cpuMsPerWrite: number;
  /** This client process (the driver), for scale. */
  readonly clientCpuMsPerWrite: number;
  readonly errors: number;
  readonly load1: number;
}

/** `count` writes of keys from `first`, `INFLIGHT` at a time; resolves with the errors. */
async function write(client: cassandra.Client, p: Phase, first: number, count: number): Promise<number> {
  let next = first;
  let errors = 0;
  const end = first + count;
  const insert = `INSERT INTO ${p.keyspace}.kv (k, v) VALUES (?, ?)`;
  await Promise.all(Array.from({ length: INFLIGHT }, async () => {
    while (next < end) {
      const k = next++;
      try {
        await client.execute(insert, [`k${String(k).padStart(9, '0')}`, VALUE], { prepare: true, consistency: p.consistency });
      } catch {
        errors++;
      }
    }
  }));
  return errors;
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'ilium-bench-cluster-'));
  const results: Measured[] = [];
  let idleCpuMsPerSec = 0;
  let client: cassandra.Client | undefined;
  try {
    const nodes = await startCluster({ root, nodes: 3, baseAddress: args['base-address']!, clusterName: 'bench-cluster', readyTimeoutMs: 120_000, onProgress: say });
    const pids = nodes.map((n) => n.pid!);
    // Gossip settles a few seconds after the last start: connect until the driver finds all three.
    const connect = () => new cassandra.Client({ contactPoints: nodes.map((n) => `${n.address}:9042`), localDataCenter: 'datacenter1', socketOptions: { readTimeout: 30_000 } });
    for (const deadline = Date.now() + 60_000; client === undefined; ) {
      const c = connect();
      try {
        await c.connect();
        if (c.hosts.length === 3) client = c;
      } catch {
        // not yet
      }
      if (client === undefined) {
        await c.shutdown().catch(() => undefined);
        if (Date.now() > deadline) throw new Error('the driver did not see three hosts within 60 s');
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
    say(`driver sees ${client.hosts.length} hosts`);
    for (const p of PHASES) {
      await client.execute(`CREATE KEYSPACE ${p.keyspace} WITH replication = {'class': 'SimpleStrategy', 'replication_factor': ${p.rf}}`);
      await client.execute(`CREATE TABLE ${p.keyspace}.kv (k text PRIMARY KEY, v blob)`);
    }
    // Schema agreement, then a warm-up of every phase (prepares everywhere, JIT, first memtables).
    await new Promise((r) => setTimeout(r, 3000));
    const written = new Map<string, number>(PHASES.map((p) => [p.name, 0]));
    for (const p of PHASES) {
      const errors = await write(client, p, 0, WARMUP);
      written.set(p.name, WARMUP);
      say(`warm-up ${p.name}: ${WARMUP} writes, ${errors} errors`);
    }
    // What the three nodes burn doing nothing (gossip, timers), to set against the windows below.
    const idle0 = pids.map((pid) => cpuMs(pid) ?? 0);
    await new Promise((r) => setTimeout(r, IDLE_MS));
    idleCpuMsPerSec = Math.round((pids.map((pid, i) => (cpuMs(pid) ?? 0) - idle0[i]!).reduce((a, b) => a + b, 0) / IDLE_MS) * 1000 * 10) / 10;
    say(`idle: the three nodes use ${idleCpuMsPerSec} CPU-ms per second`);
    for (let round = 1; round <= ROUNDS; round++) {
      const order = round % 2 === 1 ? PHASES : [...PHASES].reverse();
      for (const p of order) {
        const first = written.get(p.name)!;
        const cpu0 = pids.map((pid) => cpuMs(pid) ?? 0);
        const client0 = process.cpuUsage();
        const t0 = performance.now();
        const errors = await write(client, p, first, WRITES);
        const seconds = (performance.now() - t0) / 1000;
        const clientCpu = process.cpuUsage(client0);
        const cpu = pids.map((pid, i) => (cpuMs(pid) ?? 0) - cpu0[i]!).reduce((a, b) => a + b, 0);
        written.set(p.name, first + WRITES);
        const m: Measured = {
          phase: p.name,
          round,
          opsPerSec: Math.round(WRITES / seconds),
          cpuMsPerWrite: Math.round((cpu / WRITES) * 1000) / 1000,
          clientCpuMsPerWrite: Math.round(((clientCpu.user + clientCpu.system) / 1000 / WRITES) * 1000) / 1000,
          errors,
          load1: load1(),
        };
        results.push(m);
        say(`round ${round} ${p.name}: ${m.opsPerSec} writes/s, ${m.cpuMsPerWrite} CPU-ms per write (3 nodes), client ${m.clientCpuMsPerWrite} CPU-ms, ${errors} errors, load ${m.load1}`);
      }
    }
  } finally {
    await client?.shutdown().catch(() => undefined);
    await stopCluster(root, 30_000, say);
    rmSync(root, { recursive: true, force: true });
  }
  const summary = PHASES.map((p) => {
    const rs = results.filter((r) => r.phase === p.name);
    return {
      phase: p.name,
      writesPerSec: median(rs.map((r) => r.opsPerSec)),
      cpuMsPerWrite: median(rs.map((r) => r.cpuMsPerWrite)),
      clientCpuMsPerWrite: median(rs.map((r) => r.clientCpuMsPerWrite)),
      errors: rs.reduce((a, r) => a + r.errors, 0),
    };
  });
  const [one, three] = summary as [(typeof summary)[0], (typeof summary)[0]];
  const ratio = Math.round((three.cpuMsPerWrite / one.cpuMsPerWrite) * 100) / 100;
  process.stdout.write('phase          writes/s  CPU-ms/write (3 nodes)  client CPU-ms/write  errors\n');
  for (const s of summary) process.stdout.write(`${s.phase.padEnd(13)}  ${String(s.writesPerSec).padStart(8)}  ${String(s.cpuMsPerWrite).padStart(22)}  ${String(s.clientCpuMsPerWrite).padStart(19)}  ${s.errors}\n`);
  process.stdout.write(`idle: the three nodes use ${idleCpuMsPerSec} CPU-ms per second between them\n`);
  process.stdout.write(`RF=3 QUORUM costs ${ratio}x the CPU per write of RF=1\n`);
  process.stdout.write(`${JSON.stringify({
    bench: 'cluster',
    nodes: 3,
    writesPerPhase: WRITES,
    warmup: WARMUP,
    rounds: ROUNDS,
    inflight: INFLIGHT,
    cpus: cpus().length,
    idleCpuMsPerSec,
    summary,
    cpuRatioRf3OverRf1: ratio,
    perRound: results,
  })}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`bench:cluster failed: ${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});

/**
 * Plays a `Scenario` on a SimCluster (test/support/service/sim-cluster.ts) built on one
 * SimEnv seeded with the scenario's seed: the clients run concurrently, each operation through its
 * coordinator (the next live node when that one is down), while the fault schedule adds and
 * removes message filters on every node and crashes nodes (isolated and marked down, then a power
 * loss of their files alone and a restart). Then everything heals, every node runs repair, and
 * the checkers judge the history and the replicas. The trace is the run, line by line: the same
 * seed gives the same trace.
 */
import { simAwait } from '../support/net-sim.js';
import { IliumError } from '../../src/errors/index.js';
import { delayBy, dropWithProbability, duplicateWithProbability, isolate, partition, reorder, type MessageFilter } from '../../src/net/index.js';
import { liveCell, tombstoneCell } from '../../src/storage/model/index.js';
import { casRegister, readRegister } from '../support/service/cas-register.js';
import { SimCluster, WHOLE } from '../support/service/sim-cluster.js';
import { localDump, repairVia, withRepair } from '../support/repair/repair-cluster.js';
import { checkConvergence, checkReads, checkRegisters } from './checkers.js';
import { History, type MutationRecord, type ReadRecord } from './history.js';
import { type ClientOp, type Fault, type Scenario, describeScenario, opText } from './scenario.js';

export interface RunOptions {
  /** A deliberately broken coordinator for the checker's own test: QUORUM reads ask one replica. */
  readonly brokenQuorumReads?: boolean;
}

export interface RunResult {
  readonly seed: number;
  readonly problems: readonly string[];
  readonly trace: readonly string[];
  readonly stats: { readonly ops: number; readonly acked: number; readonly reads: number; readonly cas: number; readonly simMs: number };
}

const IMPOSSIBLE = '\u0000never-written';

export async function runScenario(s: Scenario, o: RunOptions = {}): Promise<RunResult> {
  const c = await SimCluster.start({ seed: s.seed, nodes: s.nodes, replication: { class: 'SimpleStrategy', options: { replication_factor: String(s.rf) } }, clockSkewMs: (i) => s.skewMs[i] ?? 0, writeTimeoutMs: 200, readTimeoutMs: 300 });
  const env = c.env;
  const t0 = env.clock.nowMs();
  const trace = describeScenario(s);
  const log = (line: string) => trace.push(`@${env.clock.nowMs() - t0} ${line}`);
  const problems: string[] = [];
  const h = new History();
  const down = new Set<number>();
  const usedTs = new Set<bigint>();
  const sleep = (ms: number) => new Promise<void>((resolve) => env.timers.setTimeout(resolve, ms));
  const errName = (e: unknown): string => {
    if (e instanceof IliumError) return e.name;
    problems.push(`unexpected error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    return 'UNEXPECTED';
  };

  const onAll = (make: () => MessageFilter): (() => void) => {
    const removers = c.nodes.map((n) => n.messaging.filters.add(make()));
    return () => removers.forEach((r) => r());
  };
  const playFault = async (f: Fault, idx: number) => {
    await sleep(f.atMs);
    const name = `fault-${idx}`;
    log(`start ${name} ${JSON.stringify(f)}`);
    let heal: () => void;
    switch (f.kind) {
      case 'loss': heal = onAll(() => dropWithProbability(f.p, env.random, undefined, name)); break;
      case 'delay': heal = onAll(() => delayBy(1, env.random, f.maxMs, undefined, name)); break;
      case 'duplicate': heal = onAll(() => duplicateWithProbability(f.p, env.random, 3, undefined, name)); break;
      case 'reorder': heal = onAll(() => reorder(f.p, 30, env.random, undefined, name)); break;
      case 'partition': {
        const a = f.side.map((i) => c.node(i).messaging.address);
        const b = c.nodes.filter((_, i) => !f.side.includes(i)).map((n) => n.messaging.address);
        heal = onAll(() => partition(a, b, name));
        break;
      }
      case 'crash': {
        const n = c.node(f.node);
        down.add(f.node);
        c.liveness.markDown(n.endpoint);
        heal = onAll(() => isolate(n.messaging.address, name));
        break;
      }
    }
    await sleep(f.untilMs - f.atMs);
    if (f.kind === 'crash') {
      await c.crashNode(f.node);
      log(`node ${f.node} lost power and restarted`);
      down.delete(f.node);
      c.liveness.markUp(c.node(f.node).endpoint);
    }
    heal();
    log(`end ${name}`);
  };

  const freshTs = (via: number): bigint => {
    let ts = c.clockOf(via).nowMicros();
    while (usedTs.has(ts)) ts++;
    usedTs.add(ts);
    return ts;
  };
  const liveVia = (via: number): number => {
    for (let k = 0; k < s.nodes; k++) if (!down.has((via + k) % s.nodes)) return (via + k) % s.nodes;
    return via;
  };

  const client = async (id: number, ops: readonly ClientOp[]) => {
    const known = new Map<string, string | null>();
    for (const [j, op] of ops.entries()) {
      const opId = `c${id}.${j}`;
      if (op.kind === 'pause') {
        await sleep(op.ms);
        continue;
      }
      const via = liveVia(op.via);
      const proxy = c.node(via).proxy;
      const key = Buffer.from(op.key);
      if (op.kind === 'write' || op.kind === 'delete') {
        const ts = freshTs(via);
        const cell = op.kind === 'write' ? liveCell(c.name('v'), Buffer.from(String(ts)), ts) : tombstoneCell(c.name('v'), ts, Math.floor(c.clockOf(via).nowMs() / 1000));
        const rec: MutationRecord = { kind: op.kind, id: opId, key: op.key, cl: op.cl, ts, start: h.tick(), end: Infinity, acked: false };
        h.mutations.push(rec);
        let outcome = 'ok';
        try {
          await proxy.apply([{ cf: c.cf, update: { key, partitionDeletion: null, rangeTombstones: [], cells: [cell] } }], op.cl);
          rec.acked = true;
        } catch (e) {
          outcome = errName(e);
        }
        rec.end = h.tick();
        log(`${opId} ${opText(op)} (node ${via}) ts ${ts}: ${outcome}`);
      } else if (op.kind === 'read') {
        const asked = o.brokenQuorumReads === true && op.cl === 'QUORUM' ? 'ONE' : op.cl;
        const rec: ReadRecord = { id: opId, key: op.key, cl: op.cl, start: h.tick(), end: Infinity, seen: undefined };
        h.reads.push(rec);
        let outcome: string;
        try {
          const r = await proxy.read(c.cf, key, WHOLE, asked, Math.floor(c.clockOf(via).nowMs() / 1000));
          const v = c.columns(r).get('v');
          rec.seen = v === undefined ? null : BigInt(v);
          outcome = `saw ${rec.seen ?? 'nothing'}`;
        } catch (e) {
          outcome = errName(e);
        }
        rec.end = h.tick();
        log(`${opId} ${opText(op)} (node ${via}): ${outcome}`);
      } else if (op.kind === 'cas') {
        const expected = known.get(op.key) ?? null;
        const next = `${opId}`;
        const startMs = h.tick();
        let outcome: string;
        try {
          const r = await casRegister(c, via, op.key, expected, next);
          const endMs = h.tick();
          if (r.applied) known.set(op.key, next);
          else known.set(op.key, r.current);
          h.addCas(op.key, { id: opId, startMs, endMs, expected, next, outcome: r.applied ? { kind: 'applied' } : { kind: 'failed', saw: r.current } });
          outcome = r.applied ? 'applied' : `not applied, saw ${r.current}`;
        } catch (e) {
          outcome = errName(e);
          h.addCas(op.key, { id: opId, startMs, endMs: Infinity, expected, next, outcome: { kind: 'unknown' } });
        }
        log(`${opId} ${opText(op)} (node ${via}) ${expected} -> ${next}: ${outcome}`);
      } else {
        const startMs = h.tick();
        let outcome: string;
        try {
          const v = await readRegister(c, via, op.key, 'SERIAL');
          h.addCas(op.key, { id: opId, startMs, endMs: h.tick(), expected: IMPOSSIBLE, next: `${opId}-read`, outcome: { kind: 'failed', saw: v } });
          known.set(op.key, v);
          outcome = `saw ${v}`;
        } catch (e) {
          outcome = errName(e);
        }
        log(`${opId} ${opText(op)} (node ${via}): ${outcome}`);
      }
    }
  };

  const guarded = (f: Fault, idx: number) => playFault(f, idx).catch((e: unknown) => void problems.push(`fault ${idx} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`));
  try {
    await simAwait(env, Promise.all([...s.faults.map(guarded), ...s.clients.map((ops, i) => client(i, ops))]), 3_600_000);
  } catch (e) {
    // The run itself went wrong (a livelock of timers, a run that never ends): the trace so far is the evidence.
    problems.push(`the run did not complete: ${e instanceof Error ? e.message : String(e)}`);
    for (const p of problems) trace.push(`PROBLEM ${p}`);
    return { seed: s.seed, problems, trace, stats: { ops: h.mutations.length + h.reads.length, acked: 0, reads: 0, cas: 0, simMs: env.clock.nowMs() - t0 } };
  }
  problems.push(...checkReads(h, s.rf), ...checkRegisters(h));

  // Heal everything, let retries and timeouts run out, repair from every node, compare replicas.
  for (const n of c.nodes) n.messaging.filters.clear();
  for (const n of c.nodes) c.liveness.markUp(n.endpoint);
  await simAwait(env, sleep(1_000));
  log('healed');
  const repairs = withRepair(c, 16, { depth: 3 });
  for (const [i, r] of repairs.entries()) {
    try {
      await repairVia(c, r.repair('ks'));
    } catch (e) {
      problems.push(`repair through node ${i} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const dumps = c.nodes.map((_, i) => localDump(c, i));
  for (const [i, d] of dumps.entries()) for (const line of d) log(`node ${i}: ${line}`);
  const replicaIndexes = (key: string) => c.replicasOf(key).map((e) => c.nodes.indexOf(c.nodeOf(e)));
  problems.push(...checkConvergence(s.keys, dumps, replicaIndexes, h.mutations, newestTs));
  const simMs = env.clock.nowMs() - t0;
  await simAwait(env, c.close());
  for (const p of problems) trace.push(`PROBLEM ${p}`);
  const acked = h.mutations.filter((m) => m.acked).length;
  return { seed: s.seed, problems, trace, stats: { ops: h.mutations.length + h.reads.length, acked, reads: h.reads.filter((r) => r.seen !== undefined).length, cas: [...h.cas.values()].reduce((n, ops) => n + ops.length, 0), simMs } };
}

/** The newest cell timestamp in a localDump line (`name:kind=value@ts/ttl/ldt`; `pd=ts/ldt`). */
function newestTs(line: string): bigint | null {
  let best: bigint | null = null;
  for (const m of line.matchAll(/@(-?\d+)\//g)) {
    const ts = BigInt(m[1]!);
    if (best === null || ts > best) best = ts;
  }
  return best;
}

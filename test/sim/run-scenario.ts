/**
 * Plays a `Scenario` on a SimRing (sim-ring.ts: IliumNodes assembled as `ilium start` assembles
 * them, on one SimEnv seeded with the scenario's seed): the clients run concurrently, each
 * operation through its coordinator's DataStore (the next running node when that one is down),
 * while the fault schedule adds and removes filters in every node's MessagingService
 * (net/fault-filters.ts) and crashes nodes (the process killed with its unsynced files lost, then
 * started again on what its directory kept). Liveness is the nodes' own: gossip's failure
 * detector, not a test oracle. Then everything heals, every node runs repair, and the checkers
 * judge the history and the replicas. The trace is the run, line by line: the same seed gives the
 * same trace.
 */
import { simAwait } from '../support/net-sim.js';
import { IliumError } from '../../src/errors/index.js';
import { delayBy, dropWithProbability, duplicateWithProbability, parseEndpoint, partition, reorder, type MessageFilter } from '../../src/net/index.js';
import type { IliumNode } from '../../src/server/index.js';
import type { ThriftOperations } from '../../src/db/index.js';
import { liveCell, tombstoneCell } from '../../src/storage/model/index.js';
import { compareBytes } from '../../src/util/compare-bytes.js';
import { casRegister, readRegister } from '../support/service/cas-register.js';
import { WHOLE, partitioner } from '../support/service/sim-cluster.js';
import { localDump } from '../support/repair/repair-cluster.js';
import { checkConvergence, checkReads, checkRegisters } from './checkers.js';
import { History, type MutationRecord, type ReadRecord } from './history.js';
import { type ClientOp, type DataOp, type Fault, type RegisterOp, type ScanOp, type Scenario, describeScenario, opText } from './scenario.js';
import { CONVERGE_MS_MAX, CoordinatorLostError, SIM_KEYSPACE, SIM_TABLE, SimRing } from './sim-ring.js';

export interface RunOptions {
  /** A deliberately broken coordinator for the checker's own test: QUORUM reads ask one replica. */
  readonly brokenQuorumReads?: boolean;
  /** The same for range scans alone: QUORUM scans ask one replica. */
  readonly brokenQuorumScans?: boolean;
}

export interface RunResult {
  readonly seed: number;
  readonly problems: readonly string[];
  readonly trace: readonly string[];
  readonly stats: { readonly ops: number; readonly acked: number; readonly reads: number; readonly cas: number; readonly simMs: number };
}

const IMPOSSIBLE = '\u0000never-written';
/** The one column the workload writes, by name (UTF8Type). */
const V = Buffer.from('v');
/** Merkle tree depth of the final repair: a few keys need few leaves, and it keeps seeds fast. */
const REPAIR_DEPTH = 3;

/** A run's shared state: the ring, what happened, what is down, the trace. */
interface Run {
  readonly s: Scenario;
  readonly o: RunOptions;
  readonly c: SimRing;
  readonly h: History;
  readonly problems: string[];
  readonly trace: string[];
  readonly down: Set<number>;
  readonly usedTs: Set<bigint>;
  /** Fault filters in force: installed on every node, and on a node again when it restarts. */
  readonly filters: Map<string, { readonly make: () => MessageFilter; readonly removers: (() => void)[] }>;
  readonly t0: number;
}

export async function runScenario(s: Scenario, o: RunOptions = {}): Promise<RunResult> {
  const c = await SimRing.start({ seed: s.seed, nodes: s.nodes, rf: s.rf, skewMs: (i) => s.skewMs[i] ?? 0, writeTimeoutMs: 200, readTimeoutMs: 300 });
  const run: Run = { s, o, c, h: new History(), problems: [], trace: describeScenario(s), down: new Set(), usedTs: new Set(), filters: new Map(), t0: c.env.clock.nowMs() };
  const { h, problems, trace, env } = { ...run, env: c.env };
  const guarded = (f: Fault, idx: number) => playFault(run, f, idx).catch((e: unknown) => void problems.push(`fault ${idx} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`));
  try {
    await simAwait(env, Promise.all([...s.faults.map(guarded), ...s.clients.map((ops, i) => client(run, i, ops))]), 3_600_000);
  } catch (e) {
    // The run itself went wrong (a livelock of timers, a run that never ends): the trace so far is the evidence.
    problems.push(`the run did not complete: ${e instanceof Error ? e.message : String(e)}`);
    for (const p of problems) trace.push(`PROBLEM ${p}`);
    return { seed: s.seed, problems, trace, stats: { ops: h.mutations.length + h.reads.length, acked: 0, reads: 0, cas: 0, simMs: env.clock.nowMs() - run.t0 } };
  }
  problems.push(...checkReads(h, s.rf), ...checkRegisters(h));
  await healAndRepair(run);
  const dumps = c.nodes().map((_, i) => localDump(c, i));
  for (const [i, d] of dumps.entries()) for (const line of d) log(run, `node ${i}: ${line}`);
  problems.push(...checkConvergence(s.keys, dumps, (key) => c.replicasOf(key), h.mutations, newestTs));
  problems.push(...c.backgroundInvariantViolations().map((v) => `invariant violated in background work: ${v}`));
  const simMs = env.clock.nowMs() - run.t0;
  await simAwait(env, c.close());
  for (const p of problems) trace.push(`PROBLEM ${p}`);
  const acked = h.mutations.filter((m) => m.acked).length;
  return { seed: s.seed, problems, trace, stats: { ops: h.mutations.length + h.reads.length, acked, reads: h.reads.filter((r) => r.seen !== undefined).length, cas: [...h.cas.values()].reduce((n, ops) => n + ops.length, 0), simMs } };
}

/** Heal everything, let gossip see every node up, let retries, timeouts and hints run, repair from every node. */
async function healAndRepair(run: Run): Promise<void> {
  const { c } = run;
  for (const f of run.filters.values()) f.removers.forEach((r) => r());
  run.filters.clear();
  if (!(await simAwait(c.env, c.converged(), 2 * CONVERGE_MS_MAX))) run.problems.push(`after healing, the nodes did not all see each other within ${CONVERGE_MS_MAX} ms`);
  await simAwait(c.env, sleep(run, 1_000));
  log(run, 'healed');
  for (const [i, n] of c.nodes().entries()) {
    try {
      await simAwait(c.env, n.cluster.repair.repair('ks', undefined, { depth: REPAIR_DEPTH }), 600_000);
    } catch (e) {
      run.problems.push(`repair through node ${i} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}

function log(run: Run, line: string): void {
  run.trace.push(`@${run.c.env.clock.nowMs() - run.t0} ${line}`);
}

function sleep(run: Run, ms: number): Promise<void> {
  return new Promise<void>((resolve) => run.c.env.timers.setTimeout(resolve, ms));
}

function addressOf(i: number) {
  return parseEndpoint(`127.0.0.${i + 1}`);
}

/** Installs a filter made by `make` on every running node (and on nodes that restart while it holds); returns its removal. */
function installFilter(run: Run, name: string, make: () => MessageFilter): () => void {
  const entry = { make, removers: run.c.nodes().map((n) => n.storage.messaging.filters.add(make())) };
  run.filters.set(name, entry);
  return () => {
    entry.removers.forEach((r) => r());
    run.filters.delete(name);
  };
}

function reinstallFilters(run: Run, node: IliumNode): void {
  for (const f of run.filters.values()) f.removers.push(node.storage.messaging.filters.add(f.make()));
}

async function playFault(run: Run, f: Fault, idx: number): Promise<void> {
  const { c } = run;
  const env = c.env;
  await sleep(run, f.atMs);
  const name = `fault-${idx}`;
  log(run, `start ${name} ${JSON.stringify(f)}`);
  let heal: () => void = () => undefined;
  switch (f.kind) {
    case 'loss': heal = installFilter(run, name, () => dropWithProbability(f.p, env.random, undefined, name)); break;
    case 'delay': heal = installFilter(run, name, () => delayBy(1, env.random, f.maxMs, undefined, name)); break;
    case 'duplicate': heal = installFilter(run, name, () => duplicateWithProbability(f.p, env.random, 3, undefined, name)); break;
    case 'reorder': heal = installFilter(run, name, () => reorder(f.p, 30, env.random, undefined, name)); break;
    case 'partition': {
      const a = f.side.map(addressOf);
      const b = Array.from({ length: run.s.nodes }, (_, i) => i).filter((i) => !f.side.includes(i)).map(addressOf);
      heal = installFilter(run, name, () => partition(a, b, name));
      break;
    }
    case 'crash':
      run.down.add(f.node);
      c.crash(f.node);
      log(run, `node ${f.node} lost power`);
      break;
  }
  await sleep(run, f.untilMs - f.atMs);
  if (f.kind === 'crash') {
    const node = await c.restart(f.node);
    reinstallFilters(run, node);
    log(run, `node ${f.node} started again`);
    // Clients come back to it once it knows the ring again (a driver waits for the node's UP).
    if (!(await c.seesRing(f.node, CONVERGE_MS_MAX))) run.problems.push(`node ${f.node} did not see the whole ring within ${CONVERGE_MS_MAX} ms of its restart`);
    run.down.delete(f.node);
    log(run, `node ${f.node} restarted`);
  }
  heal();
  log(run, `end ${name}`);
}

function freshTs(run: Run, via: number): bigint {
  let ts = run.c.clockOf(via).nowMicros();
  while (run.usedTs.has(ts)) ts++;
  run.usedTs.add(ts);
  return ts;
}

function liveVia(run: Run, via: number): number {
  const n = run.s.nodes;
  for (let k = 0; k < n; k++) if (!run.down.has((via + k) % n)) return (via + k) % n;
  return via;
}

function errName(run: Run, e: unknown): string {
  if (e instanceof IliumError || e instanceof CoordinatorLostError) return e.name;
  run.problems.push(`unexpected error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  return 'UNEXPECTED';
}

async function client(run: Run, id: number, ops: readonly ClientOp[]): Promise<void> {
  const known = new Map<string, string | null>();
  for (const [j, op] of ops.entries()) {
    const opId = `c${id}.${j}`;
    if (op.kind === 'pause') await sleep(run, op.ms);
    else if (op.kind === 'write' || op.kind === 'delete') await mutate(run, opId, op);
    else if (op.kind === 'read') await read(run, opId, op);
    else if (op.kind === 'scan') await scan(run, opId, op);
    else if (op.kind === 'cas') await cas(run, opId, op, known);
    else if (op.kind === 'serial-read') await serialRead(run, opId, op, known);
  }
}

async function mutate(run: Run, opId: string, op: DataOp): Promise<void> {
  const { c, h } = run;
  const via = liveVia(run, op.via);
  const ts = freshTs(run, via);
  const cell = op.kind === 'write' ? liveCell(c.name('v'), Buffer.from(String(ts)), ts) : tombstoneCell(c.name('v'), ts, Math.floor(c.clockOf(via).nowMs() / 1000));
  const rec: MutationRecord = { kind: op.kind === 'delete' ? 'delete' : 'write', id: opId, key: op.key, cl: op.cl, ts, start: h.tick(), end: Infinity, acked: false };
  h.mutations.push(rec);
  let outcome = 'ok';
  try {
    if (op.api === 'thrift') await c.call(via, () => thriftMutation(c.thrift(via), op, ts));
    else await c.call(via, (data) => data.apply([{ cf: c.cf, update: { key: Buffer.from(op.key), partitionDeletion: null, rangeTombstones: [], cells: [cell] } }], op.cl));
    rec.acked = true;
  } catch (e) {
    outcome = errName(run, e);
  }
  rec.end = h.tick();
  log(run, `${opId} ${opText(op)} (node ${via}) ts ${ts}: ${outcome}`);
}

async function read(run: Run, opId: string, op: DataOp): Promise<void> {
  const { c, h } = run;
  const via = liveVia(run, op.via);
  const asked = run.o.brokenQuorumReads === true && op.cl === 'QUORUM' ? 'ONE' : op.cl;
  const rec: ReadRecord = { id: opId, key: op.key, cl: op.cl, start: h.tick(), end: Infinity, seen: undefined };
  h.reads.push(rec);
  let outcome: string;
  try {
    const v = op.api === 'thrift'
      ? await c.call(via, () => thriftRead(c.thrift(via), op.key, asked))
      : c.columns(await c.call(via, (data) => data.read(c.cf, Buffer.from(op.key), WHOLE, asked, Math.floor(c.clockOf(via).nowMs() / 1000)))).get('v');
    rec.seen = v === undefined ? null : BigInt(v);
    outcome = `saw ${rec.seen ?? 'nothing'}`;
  } catch (e) {
    outcome = errName(run, e);
  }
  rec.end = h.tick();
  log(run, `${opId} ${opText(op)} (node ${via}): ${outcome}`);
}

/** A write or delete of column v as a Thrift client sends it: insert, or remove at the client's timestamp. */
function thriftMutation(thrift: ThriftOperations, op: DataOp, ts: bigint): Promise<void> {
  const key = Buffer.from(op.key);
  if (op.kind === 'delete') return thrift.remove(SIM_KEYSPACE, key, { columnFamily: SIM_TABLE, column: V }, ts, op.cl);
  return thrift.insert(SIM_KEYSPACE, key, { columnFamily: SIM_TABLE }, { name: V, value: Buffer.from(String(ts)), timestamp: ts }, op.cl);
}

/** Column v of a row by get_slice, as a Thrift client reads it (undefined: absent). */
async function thriftRead(thrift: ThriftOperations, key: string, cl: 'ONE' | 'QUORUM' | 'ALL'): Promise<string | undefined> {
  const columns = await thrift.getSlice(SIM_KEYSPACE, Buffer.from(key), { columnFamily: SIM_TABLE }, { columnNames: [V] }, cl);
  return columns[0]?.column?.value.toString();
}

/**
 * A QUORUM scan of keys `from`..`to` in token order: each key in the range is checked as a QUORUM
 * read of that key (a read record per key, absent keys seen as nothing), and nothing outside the
 * range may come back.
 */
async function scan(run: Run, opId: string, op: ScanOp): Promise<void> {
  const { c, h } = run;
  const via = liveVia(run, op.via);
  const sorted = run.s.keys.map((k) => ({ key: k, position: partitioner.decorate(Buffer.from(k)).position })).sort((a, b) => compareBytes(a.position, b.position));
  const inRange = sorted.slice(op.from, op.to + 1);
  const start = h.tick();
  const recs: ReadRecord[] = inRange.map((k) => ({ id: `${opId}/${k.key}`, key: k.key, cl: 'QUORUM', start, end: Infinity, seen: undefined }));
  h.reads.push(...recs);
  let outcome: string;
  try {
    const from = { position: inRange[0]!.position, inclusive: true };
    const to = { position: inRange[inRange.length - 1]!.position, inclusive: true };
    const asked = run.o.brokenQuorumScans === true ? 'ONE' : 'QUORUM';
    const found = await c.call(via, (data) => data.scan(c.cf, from, to, WHOLE, 1_000, asked, Math.floor(c.clockOf(via).nowMs() / 1000)));
    const seen = new Map(found.map((p) => [p.key.toString(), c.columns(p).get('v')]));
    for (const k of seen.keys()) if (!inRange.some((r) => r.key === k)) run.problems.push(`${opId}: scan of keys ${op.from}..${op.to} returned ${k}, outside its range`);
    for (const r of recs) {
      const v = seen.get(r.key);
      r.seen = v === undefined ? null : BigInt(v);
    }
    outcome = `saw ${recs.map((r) => `${r.key}=${r.seen ?? 'nothing'}`).join(' ')}`;
  } catch (e) {
    outcome = errName(run, e);
  }
  const end = h.tick();
  for (const r of recs) r.end = end;
  log(run, `${opId} ${opText(op)} (node ${via}): ${outcome}`);
}

async function cas(run: Run, opId: string, op: RegisterOp, known: Map<string, string | null>): Promise<void> {
  const { c, h } = run;
  const via = liveVia(run, op.via);
  const expected = known.get(op.key) ?? null;
  const next = `${opId}`;
  const startMs = h.tick();
  let outcome: string;
  try {
    const r = await c.call(via, () => casRegister(c, via, op.key, expected, next));
    const endMs = h.tick();
    known.set(op.key, r.applied ? next : r.current);
    h.addCas(op.key, { id: opId, startMs, endMs, expected, next, outcome: r.applied ? { kind: 'applied' } : { kind: 'failed', saw: r.current } });
    outcome = r.applied ? 'applied' : `not applied, saw ${r.current}`;
  } catch (e) {
    outcome = errName(run, e);
    h.addCas(op.key, { id: opId, startMs, endMs: Infinity, expected, next, outcome: { kind: 'unknown' } });
  }
  log(run, `${opId} ${opText(op)} (node ${via}) ${expected} -> ${next}: ${outcome}`);
}

async function serialRead(run: Run, opId: string, op: RegisterOp, known: Map<string, string | null>): Promise<void> {
  const { c, h } = run;
  const via = liveVia(run, op.via);
  const startMs = h.tick();
  let outcome: string;
  try {
    const v = await c.call(via, () => readRegister(c, via, op.key, 'SERIAL'));
    h.addCas(op.key, { id: opId, startMs, endMs: h.tick(), expected: IMPOSSIBLE, next: `${opId}-read`, outcome: { kind: 'failed', saw: v } });
    known.set(op.key, v);
    outcome = `saw ${v}`;
  } catch (e) {
    outcome = errName(run, e);
  }
  log(run, `${opId} ${opText(op)} (node ${via}): ${outcome}`);
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

/**
 * The coordinator's read of one partition (Cassandra's digest reads):
 * 1. the closest live replica is asked for data, the others the level needs for a digest;
 * 2. if every digest matches the data's, that is the answer;
 * 3. otherwise every contacted replica is asked for full data (tombstones included), the answers
 *    are reconciled (partition-merge.ts), and when a limit may have hidden rows another replica
 *    deleted (a short read) the read is repeated without limits;
 * 4. each replica lacking part of the reconciled answer is sent it (READ_REPAIR) and the read
 *    waits for those acknowledgements before answering (blocking read repair: a later read at
 *    the same level cannot see older data than this one returned; read-repair.ts).
 * A replica that has not answered after speculativeRetryMs (or failed) is replaced by a spare
 * live replica asked for data; rounds 3–4 then use the replicas that answered.
 */
import { type Consistency, type Endpoint, assureSufficientLiveForRead, blockFor as blockForRead, countingEndpoints } from '../../locator/index.js';
import type { ColumnFamilyDef } from '../../schema/index.js';
import type { PartitionResult } from '../../storage/read/partition-reader.js';
import type { SliceQuery } from '../../storage/read/slice-query.js';
import { digestOf } from '../digest.js';
import type { ReadResponse } from '../wire/read-response.js';
import { type ReplicaQuery, groupKindOf } from '../group-length.js';
import { limitResult, mergeReplicaResults } from './partition-merge.js';
import type { ProxyDeps } from './proxy-deps.js';
import { toReadError } from './read-errors.js';
import { dataFrom, readFrom } from './replica-requests.js';
import { repairReplicas } from './read-repair.js';
import { liveByProximity, onlySelf, readTargets, replicasOfKey, uniformReadTargets } from './replica-selection.js';
import { collect } from './response-collector.js';

interface ReadPlan {
  readonly cf: ColumnFamilyDef;
  readonly key: Buffer;
  readonly query: SliceQuery;
  readonly rq: ReplicaQuery;
  readonly cl: Consistency;
  readonly nowSec: number;
  readonly targets: readonly Endpoint[];
  readonly blockFor: number;
  /** Live replicas that count for the level, not among the targets, nearest first. */
  readonly spares: readonly Endpoint[];
}

export async function coordinateRead(d: ProxyDeps, cf: ColumnFamilyDef, key: Buffer, query: SliceQuery, cl: Consistency, nowSec: number): Promise<PartitionResult | null> {
  const ring = d.rings.ring();
  const replicas = replicasOfKey(d.rings.placement(cf.keyspace), ring, key, d.selection);
  const live = liveByProximity(replicas.natural, d.selection);
  assureSufficientLiveForRead(cl, replicas.ctx, live);
  const blockFor = blockForRead(cl, replicas.ctx);
  const targets = readTargets(cl, replicas.ctx, live, blockFor);
  if (targets.length === 1 && targets[0] === d.self) return d.local.read(cf, key, query, cl, nowSec);
  const spares = cl === 'EACH_QUORUM' ? [] : countingEndpoints(cl, replicas.ctx, live).filter((e) => !targets.includes(e));
  const plan: ReadPlan = { cf, key, query, rq: groupKindOf(cf, query), cl, nowSec, targets, blockFor, spares };
  const first = await digestRound(d, plan);
  if (first.result !== undefined) return first.result;
  return resolveAndRepair(d, { ...plan, targets: first.answered });
}

/**
 * `coordinateRead` of each key, answers in `keys` order. When this node is the one replica every
 * key would be read from (one node), the local store reads them all at once.
 */
export function coordinateReads(d: ProxyDeps, cf: ColumnFamilyDef, keys: readonly Buffer[], query: SliceQuery, cl: Consistency, nowSec: number): Promise<(PartitionResult | null)[]> {
  try {
    const ring = d.rings.ring();
    const placement = d.rings.placement(cf.keyspace);
    if (keys.length > 0 && onlySelf(uniformReadTargets(placement, ring, cl, d.selection), d.self)) return d.local.readMany(cf, keys, query, cl, nowSec);
  } catch (e) {
    return Promise.reject(e);
  }
  return Promise.all(keys.map((key) => coordinateRead(d, cf, key, query, cl, nowSec)));
}

/**
 * The answer when every digest (and any second data answer) agrees with the data; undefined on a
 * mismatch. Also says which replicas answered, for the resolving round.
 */
async function digestRound(d: ProxyDeps, p: ReadPlan): Promise<{ result: PartitionResult | null | undefined; answered: Endpoint[] }> {
  const dataReplicas = new Set<Endpoint>([p.targets[0]!]);
  let got: ReadonlyMap<Endpoint, ReadResponse>;
  try {
    got = await collect(d.env.timers, p.targets, p.targets.length, d.options.readTimeoutMs, (e) => readFrom(d, e, p.cf, p.key, p.rq, p.nowSec, !dataReplicas.has(e)), {
      spares: p.spares,
      afterMs: d.options.speculativeRetryMs,
      onSpeculate: (spare) => dataReplicas.add(spare),
      satisfied: (m) => m.size >= p.targets.length && [...m.values()].some((r) => r.kind === 'data'),
    });
  } catch (e) {
    throw toReadError(e, p.cl, p.blockFor, (answered) => [...answered].some((x) => dataReplicas.has(x as Endpoint)));
  }
  const answered = [...got.keys()];
  const data = [...got.values()].find((r) => r.kind === 'data');
  if (data === undefined || data.kind !== 'data') throw new Error('no replica answered with data');
  const expected = digestOf(data.result);
  for (const r of got.values()) {
    if (r === data) continue;
    const digest = r.kind === 'digest' ? r.digest : digestOf(r.result);
    if (!digest.equals(expected)) return { result: undefined, answered };
  }
  if (data.result === null || p.rq.query === p.query) return { result: data.result, answered };
  return { result: limitResult(data.result, p.query, p.nowSec), answered };
}

async function resolveAndRepair(d: ProxyDeps, p: ReadPlan): Promise<PartitionResult | null> {
  const full: ReplicaQuery = { query: { ...p.rq.query, includeTombstones: true }, groupKind: p.rq.groupKind };
  let answers = await fullDataRound(d, p, full);
  let merged = mergeReplicaResults(p.key, [...answers.values()], p.query.reversed, p.nowSec);
  if (merged !== null && merged.truncated && !limitResult(merged, p.query, p.nowSec).truncated) {
    // Short read: a replica's limit may have stopped before rows the others deleted. Read everything.
    const unlimited: ReplicaQuery = { query: { slices: p.query.slices, reversed: p.query.reversed, includeTombstones: true }, groupKind: undefined };
    answers = await fullDataRound(d, p, unlimited);
    merged = mergeReplicaResults(p.key, [...answers.values()], p.query.reversed, p.nowSec);
  }
  if (merged === null) return null;
  await repairReplicas(d, p, merged, answers);
  return limitResult(merged, p.query, p.nowSec);
}

async function fullDataRound(d: ProxyDeps, p: ReadPlan, rq: ReplicaQuery): Promise<ReadonlyMap<Endpoint, PartitionResult | null>> {
  try {
    return await collect(d.env.timers, p.targets, p.targets.length, d.options.readTimeoutMs, (e) => dataFrom(d, e, p.cf, p.key, rq, p.nowSec));
  } catch (e) {
    throw toReadError(e, p.cl, p.blockFor, (answered) => answered.size > 0);
  }
}

/**
 * Secondary index reads on a ring (Cassandra's index queries fan out over token ranges): every
 * replica indexes only the data it holds, so one index partition's entries are spread over the
 * replicas of the base rows they name. An entry's name starts with its base row's position
 * (db/cql-index/entry-bounds.ts), so the entries of a token range are a slice of names.
 *
 * `coordinateIndexRead` walks the ring's ranges in order (range-pieces.ts: the live replicas each
 * range's consistency level needs, Unavailable before anything is sent, adjacent ranges with the
 * same replicas merged) and asks each piece's replicas (INDEX_READ; this node's own part
 * locally) for the caller's slices cut to the piece. Their answers are reconciled as cells
 * (partition-merge.ts) and appended in name order up to the query's cell limit. A replica stops at
 * the limit it was given, so a round is trusted only up to the smallest last entry among answers
 * the limit cut, and the next round starts after it. Reading a quorum of each range's replicas is
 * what makes an entry written at QUORUM visible at QUORUM through any coordinator (R + W > N).
 *
 * Replicas send live entries only (no tombstones) and nothing is repaired: entries are a
 * replica's own bookkeeping, not replicated data, and every entry is re-checked against the base
 * row read at the query's level anyway — an entry that should have been shadowed costs a base read.
 *
 * `coordinateIndexClean` hands the entries a query found stale to the replicas of each entry's
 * base row (INDEX_CLEAN), each of which re-checks against its own data before deleting. Best
 * effort: this node's own part is awaited, other replicas' are sent and not waited for (a slow or
 * unconvicted dead replica must not hold the query), and failures are ignored.
 */
import { entryPosition, entrySliceOf, intersectSlices, slicesAfter } from '../../db/cql-index/entry-bounds.js';
import type { Partitioner } from '../../dht/index.js';
import { type Consistency, type Endpoint, LocalStrategy } from '../../locator/index.js';
import type { ColumnFamilyDef, IndexDef } from '../../schema/index.js';
import { type Cell, LIVE_DELETION, isLive } from '../../storage/model/index.js';
import type { PartitionResult } from '../../storage/read/partition-reader.js';
import type { NameSlice, SliceQuery } from '../../storage/read/slice-query.js';
import { mergeReplicaResults } from './partition-merge.js';
import type { ProxyDeps } from './proxy-deps.js';
import { type RangePiece, rangePieces, trustedUpTo } from './range-pieces.js';
import { splitByRing } from './range-split.js';
import { toReadError } from './read-errors.js';
import { cleanIndexOn, indexFrom } from './replica-requests.js';
import { liveByProximity, onlySelf, replicasOfKey, uniformReadTargets } from './replica-selection.js';
import { collect } from './response-collector.js';

/** Entries one replica is asked for at most per round: keeps a message well under the frame limit when the caller sets no limit. */
const ENTRIES_PER_REQUEST_MAX = 1_000;

interface IndexPlan {
  readonly cf: ColumnFamilyDef;
  readonly index: IndexDef;
  readonly indexKey: Buffer;
  readonly cl: Consistency;
  readonly nowSec: number;
  readonly cellLimit: number;
}

export async function coordinateIndexRead(d: ProxyDeps, cf: ColumnFamilyDef, index: IndexDef, indexKey: Buffer, query: SliceQuery, cl: Consistency, nowSec: number): Promise<PartitionResult | null> {
  const ring = d.rings.ring();
  const placement = d.rings.placement(cf.keyspace);
  if (placement.strategy instanceof LocalStrategy) return d.local.readIndex(cf, index, indexKey, query, cl, nowSec);
  // One node: the level is checked against the keyspace's replication factor first (as a scan's).
  if (onlySelf(uniformReadTargets(placement, ring, cl, d.selection), d.self)) return d.local.readIndex(cf, index, indexKey, query, cl, nowSec);
  // Index scans read forward and entries have no groups; the ranges are walked forward only.
  if (query.reversed || query.groupLimit !== undefined) throw new Error('an index read on a ring reads forward, without a group limit');
  // Only the ranges the caller's slices reach: a query for one partition asks that partition's replicas.
  const splits = splitByRing(ring, undefined, undefined).filter((s) => sliceOfPiece(query.slices, s).length > 0);
  const pieces = rangePieces(d, ring, placement, cl, splits);
  const plan: IndexPlan = { cf, index, indexKey, cl, nowSec, cellLimit: query.cellLimit ?? Infinity };
  const out: Cell[] = [];
  for (const piece of pieces) {
    if (out.length >= plan.cellLimit) break;
    await readPiece(d, plan, piece, sliceOfPiece(query.slices, piece), out);
  }
  if (out.length === 0) return null;
  return { key: indexKey, partitionDeletion: LIVE_DELETION, rangeTombstones: [], cells: out, truncated: out.length >= plan.cellLimit };
}

function sliceOfPiece(slices: readonly NameSlice[], piece: Pick<RangePiece, 'from' | 'to'>): NameSlice[] {
  return intersectSlices(slices, entrySliceOf(piece.from, piece.to));
}

/** Appends the piece's entries (reconciled across its targets) to `out`, round after round, until the limit or the piece's end. */
async function readPiece(d: ProxyDeps, p: IndexPlan, piece: RangePiece, slices: NameSlice[], out: Cell[]): Promise<void> {
  while (out.length < p.cellLimit && slices.length > 0) {
    const limit = Math.min(p.cellLimit - out.length, ENTRIES_PER_REQUEST_MAX);
    const request = { cf: p.cf, index: p.index, indexKey: p.indexKey, query: { slices, reversed: false, cellLimit: limit }, nowSec: p.nowSec };
    let answers: ReadonlyMap<Endpoint, PartitionResult | null>;
    try {
      answers = await collect(d.env.timers, piece.targets, piece.targets.length, d.options.rangeTimeoutMs, (e) => indexFrom(d, e, request));
    } catch (e) {
      throw toReadError(e, p.cl, piece.blockFor, (answered) => answered.size > 0);
    }
    const lists = [...answers.values()].map((r) => r?.cells ?? []);
    const safe = trustedUpTo(lists, limit, (c) => c.name);
    const trusted = [...answers.values()].map((r) => (r === null || safe === null ? r : { ...r, cells: r.cells.filter((c) => Buffer.compare(c.name, safe) <= 0) }));
    for (const c of mergeReplicaResults(p.indexKey, trusted, false, p.nowSec)?.cells ?? []) {
      if (!isLive(c, p.nowSec)) continue;
      out.push(c);
      if (out.length >= p.cellLimit) return;
    }
    if (safe === null) return;
    slices = slicesAfter(slices, safe);
  }
}

export async function coordinateIndexClean(d: ProxyDeps, cf: ColumnFamilyDef, index: IndexDef, indexKey: Buffer, entries: readonly Cell[]): Promise<void> {
  const ring = d.rings.ring();
  const placement = d.rings.placement(cf.keyspace);
  const normal = ring.normalEndpoints();
  if (placement.strategy instanceof LocalStrategy || (normal.length === 1 && normal[0] === d.self)) return d.local.cleanIndex(cf, index, indexKey, entries);
  const byReplica = new Map<Endpoint, Cell[]>();
  for (const entry of entries) {
    const key = baseKeyOf(ring.partitioner, entry.name);
    if (key === null) continue; // not an entry of a form this node knows: nobody to send it to
    const replicas = replicasOfKey(placement, ring, key, d.selection);
    for (const e of liveByProximity([...replicas.natural, ...replicas.pending], d.selection)) {
      const list = byReplica.get(e);
      if (list === undefined) byReplica.set(e, [entry]);
      else list.push(entry);
    }
  }
  let own: Promise<void> = Promise.resolve();
  for (const [e, list] of byReplica) {
    // Best effort: a replica that misses the clean keeps a stale entry the next read cleans again.
    const sent = cleanIndexOn(d, e, cf, index, indexKey, list).catch((err: unknown) => d.background.report('index-clean', err, `${cf.keyspace}.${cf.name} on ${e}`));
    if (e === d.self) own = sent;
  }
  await own;
}

function baseKeyOf(partitioner: Partitioner, name: Buffer): Buffer | null {
  const position = entryPosition(name);
  if (position === null) return null;
  try {
    return partitioner.keyFromPosition(position);
  } catch {
    return null;
  }
}

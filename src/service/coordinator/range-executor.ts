/**
 * The coordinator's range scan: the requested positions split by the ring (range-split.ts), walked
 * in order, adjacent pieces with the same replicas to ask merged into one (with vnodes a full scan
 * would otherwise take a round trip per token); each piece is read from the replicas its consistency level needs (full data with
 * tombstones from each), reconciled per partition and repaired like a single-partition read.
 * Replicas stop at the partition limit, so a page is only trusted up to the smallest last
 * position among replicas that hit it; the next page starts after that position. Per-partition
 * limits are applied to the reconciled partitions (a short read inside one partition of a scan is
 * not retried: a known limitation).
 */
import { type Consistency, type Endpoint, LocalStrategy } from '../../locator/index.js';
import type { ColumnFamilyDef } from '../../schema/index.js';
import type { PartitionResult } from '../../storage/read/partition-reader.js';
import type { SliceQuery } from '../../storage/read/slice-query.js';
import type { PositionBound, ScannedPartition } from '../../storage/table-store.js';
import { type ReplicaQuery, groupKindOf } from '../group-length.js';
import { limitResult, mergeReplicaResults } from './partition-merge.js';
import type { ProxyDeps } from './proxy-deps.js';
import { repairReplicas } from './read-repair.js';
import { toReadError } from './read-errors.js';
import { scanFrom } from './replica-requests.js';
import { onlySelf, uniformReadTargets } from './replica-selection.js';
import { type RangePiece, rangePieces, trustedUpTo } from './range-pieces.js';
import { splitByRing } from './range-split.js';
import { collect } from './response-collector.js';
import { pushAll } from '../../util/push-all.js';

interface ScanPlan {
  readonly cf: ColumnFamilyDef;
  readonly query: SliceQuery;
  readonly full: ReplicaQuery;
  readonly cl: Consistency;
  readonly nowSec: number;
}

export async function coordinateScan(d: ProxyDeps, cf: ColumnFamilyDef, from: PositionBound | undefined, to: PositionBound | undefined, query: SliceQuery, partitionLimit: number, cl: Consistency, nowSec: number): Promise<ScannedPartition[]> {
  const ring = d.rings.ring();
  const placement = d.rings.placement(cf.keyspace);
  if (placement.strategy instanceof LocalStrategy) return d.local.scan(cf, from, to, query, partitionLimit, cl, nowSec);
  // One node: the level is checked against the keyspace's replication factor first (RF 3 at
  // QUORUM is Unavailable here as for a single partition), then the local store scans it all.
  if (onlySelf(uniformReadTargets(placement, ring, cl, d.selection), d.self)) return d.local.scan(cf, from, to, query, partitionLimit, cl, nowSec);
  const rq = groupKindOf(cf, query);
  const plan: ScanPlan = { cf, query, full: { query: { ...rq.query, includeTombstones: true }, groupKind: rq.groupKind }, cl, nowSec };
  const pieces = rangePieces(d, ring, placement, cl, splitByRing(ring, from, to));
  const out: ScannedPartition[] = [];
  for (const piece of pieces) {
    if (out.length >= partitionLimit) break;
    await scanPiece(d, plan, piece, partitionLimit - out.length, out);
  }
  return out;
}

async function scanPiece(d: ProxyDeps, p: ScanPlan, piece: RangePiece, remaining: number, out: ScannedPartition[]): Promise<void> {
  const { targets, blockFor } = piece;
  let lower: PositionBound = piece.from;
  while (remaining > 0) {
    if (targets.length === 1 && targets[0] === d.self) {
      pushAll(out, await d.local.scan(p.cf, lower, piece.to, p.query, remaining, p.cl, p.nowSec));
      return;
    }
    const limit = remaining;
    const request = { cf: p.cf, from: lower, to: piece.to, rq: p.full, partitionLimit: limit, nowSec: p.nowSec };
    let answers: ReadonlyMap<Endpoint, ScannedPartition[]>;
    try {
      answers = await collect(d.env.timers, targets, targets.length, d.options.rangeTimeoutMs, (e) => scanFrom(d, e, request));
    } catch (e) {
      throw toReadError(e, p.cl, blockFor, (answered) => answered.size > 0);
    }
    const safe = trustedUpTo(answers.values(), limit, (sp) => sp.position);
    const repairs: Promise<void>[] = [];
    for (const [position, perReplica] of byPosition(answers, targets, safe)) {
      const results = [...perReplica.values()];
      const key = results.find((r) => r !== null)!.key;
      const merged = mergeReplicaResults(key, results, p.query.reversed, p.nowSec);
      if (merged === null) continue;
      repairs.push(repairReplicas(d, { cf: p.cf, cl: p.cl, blockFor, nowSec: p.nowSec }, merged, perReplica));
      const limited = limitResult(merged, p.query, p.nowSec);
      if (limited.cells.length === 0 && p.query.includeTombstones !== true) continue;
      out.push({ ...limited, position });
      if (--remaining === 0) break;
    }
    await Promise.all(repairs);
    if (safe === null) return;
    lower = { position: safe, inclusive: false };
  }
}

/** Partitions by position (up to `safe`), in position order, each with every target's answer (null: it had none). */
function byPosition(answers: ReadonlyMap<Endpoint, ScannedPartition[]>, targets: readonly Endpoint[], safe: Buffer | null): [Buffer, Map<Endpoint, PartitionResult | null>][] {
  const positions = new Map<string, Buffer>();
  for (const list of answers.values()) {
    for (const sp of list) if (safe === null || Buffer.compare(sp.position, safe) <= 0) positions.set(sp.position.toString('latin1'), sp.position);
  }
  const sorted = [...positions.values()].sort(Buffer.compare);
  const index = new Map<Endpoint, Map<string, ScannedPartition>>();
  for (const [e, list] of answers) index.set(e, new Map(list.map((sp) => [sp.position.toString('latin1'), sp])));
  return sorted.map((position) => {
    const k = position.toString('latin1');
    const per = new Map<Endpoint, PartitionResult | null>();
    for (const e of targets) per.set(e, index.get(e)?.get(k) ?? null);
    return [position, per];
  });
}

/**
 * Reconciling replicas' answers for one partition (Cassandra's data resolver), pure:
 * - `mergeReplicaResults`: the newest partition deletion, every range tombstone once, each cell
 *   name's winning version (storage/model/reconcile.ts: newest timestamp, then tombstone over live,
 *   …), minus the cells a deletion shadows; tombstones are kept (they may need repairing). Cells
 *   come back in query order (descending names when reversed).
 * - `repairFor`: what one replica lacks of the merged answer, as a partition update (null: nothing).
 * - `limitResult`: the query's cell and group limits applied to the merged answer, counting live
 *   cells only as the engine does, tombstones dropped unless the query asked for them.
 */
import { type Cell, type DeletionTime, type PartitionUpdate, type RangeTombstone, LIVE_DELETION, isLive, maxDeletion, supersedes } from '../../storage/model/index.js';
import { compareVersions, coveredByRange, deletes } from '../../storage/model/reconcile.js';
import type { PartitionResult } from '../../storage/read/partition-reader.js';
import type { SliceQuery } from '../../storage/read/slice-query.js';

export function mergeReplicaResults(key: Buffer, results: readonly (PartitionResult | null)[], reversed: boolean, nowSec: number): PartitionResult | null {
  const present = results.filter((r): r is PartitionResult => r !== null);
  if (present.length === 0) return null;
  let partitionDeletion: DeletionTime = LIVE_DELETION;
  const rts: RangeTombstone[] = [];
  const byName = new Map<string, Cell>();
  for (const r of present) {
    partitionDeletion = maxDeletion(partitionDeletion, r.partitionDeletion);
    for (const rt of r.rangeTombstones) if (!rts.some((x) => sameRangeTombstone(x, rt))) rts.push(rt);
    for (const c of r.cells) {
      const k = c.name.toString('latin1');
      const old = byName.get(k);
      if (old === undefined || compareVersions(c, old, nowSec) > 0) byName.set(k, c);
    }
  }
  const cells = [...byName.values()].filter((c) => !deletes(partitionDeletion, c.timestamp) && !(rts.length > 0 && coveredByRange(rts, c.name, c.timestamp)));
  cells.sort((a, b) => (reversed ? Buffer.compare(b.name, a.name) : Buffer.compare(a.name, b.name)));
  return { key, partitionDeletion, rangeTombstones: rts, cells, truncated: present.some((r) => r.truncated) };
}

/** What `replica` (its answer; null: it had nothing) lacks of `merged`. */
export function repairFor(merged: PartitionResult, replica: PartitionResult | null, nowSec: number): PartitionUpdate | null {
  const theirs = new Map<string, Cell>();
  for (const c of replica?.cells ?? []) theirs.set(c.name.toString('latin1'), c);
  const theirPd = replica?.partitionDeletion ?? LIVE_DELETION;
  const theirRts = replica?.rangeTombstones ?? [];
  const partitionDeletion = supersedes(merged.partitionDeletion, theirPd) ? merged.partitionDeletion : null;
  const rangeTombstones = merged.rangeTombstones.filter((rt) => !theirRts.some((x) => sameRangeTombstone(x, rt)));
  const cells = merged.cells.filter((c) => {
    const t = theirs.get(c.name.toString('latin1'));
    return t === undefined || compareVersions(c, t, nowSec) > 0;
  });
  if (partitionDeletion === null && rangeTombstones.length === 0 && cells.length === 0) return null;
  return { key: merged.key, partitionDeletion, rangeTombstones, cells };
}

export function limitResult(merged: PartitionResult, query: SliceQuery, nowSec: number): PartitionResult {
  const keepDead = query.includeTombstones === true;
  const out: Cell[] = [];
  let cellsSeen = 0;
  let groups = 0;
  let lastGroup: Buffer | null = null;
  let truncated = false;
  for (const c of merged.cells) {
    if (!isLive(c, nowSec)) {
      if (keepDead) out.push(c);
      continue;
    }
    if (query.cellLimit !== undefined && cellsSeen >= query.cellLimit) {
      truncated = true;
      break;
    }
    if (query.groupLimit !== undefined && query.groupLength !== undefined) {
      const group = c.name.subarray(0, query.groupLength(c.name));
      if (lastGroup === null || !group.equals(lastGroup)) {
        if (groups >= query.groupLimit) {
          truncated = true;
          break;
        }
        groups++;
        lastGroup = group;
      }
    }
    cellsSeen++;
    out.push(c);
  }
  return { key: merged.key, partitionDeletion: merged.partitionDeletion, rangeTombstones: keepDead ? merged.rangeTombstones : [], cells: out, truncated };
}

/** True when some live cell survives the merge. */
export function hasLiveCells(r: PartitionResult, nowSec: number): boolean {
  return r.cells.some((c) => isLive(c, nowSec));
}

function sameRangeTombstone(a: RangeTombstone, b: RangeTombstone): boolean {
  return a.start.equals(b.start) && a.end.equals(b.end) && a.deletion.markedForDeleteAt === b.deletion.markedForDeleteAt && a.deletion.localDeletionTime === b.deletion.localDeletionTime;
}

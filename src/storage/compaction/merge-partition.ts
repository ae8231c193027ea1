import { type Cell, CellKind } from '../model/cell.js';
import { type DeletionTime, LIVE_DELETION, type RangeTombstone, isLiveDeletion, maxDeletion } from '../model/deletion.js';
import type { PartitionData } from '../model/partition-data.js';
import { coveredByRange, deletes } from '../model/reconcile.js';
import { ArrayCellCursor } from '../read/cell-cursor.js';
import { mergeCursors } from '../read/merge-cursor.js';

/**
 * Decides whether a tombstone may be dropped: it is older than gc_grace (`localDeletionTime <
 * gcBefore`) and no data outside this compaction is old enough to be shadowed by it
 * (`timestamp < maxPurgeableTimestamp`), so dropping it cannot resurrect anything.
 */
export interface PurgePolicy {
  readonly gcBefore: number;
  readonly maxPurgeableTimestamp: bigint;
}

function purgeable(p: PurgePolicy, d: DeletionTime): boolean {
  return d.localDeletionTime < p.gcBefore && d.markedForDeleteAt < p.maxPurgeableTimestamp;
}

/**
 * Merges versions of one partition from several SSTables into one: reconciles cells, drops what
 * deletions shadow, turns expired cells into tombstones (deletion time = their write time, as
 * Cassandra does, so gc_grace counts from the write) and purges tombstones the policy allows.
 * Returns null when nothing is left.
 */
export function mergePartition(parts: readonly PartitionData[], nowSec: number, purge: PurgePolicy): PartitionData | null {
  const first = parts[0]!;
  let pd = LIVE_DELETION;
  for (const p of parts) pd = maxDeletion(pd, p.partitionDeletion);
  const rts: RangeTombstone[] = [];
  for (const p of parts) for (const rt of p.rangeTombstones) if (rt.deletion.markedForDeleteAt > pd.markedForDeleteAt) rts.push(rt);
  rts.sort((a, b) => Buffer.compare(a.start, b.start));

  const merged = mergeCursors(parts.map((p) => new ArrayCellCursor(p.cells)), false, nowSec);
  const cells: Cell[] = [];
  for (let c = merged.next(); c !== null; c = merged.next()) {
    if (deletes(pd, c.timestamp) || (rts.length > 0 && coveredByRange(rts, c.name, c.timestamp))) continue;
    let cell = c;
    if (cell.kind === CellKind.EXPIRING && cell.localDeletionTime <= nowSec) {
      cell = { name: cell.name, kind: CellKind.TOMBSTONE, value: EMPTY, timestamp: cell.timestamp, ttl: 0, localDeletionTime: cell.localDeletionTime - cell.ttl };
    }
    if (cell.kind === CellKind.TOMBSTONE && purgeable(purge, { markedForDeleteAt: cell.timestamp, localDeletionTime: cell.localDeletionTime })) continue;
    cells.push(cell);
  }
  const keptRts = rts.filter((rt) => !purgeable(purge, rt.deletion));
  const keptPd = !isLiveDeletion(pd) && purgeable(purge, pd) ? LIVE_DELETION : pd;
  if (cells.length === 0 && keptRts.length === 0 && isLiveDeletion(keptPd)) return null;
  return { key: first.key, position: first.position, partitionDeletion: keptPd, rangeTombstones: keptRts, cells };
}

const EMPTY = Buffer.alloc(0);

import { type Cell, CellKind, isLive } from './cell.js';
import type { DeletionTime, RangeTombstone } from './deletion.js';

/**
 * Cassandra's conflict resolution between two versions of the same cell, as a total order so
 * that picking the maximum is commutative, associative and idempotent:
 *
 *   1. the higher write timestamp wins;
 *   2. on a tie, a dead cell (tombstone, or expiring cell past its expiry at `nowSec`) beats a
 *      live one;
 *   3. between two dead cells a real tombstone beats an expired cell, then the later
 *      localDeletionTime wins, then the greater value, then the longer TTL;
 *   4. between two live cells the greater value (unsigned bytes) wins, then the later
 *      localDeletionTime (so a cell without TTL beats an equal expiring one).
 */
export function compareVersions(a: Cell, b: Cell, nowSec: number): number {
  if (a.timestamp !== b.timestamp) return a.timestamp < b.timestamp ? -1 : 1;
  const aLive = isLive(a, nowSec);
  const bLive = isLive(b, nowSec);
  if (aLive !== bLive) return aLive ? -1 : 1;
  if (!aLive) {
    const at = a.kind === CellKind.TOMBSTONE ? 1 : 0;
    const bt = b.kind === CellKind.TOMBSTONE ? 1 : 0;
    if (at !== bt) return at - bt;
    if (a.localDeletionTime !== b.localDeletionTime) return a.localDeletionTime - b.localDeletionTime;
    const byValue = Buffer.compare(a.value, b.value);
    return byValue !== 0 ? byValue : a.ttl - b.ttl;
  }
  const byValue = Buffer.compare(a.value, b.value);
  if (byValue !== 0) return byValue;
  if (a.localDeletionTime !== b.localDeletionTime) return a.localDeletionTime - b.localDeletionTime;
  return a.ttl - b.ttl;
}

/** The winning version of two cells with the same name. */
export function reconcile(a: Cell, b: Cell, nowSec: number): Cell {
  return compareVersions(a, b, nowSec) >= 0 ? a : b;
}

/** True if `deletion` shadows a cell written at `timestamp` (Cassandra: ts <= markedForDeleteAt). */
export function deletes(deletion: DeletionTime, timestamp: bigint): boolean {
  return timestamp <= deletion.markedForDeleteAt;
}

/** True if some range tombstone in `rts` covers `name` and shadows `timestamp`. */
export function coveredByRange(rts: readonly RangeTombstone[], name: Buffer, timestamp: bigint): boolean {
  for (const rt of rts) {
    if (timestamp <= rt.deletion.markedForDeleteAt && Buffer.compare(rt.start, name) <= 0 && Buffer.compare(name, rt.end) <= 0) {
      return true;
    }
  }
  return false;
}

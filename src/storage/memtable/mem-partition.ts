import type { Cell } from '../model/cell.js';
import { type DeletionTime, LIVE_DELETION, type RangeTombstone, maxDeletion } from '../model/deletion.js';
import type { PartitionUpdate } from '../model/partition-update.js';
import { reconcile } from '../model/reconcile.js';
import type { CellCursor } from '../read/cell-cursor.js';
import type { PartitionView } from '../read/partition-view.js';
import { CellSet } from './cell-set.js';

/** Fixed per-cell overhead used in memtable size accounting (object, tree slot, bigint). */
export const CELL_OVERHEAD_BYTES = 96;
const PARTITION_OVERHEAD_BYTES = 256;

/**
 * One partition inside a memtable: its cells by name (cell-set.ts; versions reconciled on insert),
 * its range tombstones (kept sorted by start) and its partition-level deletion.
 */
export class MemPartition implements PartitionView {
  partitionDeletion: DeletionTime = LIVE_DELETION;
  rangeTombstoneList: RangeTombstone[] = [];
  readonly cells = new CellSet();

  constructor(
    readonly key: Buffer,
    readonly position: Buffer,
  ) {}

  static overheadBytes(key: Buffer): number {
    return PARTITION_OVERHEAD_BYTES + 2 * key.length;
  }

  /** Applies an update; returns the growth in accounted bytes. */
  apply(update: PartitionUpdate, nowSec: number): number {
    let grown = 0;
    if (update.partitionDeletion) this.partitionDeletion = maxDeletion(this.partitionDeletion, update.partitionDeletion);
    for (const rt of update.rangeTombstones) {
      insertSorted(this.rangeTombstoneList, rt);
      grown += rt.start.length + rt.end.length + CELL_OVERHEAD_BYTES;
    }
    for (const cell of update.cells) {
      // One tree walk when the name is new (the common case); a second only to reconcile.
      if (this.cells.set(cell, false)) {
        grown += cell.name.length + cell.value.length + CELL_OVERHEAD_BYTES;
      } else {
        const old = this.cells.get(cell.name)!;
        const winner = reconcile(old, cell, nowSec);
        if (winner !== old) {
          this.cells.set(winner, true);
          grown += winner.value.length - old.value.length;
        }
      }
    }
    return grown;
  }

  /** Cells with start <= name <= end, in forward or reverse order. */
  cursor(start: Buffer, end: Buffer, reversed: boolean): CellCursor {
    return this.cells.cursor(start, end, reversed);
  }

  rangeTombstones(start: Buffer, end: Buffer): readonly RangeTombstone[] {
    if (this.rangeTombstoneList.length === 0) return this.rangeTombstoneList;
    return this.rangeTombstoneList.filter((rt) => Buffer.compare(rt.start, end) <= 0 && Buffer.compare(start, rt.end) <= 0);
  }
}

function insertSorted(list: RangeTombstone[], rt: RangeTombstone): void {
  let i = list.length;
  while (i > 0 && Buffer.compare(list[i - 1]!.start, rt.start) > 0) i--;
  list.splice(i, 0, rt);
}

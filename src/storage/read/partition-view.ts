import type { Cell } from '../model/cell.js';
import type { DeletionTime, RangeTombstone } from '../model/deletion.js';
import type { PartitionData } from '../model/partition-data.js';
import { ArrayCellCursor, type CellCursor, EMPTY_CURSOR } from './cell-cursor.js';

/**
 * One source's view of one partition (a memtable partition, an SSTable's partition, or a
 * decoded `PartitionData`): what the merge needs to answer a slice query.
 */
export interface PartitionView {
  readonly key: Buffer;
  readonly partitionDeletion: DeletionTime;
  /** Range tombstones overlapping [start, end]. */
  rangeTombstones(start: Buffer, end: Buffer): readonly RangeTombstone[];
  /** Cells with start <= name <= end, forward or reverse. */
  cursor(start: Buffer, end: Buffer, reversed: boolean): CellCursor;
}

/** A view over a fully decoded partition (SSTable scans, compaction). */
export class DataPartitionView implements PartitionView {
  constructor(private readonly data: PartitionData) {}

  get key(): Buffer {
    return this.data.key;
  }

  get partitionDeletion(): DeletionTime {
    return this.data.partitionDeletion;
  }

  rangeTombstones(start: Buffer, end: Buffer): readonly RangeTombstone[] {
    const rts = this.data.rangeTombstones;
    if (rts.length === 0) return rts;
    return rts.filter((rt) => Buffer.compare(rt.start, end) <= 0 && Buffer.compare(start, rt.end) <= 0);
  }

  cursor(start: Buffer, end: Buffer, reversed: boolean): CellCursor {
    const cells = this.data.cells;
    const lo = lowerBound(cells, start);
    const hi = upperBound(cells, end); // exclusive
    if (lo >= hi) return EMPTY_CURSOR;
    if (!reversed) return new ArrayCellCursor(lo === 0 && hi === cells.length ? cells : cells.slice(lo, hi));
    let i = hi;
    return { next: () => (i > lo ? cells[--i]! : null) };
  }
}

/** First index whose name >= bound. */
function lowerBound(cells: readonly Cell[], bound: Buffer): number {
  let lo = 0;
  let hi = cells.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (Buffer.compare(cells[mid]!.name, bound) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose name > bound. */
function upperBound(cells: readonly Cell[], bound: Buffer): number {
  let lo = 0;
  let hi = cells.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (Buffer.compare(cells[mid]!.name, bound) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

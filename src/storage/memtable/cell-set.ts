import { BTree } from '../../util/btree.js';
import { compareBytes } from '../../util/compare-bytes.js';
import type { Cell } from '../model/cell.js';
import { ArrayCellCursor, type CellCursor, EMPTY_CURSOR } from '../read/cell-cursor.js';

/**
 * A memtable partition's cells by name: a sorted array while the partition is small (most are:
 * one row of a few cells), a B+tree once it grows past ARRAY_CELLS_MAX. A new partition then
 * costs one array instead of a tree with its nodes, and a write to a small one a binary search
 * over a few adjacent names instead of a tree walk (bench:cql-in-process `--shapes=layers`,
 * engine layer; docs/PERFORMANCE.md).
 */
const ARRAY_CELLS_MAX = 32;
/** A tree of at most this many cells is read by copying the matching cells into an array. */
const COPIED_CELLS_MAX = 16;

export class CellSet {
  private array: Cell[] | null = [];
  private tree: BTree<Buffer, Cell> | null = null;

  get size(): number {
    return this.array !== null ? this.array.length : this.tree!.size;
  }

  /** The cell named `name`, if any. */
  get(name: Buffer): Cell | undefined {
    if (this.array === null) return this.tree!.get(name);
    const i = search(this.array, name);
    return i >= 0 ? this.array[i] : undefined;
  }

  /**
   * Adds `cell` when its name is new (true); else, when `replace`, puts it in place of the cell of
   * that name, and answers false.
   */
  set(cell: Cell, replace: boolean): boolean {
    const a = this.array;
    if (a === null) return this.tree!.set(cell.name, cell, replace);
    const i = search(a, cell.name);
    if (i >= 0) {
      if (replace) a[i] = cell;
      return false;
    }
    if (a.length < ARRAY_CELLS_MAX) {
      a.splice(-i - 1, 0, cell);
      return true;
    }
    this.tree = new BTree<Buffer, Cell>(undefined, compareBytes);
    for (const c of a) this.tree.set(c.name, c);
    this.array = null;
    return this.tree.set(cell.name, cell, false);
  }

  /**
   * The cells with start <= name <= end, in name order or reversed. A small set's are copied out
   * (a tree iterator costs more to set up than a few cells copied: most reads are by key).
   */
  cursor(start: Buffer, end: Buffer, reversed: boolean): CellCursor {
    if (this.size === 0 || compareBytes(start, end) > 0) return EMPTY_CURSOR;
    const a = this.array;
    if (a !== null || this.tree!.size <= COPIED_CELLS_MAX) {
      const out: Cell[] = [];
      if (a !== null) {
        for (let i = lowerBound(a, start); i < a.length && compareBytes(a[i]!.name, end) <= 0; i++) out.push(a[i]!);
      } else {
        this.tree!.forRange(start, end, true, (_name, cell) => {
          out.push(cell);
        });
      }
      if (reversed) out.reverse();
      return new ArrayCellCursor(out);
    }
    const it = reversed ? this.tree!.entriesReversed(end) : this.tree!.entries(start);
    return {
      next(): Cell | null {
        const r = it.next();
        if (r.done) return null;
        const cell = r.value[1];
        if (reversed ? compareBytes(cell.name, start) < 0 : compareBytes(cell.name, end) > 0) return null;
        return cell;
      },
    };
  }

  /** Every cell in name order: the set's own array while small, so read it before the next write. */
  values(): readonly Cell[] {
    return this.array !== null ? this.array : this.tree!.valuesArray();
  }
}


/** Index of `name` in `a`, or -(insertion point) - 1. */
function search(a: readonly Cell[], name: Buffer): number {
  let lo = 0;
  let hi = a.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const c = compareBytes(a[mid]!.name, name);
    if (c < 0) lo = mid + 1;
    else if (c > 0) hi = mid - 1;
    else return mid;
  }
  return -lo - 1;
}

/** The first index whose name is >= `name`. */
function lowerBound(a: readonly Cell[], name: Buffer): number {
  const i = search(a, name);
  return i >= 0 ? i : -i - 1;
}

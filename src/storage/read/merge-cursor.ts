import { compareBytes } from '../../util/compare-bytes.js';
import type { Cell } from '../model/cell.js';
import { reconcile } from '../model/reconcile.js';
import type { CellCursor } from './cell-cursor.js';

/**
 * Merges cursors that each yield cells in the same direction into one cursor in that direction,
 * reconciling versions of the same name. Sources are few (memtables + the SSTables that may hold
 * the partition), so the heads are scanned linearly rather than kept in a heap.
 */
export class MergeCellCursor implements CellCursor {
  private readonly heads: (Cell | null)[];
  private readonly sign: number;

  constructor(
    private readonly sources: readonly CellCursor[],
    reversed: boolean,
    private readonly nowSec: number,
  ) {
    this.heads = sources.map((s) => s.next());
    this.sign = reversed ? -1 : 1;
  }

  next(): Cell | null {
    const heads = this.heads;
    let best: Cell | null = null;
    for (let i = 0; i < heads.length; i++) {
      const h = heads[i]!;
      if (h === null) continue;
      if (best === null || this.sign * compareBytes(h.name, best.name) < 0) best = h;
    }
    if (best === null) return null;
    let winner: Cell = best;
    for (let i = 0; i < heads.length; i++) {
      const h = heads[i]!;
      if (h !== null && (h === best || compareBytes(h.name, best.name) === 0)) {
        winner = h === best ? winner : reconcile(winner, h, this.nowSec);
        heads[i] = this.sources[i]!.next();
      }
    }
    return winner;
  }
}

/** Convenience: one source needs no merging. */
export function mergeCursors(sources: readonly CellCursor[], reversed: boolean, nowSec: number): CellCursor {
  return sources.length === 1 ? sources[0]! : new MergeCellCursor(sources, reversed, nowSec);
}

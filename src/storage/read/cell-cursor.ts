import type { Cell } from '../model/cell.js';

/** A pull-based stream of cells in one direction of name order; `null` when exhausted. */
export interface CellCursor {
  next(): Cell | null;
}

/** A cursor over an array already in the cursor's order. */
export class ArrayCellCursor implements CellCursor {
  private i = 0;
  constructor(private readonly cells: readonly Cell[]) {}
  next(): Cell | null {
    return this.i < this.cells.length ? this.cells[this.i++]! : null;
  }
}

export const EMPTY_CURSOR: CellCursor = { next: () => null };

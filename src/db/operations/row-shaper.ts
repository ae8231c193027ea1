/**
 * What a read makes of one row's cells. The operations read engine cells and hand each row to a
 * RowShaper: the Thrift shaper builds ColumnOrSuperColumns (what the wire servers send), the
 * TypeScript API's shaper builds its ordered Maps straight from the cells (no intermediate
 * objects), and the counting shaper only counts. One read path, many result shapes.
 */
import type { ColumnFamilyDef } from '../../schema/index.js';
import { type Cell, isLive } from '../../storage/model/index.js';
import { superColumnGroupLength } from './thrift-cell-layout.js';
import type { SliceLevel } from './predicate-query.js';
import { toColumnsOrSuperColumns } from './thrift-results.js';
import type { ColumnOrSuperColumn } from './thrift-types.js';

export interface RowShaper<R> {
  /**
   * One row's cells at `level`, in query order (descending when `reversed`). Dead cells may be
   * among them (range scans keep tombstones to find the rows): skip those not `isLive` at `nowSec`.
   */
  shape(cf: ColumnFamilyDef, level: SliceLevel, cells: readonly Cell[], nowSec: number, reversed: boolean): R;
  /**
   * Present when a row's successive read steps may be shaped apart and combined (a count): the
   * row is then never held whole (slice-steps.ts). A step never splits a super column.
   */
  readonly merge?: (a: R, b: R) => R;
}

/** A row's key with its shaped slice (a KeySlice when the shape is Thrift's). */
export interface ShapedRow<R> {
  readonly key: Buffer;
  readonly columns: R;
}

export const THRIFT_SHAPER: RowShaper<ColumnOrSuperColumn[]> = {
  shape: (cf, level, cells, nowSec, reversed) => toColumnsOrSuperColumns(cf, level, cells, nowSec, reversed),
};

/** How many columns the slice holds (super columns at the super column level): get_count. */
export const COUNT_SHAPER: RowShaper<number> = {
  merge: (a, b) => a + b,
  shape(cf, level, cells, nowSec) {
    if (level !== 'superColumns') {
      let n = 0;
      for (const c of cells) if (isLive(c, nowSec)) n++;
      return n;
    }
    const groupLength = superColumnGroupLength(cf);
    let n = 0;
    let last: Buffer | null = null;
    let lastLength = 0;
    for (const c of cells) {
      if (!isLive(c, nowSec)) continue;
      const length = groupLength(c.name);
      if (last === null || length !== lastLength || c.name.compare(last, 0, lastLength, 0, length) !== 0) n++;
      last = c.name;
      lastLength = length;
    }
    return n;
  },
};

/**
 * SliceOptions → the operations' SlicePredicate: exact names, or a start/finish/count/reversed
 * range (empty bounds are open). When reversed, `start` is the high end, as in the 0.7 API.
 */
import { InvalidRequestError } from '../errors/index.js';
import type { SlicePredicate } from '../db/index.js';
import type { ColumnFamilyCodec, NameLevel } from './column-family-codec.js';
import type { SliceOptions } from './js-values.js';

/** The seeds' clients' default column count (Ruby's and pycassa's). */
export const DEFAULT_COLUMN_COUNT = 100;

const EMPTY = Buffer.alloc(0);

export function slicePredicate(codec: ColumnFamilyCodec, level: NameLevel, opts: SliceOptions = {}): SlicePredicate {
  if (opts.columns !== undefined) {
    if (opts.start !== undefined || opts.finish !== undefined) throw new InvalidRequestError('give either columns or a start/finish range, not both');
    return { columnNames: opts.columns.map((n) => codec.name(level, n)) };
  }
  const reversed = opts.reversed ?? false;
  const count = opts.count ?? DEFAULT_COLUMN_COUNT;
  const start = opts.start === undefined ? EMPTY : codec.name(level, opts.start, reversed ? 'high' : 'low');
  const finish = opts.finish === undefined ? EMPTY : codec.name(level, opts.finish, reversed ? 'low' : 'high');
  return { sliceRange: { start, finish, reversed, count } };
}

/** The level a slice reads: super columns of a Super CF's row, else columns (or one super column's sub-columns). */
export function sliceLevel(codec: ColumnFamilyCodec, superColumn: unknown): NameLevel {
  return codec.isSuper && superColumn === undefined ? 'super' : 'column';
}

/**
 * A SlicePredicate → the engine's SliceQuery, at one of three levels: a Standard CF's columns,
 * a Super CF's super columns (a count limits super columns: the query's group limit), or one
 * super column's sub-columns. Validation follows Cassandra 0.7's validatePredicate/validateRange.
 * A reversed SliceRange names its high end first (`start`), as Cassandra's API does; the engine
 * wants ascending slices, so the bounds are swapped here.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { AbstractType } from '../../marshal/index.js';
import type { ColumnFamilyDef } from '../../schema/index.js';
import { BOTTOM, TOP } from '../../storage/model/index.js';
import type { NameSlice, SliceQuery } from '../../storage/read/slice-query.js';
import { standardCellName, subColumnCellName, superColumnEnd, superColumnGroupLength, superColumnStart } from './thrift-cell-layout.js';
import type { SlicePredicate, SliceRange } from './thrift-types.js';
import { validateBound, validateName } from './thrift-validation.js';

/** Which names a predicate is about. */
export type SliceLevel = 'columns' | 'superColumns' | 'subColumns';

export function sliceLevel(cf: ColumnFamilyDef, superColumn: Buffer | undefined): SliceLevel {
  if (cf.columnType === 'Standard') return 'columns';
  return superColumn === undefined ? 'superColumns' : 'subColumns';
}

/** The type ordering the names a predicate at `level` talks about. */
export function levelNameType(cf: ColumnFamilyDef, level: SliceLevel): AbstractType {
  return level === 'subColumns' ? cf.subcomparator! : cf.comparator;
}

export function validatePredicate(cf: ColumnFamilyDef, level: SliceLevel, predicate: SlicePredicate): void {
  if (predicate === null || typeof predicate !== 'object') throw new InvalidRequestError('A SlicePredicate is required');
  const { columnNames, sliceRange } = predicate;
  if ((columnNames === undefined) === (sliceRange === undefined)) {
    throw new InvalidRequestError('A SlicePredicate must be given a list of Columns or a SliceRange, not both or neither');
  }
  const type = levelNameType(cf, level);
  if (columnNames !== undefined) {
    for (const n of columnNames) validateName(type, n, level === 'superColumns' ? 'super column name' : 'column name');
    return;
  }
  validateSliceRange(type, sliceRange!);
}

function validateSliceRange(type: AbstractType, range: SliceRange): void {
  if (!Number.isInteger(range.count) || range.count < 0) throw new InvalidRequestError('get_slice requires non-negative count');
  validateBound(type, range.start, 'range start');
  validateBound(type, range.finish, 'range finish');
  if (range.start.length === 0 || range.finish.length === 0) return;
  const order = type.compare(range.start, range.finish);
  if (range.reversed ? order < 0 : order > 0) throw new InvalidRequestError('range finish must come after start in the order of traversal');
}

/** The query for a validated predicate at `level` (`superColumn` is the parent's, for subColumns). */
export function predicateQuery(cf: ColumnFamilyDef, level: SliceLevel, superColumn: Buffer | undefined, predicate: SlicePredicate): SliceQuery {
  if (predicate.columnNames !== undefined) return namesQuery(cf, level, superColumn, predicate.columnNames);
  const range = predicate.sliceRange!;
  const low = range.reversed ? range.finish : range.start;
  const high = range.reversed ? range.start : range.finish;
  const slice = rangeSlice(cf, level, superColumn, low, high);
  if (level === 'superColumns') return { slices: [slice], reversed: range.reversed, groupLimit: range.count, groupLength: superColumnGroupLength(cf) };
  return { slices: [slice], reversed: range.reversed, cellLimit: range.count };
}

/** One slice per distinct name, in byte (= comparator) order, as the engine requires. */
function namesQuery(cf: ColumnFamilyDef, level: SliceLevel, superColumn: Buffer | undefined, names: readonly Buffer[]): SliceQuery {
  const slices: NameSlice[] = names.map((n) => {
    if (level === 'superColumns') return { start: superColumnStart(cf, n), end: superColumnEnd(cf, n) };
    const name = level === 'columns' ? standardCellName(cf, n) : subColumnCellName(cf, superColumn!, n);
    return { start: name, end: name };
  });
  slices.sort((a, b) => Buffer.compare(a.start, b.start));
  const distinct = slices.filter((s, i) => i === 0 || !s.start.equals(slices[i - 1]!.start));
  return { slices: distinct, reversed: false };
}

/** Inclusive bounds from names (empty = unbounded) at `level`. */
export function rangeSlice(cf: ColumnFamilyDef, level: SliceLevel, superColumn: Buffer | undefined, low: Buffer, high: Buffer): NameSlice {
  switch (level) {
    case 'columns':
      return { start: low.length === 0 ? BOTTOM : standardCellName(cf, low), end: high.length === 0 ? TOP : standardCellName(cf, high) };
    case 'superColumns':
      return { start: low.length === 0 ? BOTTOM : superColumnStart(cf, low), end: high.length === 0 ? TOP : superColumnEnd(cf, high) };
    case 'subColumns':
      return {
        start: low.length === 0 ? superColumnStart(cf, superColumn!) : subColumnCellName(cf, superColumn!, low),
        end: high.length === 0 ? superColumnEnd(cf, superColumn!) : subColumnCellName(cf, superColumn!, high),
      };
  }
}

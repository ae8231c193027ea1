/**
 * Writing one column's value as cells: a simple (or frozen) value is one cell; a multi-cell
 * collection or UDT is one cell per element — list elements under new TimeUUID paths (appends
 * increasing, prepends decreasing, as Cassandra does), set elements as paths with empty values,
 * map entries and UDT fields as path → value. Overwriting a whole multi-cell value first deletes
 * the column with a range tombstone one microsecond before the write, so the new elements survive.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { ListType, MapType, type MultiCellType, SetType, UserType, isMultiCellType, makeTimeUuid, readCollectionValues, unixMsToTimestamp, valueComparable } from '../../marshal/index.js';
import type { CqlColumn } from '../../schema/index.js';
import type { CqlContext } from '../execution/index.js';
import type { OperationEnv } from './operation.js';

/** Cassandra's reference instant for prepended list elements (2010-01-01T00:00:00Z). */
const PREPEND_REFERENCE_MS = 1262304000000;
/** Prepended elements per statement: they take successive 100 ns ticks of one millisecond. */
const PREPEND_ELEMENTS_MAX = 10000;

/** The multi-cell type of a column, or null when it is stored as one cell. */
export function multiCellTypeOf(column: CqlColumn): MultiCellType | null {
  const t = column.type;
  return isMultiCellType(t) && t.isMultiCell ? t : null;
}

/** The name of the cell holding a column's element at serialized path `path`. */
export function elementName(env: OperationEnv, column: CqlColumn, type: MultiCellType, path: Buffer): Buffer {
  return env.builder.layout.cellName(env.clustering, column, valueComparable(type.cellPathType, path));
}

export function simpleName(env: OperationEnv, column: CqlColumn): Buffer {
  return env.builder.layout.cellName(env.clustering, column);
}

/** Sets a column to `value` (null deletes it). */
export function writeColumnValue(env: OperationEnv, column: CqlColumn, value: Buffer | null): void {
  const type = multiCellTypeOf(column);
  if (type === null) {
    if (value === null) env.builder.addTombstone(simpleName(env, column), env.params);
    else env.builder.addCell(simpleName(env, column), value, env.params);
    return;
  }
  const layout = env.builder.layout;
  const start = layout.columnStart(env.clustering, column);
  const end = layout.columnEnd(env.clustering, column);
  if (value === null) {
    env.builder.addRangeTombstone(start, end, env.params.timestamp, env.params.nowSec);
    return;
  }
  env.builder.addRangeTombstone(start, end, env.params.timestamp - 1n, env.params.nowSec);
  addElements(env, column, type, value, 'append');
}

/** Adds the elements of a serialized collection (or the fields of a UDT value) as cells. */
export function addElements(env: OperationEnv, column: CqlColumn, type: MultiCellType, value: Buffer, listMode: 'append' | 'prepend'): void {
  for (const { path, value: v } of cellsOf(env.ctx, type, value, listMode)) env.builder.addCell(elementName(env, column, type, path), v, env.params);
}

function cellsOf(ctx: CqlContext, type: MultiCellType, value: Buffer, listMode: 'append' | 'prepend'): { path: Buffer; value: Buffer }[] {
  if (type instanceof SetType || type instanceof MapType || type instanceof UserType) return type.toCells(value);
  if (type instanceof ListType) {
    const elements = listElements(type, value);
    const paths = listMode === 'append' ? elements.map(() => ctx.functionContext.nextTimeUuid()) : prependPaths(ctx, elements.length);
    return elements.map((v, i) => ({ path: paths[i]!, value: v }));
  }
  throw new InvalidRequestError(`${type.name} cannot be stored as cells`);
}

/** A serialized list's elements. */
export function listElements(type: ListType, value: Buffer): Buffer[] {
  return value.length === 0 ? [] : readCollectionValues(value, type.name, ['element']);
}

/**
 * TimeUUIDs for `n` prepended elements: the further the clock is past the reference instant, the
 * earlier they sort, so each prepend lands before the previous ones; within one prepend they keep
 * their order. A random clock sequence and node keep two prepends of one millisecond apart.
 */
function prependPaths(ctx: CqlContext, n: number): Buffer[] {
  if (n > PREPEND_ELEMENTS_MAX) throw new InvalidRequestError(`Too many list values to prepend: ${n} (at most ${PREPEND_ELEMENTS_MAX} at once)`);
  const nowMs = ctx.env.clock.nowMs();
  const base = unixMsToTimestamp(PREPEND_REFERENCE_MS - (nowMs - PREPEND_REFERENCE_MS));
  const node = Buffer.from(ctx.env.random.bytes(8));
  node[0] = (node[0]! & 0x3f) | 0x80;
  return Array.from({ length: n }, (_, i) => makeTimeUuid(base + BigInt(i), node));
}

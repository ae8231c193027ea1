/**
 * The console's row browser, a page of rows at a time (at most CONSOLE_ROWS_MAX rows, and
 * COLUMNS_PER_ROW_MAX columns or super columns of a row, SUB_COLUMNS_MAX sub-columns each, and
 * CELLS_PER_PAGE_MAX cells in all — a page past it is cut, its rows marked `truncated`):
 * - a column family made through Thrift (Standard or Super) is read with the node's 0.7
 *   operations (get_range_slices from the key after the last one shown), which give each
 *   column's timestamp and TTL; names decoded by the comparator (sub-columns by the
 *   subcomparator), values by the column's validator or the default one, keys by the key validator;
 * - a CQL table is read with SELECT … WRITETIME(c), TTL(c) for each regular column that has them
 *   (not non-frozen collections: WRITETIME/TTL refuse them, prepare-selector.ts, as Cassandra 4.0's
 *   Selectable.WritetimeOrTTL does), paged by the result's paging state.
 */
import type { ColumnFamilyDef } from '../../schema/index.js';
import { type AbstractType, isMultiCell } from '../../marshal/index.js';
import type { ThriftOperations } from '../../db/operations/thrift-operations.js';
import type { Column, KeySlice } from '../../db/operations/thrift-types.js';
import { CONSOLE_ROWS_MAX, type ConsoleCaller, type ConsoleCql } from './console-cql.js';
import { showValue } from './console-values.js';

export const COLUMNS_PER_ROW_MAX = 200;
export const SUB_COLUMNS_MAX = 100;
export const CELLS_PER_PAGE_MAX = 2000;

export interface ConsoleCell {
  readonly name: string | null;
  readonly value: string | null;
  /** Microseconds since the epoch, as text (a 64-bit number). */
  readonly timestamp?: string;
  readonly ttl?: number;
  /** A super column's sub-columns. */
  readonly columns?: ConsoleCell[];
}

export interface ConsoleRowsPage {
  readonly kind: 'thrift' | 'cql';
  readonly rows: { key: string | null; cells: ConsoleCell[]; truncated?: true }[];
  /** Where the next page starts: hex of the last key (Thrift) or of the paging state (CQL). */
  readonly next?: string;
}

export async function thriftRows(ops: ThriftOperations, cf: ColumnFamilyDef, after: string | undefined, count: number): Promise<ConsoleRowsPage> {
  const n = Math.max(1, Math.min(CONSOLE_ROWS_MAX, count));
  const start = after === undefined ? Buffer.alloc(0) : Buffer.from(after, 'hex');
  const slices = await ops.getRangeSlices(cf.keyspace, { columnFamily: cf.name }, { sliceRange: { start: Buffer.alloc(0), finish: Buffer.alloc(0), reversed: false, count: COLUMNS_PER_ROW_MAX } }, { startKey: start, endKey: Buffer.alloc(0), count: n + 1 });
  const page = (after === undefined ? slices : slices.filter((s) => !s.key.equals(start))).slice(0, n);
  const budget = { cells: CELLS_PER_PAGE_MAX };
  const rows = page.map((s) => {
    const { cells, cut } = cellsOf(cf, s, budget);
    return { key: showValue(cf.keyValidator, s.key), cells, ...(cut ? { truncated: true as const } : {}) };
  });
  const last = page[page.length - 1];
  return { kind: 'thrift', rows, ...(page.length === n && last !== undefined ? { next: last.key.toString('hex') } : {}) };
}

/** The row's cells within what is left of the page's budget; `cut` when some were left out. */
function cellsOf(cf: ColumnFamilyDef, slice: KeySlice, budget: { cells: number }): { cells: ConsoleCell[]; cut: boolean } {
  const cells: ConsoleCell[] = [];
  let cut = false;
  for (const c of slice.columns) {
    if (budget.cells <= 0) return { cells, cut: true };
    if (c.superColumn !== undefined) {
      const sub = cf.subcomparator ?? cf.comparator;
      const subs = c.superColumn.columns.slice(0, Math.min(SUB_COLUMNS_MAX, budget.cells - 1));
      cut ||= subs.length < c.superColumn.columns.length;
      budget.cells -= subs.length + 1;
      cells.push({ name: showValue(cf.comparator, c.superColumn.name), value: null, columns: subs.map((s) => cell(sub, cf.defaultValidator, s)) });
    } else {
      const col = c.column!;
      const def = cf.columnMetadata.find((m) => m.name.equals(col.name));
      budget.cells--;
      cells.push(cell(cf.comparator, def?.validator ?? cf.defaultValidator, col));
    }
  }
  return { cells, cut: cut || slice.columns.length >= COLUMNS_PER_ROW_MAX };
}

function cell(nameType: AbstractType, valueType: AbstractType, c: Column): ConsoleCell {
  return { name: showValue(nameType, c.name), value: showValue(valueType, c.value), timestamp: c.timestamp.toString(), ...(c.ttl === undefined || c.ttl === 0 ? {} : { ttl: c.ttl }) };
}

export async function cqlRows(cql: ConsoleCql, cf: ColumnFamilyDef, after: string | undefined, count: number, caller: ConsoleCaller): Promise<ConsoleRowsPage> {
  const t = cf.cql;
  const keyCols = [...t.partitionKey, ...t.clustering];
  const timed = [...t.statics, ...t.regular].filter((c) => !isMultiCell(c.type));
  const q = (n: string) => `"${n.replace(/"/g, '""')}"`;
  const selectors = [...keyCols, ...t.statics, ...t.regular].map((c) => q(c.name));
  for (const c of timed) selectors.push(`WRITETIME(${q(c.name)})`, `TTL(${q(c.name)})`);
  const query = `SELECT ${selectors.join(', ')} FROM ${q(cf.keyspace)}.${q(cf.name)}`;
  const r = await cql.run({ query, pageSize: count, ...(after === undefined ? {} : { pagingState: after }) }, caller);
  const valueCols = [...t.statics, ...t.regular];
  const rows = r.rows.map((row) => {
    const key = keyCols.map((c, i) => `${c.name}=${row[i] ?? 'null'}`).join(', ');
    const cells: ConsoleCell[] = valueCols.map((c, i) => {
      const value = row[keyCols.length + i] ?? null;
      const ti = timed.indexOf(c);
      if (ti === -1) return { name: c.name, value };
      const at = keyCols.length + valueCols.length + ti * 2;
      const ttl = row[at + 1];
      return { name: c.name, value, ...(row[at] == null ? {} : { timestamp: row[at]! }), ...(ttl == null ? {} : { ttl: Number(ttl) }) };
    });
    return { key, cells };
  });
  return { kind: 'cql', rows, ...(r.pagingState === undefined ? {} : { next: r.pagingState }) };
}

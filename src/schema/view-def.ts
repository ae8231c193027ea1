/**
 * A materialized view's definition beside its table (Cassandra's ViewMetadata): the view is a
 * column family of its own (its own storage, read like any table) whose `view` field names the base
 * table, whether it was made with SELECT *, and its WHERE clause — as text for system_schema.views
 * and DESCRIBE, and as the filters a base row must pass to have a view row (`IS NOT NULL` on any
 * column; `=`, `<`, `<=`, `>`, `>=` or `IN` on a base primary key column, or on consecutive
 * clustering columns as one tuple `(c, d) > (1, 2)`; values serialized).
 * Stored as `{column, op, values}` (hex values), `columns` added for a multi-column relation; a
 * filter stored before ops existed has `equals` instead: null for IS NOT NULL, else the value of `=`.
 */
import type { ColumnFamilyDef } from './column-family-def.js';
import type { KeyspaceDef } from './keyspace-def.js';

export type ViewFilterOp = 'IS NOT NULL' | '=' | '<' | '<=' | '>' | '>=' | 'IN';

export interface ViewFilter {
  /** The column restricted (a multi-column relation's first). */
  readonly column: string;
  /** A multi-column relation's clustering columns in primary key order; absent for one column. */
  readonly columns?: readonly string[];
  readonly op: ViewFilterOp;
  /**
   * The serialized values compared with: none for IS NOT NULL, one for a comparison, any for IN;
   * for a multi-column relation each tuple's values one after the other (`columns.length` a tuple).
   */
  readonly values: readonly Buffer[];
}

/** The columns a filter restricts. */
export const filterColumns = (f: ViewFilter): readonly string[] => f.columns ?? [f.column];

export interface ViewDef {
  readonly baseTableId: string;
  readonly baseTableName: string;
  /** Made with SELECT *: columns added to the base later join the view (system_schema.views include_all_columns). */
  readonly includeAllColumns: boolean;
  /** The WHERE clause as Cassandra prints it (`k IS NOT NULL AND c = 1`). */
  readonly whereClause: string;
  readonly filters: readonly ViewFilter[];
}

/** The views whose base table is `baseId`, in the keyspace's table order. */
export function viewsOfTable(ks: KeyspaceDef | undefined, baseId: string): ColumnFamilyDef[] {
  return ks === undefined ? [] : ks.tables.filter((t) => t.view !== null && t.view.baseTableId === baseId);
}

export function viewToObject(v: ViewDef): object {
  return {
    base_table_id: v.baseTableId,
    base_table_name: v.baseTableName,
    include_all_columns: v.includeAllColumns,
    where_clause: v.whereClause,
    filters: v.filters.map((f) => ({ column: f.column, ...(f.columns === undefined ? {} : { columns: f.columns }), op: f.op, values: f.values.map((b) => b.toString('hex')) })),
  };
}

export function viewFromObject(o: Record<string, unknown>): ViewDef {
  const filters = Array.isArray(o.filters) ? (o.filters as Record<string, unknown>[]) : [];
  return Object.freeze({
    baseTableId: String(o.base_table_id),
    baseTableName: String(o.base_table_name),
    includeAllColumns: o.include_all_columns === true,
    whereClause: String(o.where_clause),
    filters: Object.freeze(filters.map(filterFromObject)),
  });
}

function filterFromObject(f: Record<string, unknown>): ViewFilter {
  const column = String(f.column);
  if (typeof f.op !== 'string') {
    // Stored before comparisons and IN: `equals` null for IS NOT NULL, else the value of `=`.
    const equals = f.equals === null || f.equals === undefined ? null : Buffer.from(String(f.equals), 'hex');
    return Object.freeze({ column, op: equals === null ? 'IS NOT NULL' : '=', values: Object.freeze(equals === null ? [] : [equals]) });
  }
  const values = Array.isArray(f.values) ? f.values.map((v) => Buffer.from(String(v), 'hex')) : [];
  const columns = Array.isArray(f.columns) ? { columns: Object.freeze(f.columns.map(String)) } : {};
  return Object.freeze({ column, ...columns, op: f.op as ViewFilterOp, values: Object.freeze(values) });
}

/**
 * A materialized view's definition beside its table (Cassandra's ViewMetadata): the view is a
 * column family of its own (its own storage, read like any table) whose `view` field names the base
 * table, whether it was made with SELECT *, and its WHERE clause — as text for system_schema.views
 * and DESCRIBE, and as the filters a base row must pass to have a view row (`IS NOT NULL` on any
 * selected column, `=` on a base primary key column, the value serialized).
 */
import type { ColumnFamilyDef } from './column-family-def.js';
import type { KeyspaceDef } from './keyspace-def.js';

export interface ViewFilter {
  readonly column: string;
  /** null: IS NOT NULL; otherwise the serialized value the column must equal. */
  readonly equals: Buffer | null;
}

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
    filters: v.filters.map((f) => ({ column: f.column, equals: f.equals === null ? null : f.equals.toString('hex') })),
  };
}

export function viewFromObject(o: Record<string, unknown>): ViewDef {
  const filters = Array.isArray(o.filters) ? (o.filters as Record<string, unknown>[]) : [];
  return Object.freeze({
    baseTableId: String(o.base_table_id),
    baseTableName: String(o.base_table_name),
    includeAllColumns: o.include_all_columns === true,
    whereClause: String(o.where_clause),
    filters: Object.freeze(filters.map((f) => Object.freeze({ column: String(f.column), equals: f.equals === null || f.equals === undefined ? null : Buffer.from(String(f.equals), 'hex') }))),
  });
}

/**
 * What a conditional statement (or batch) returns, as Cassandra returns it: one row with the
 * boolean `[applied]` column first (keyspace and table are the statement's). When not applied the
 * rows read follow, with the columns the conditions read (every column for IF EXISTS and IF NOT
 * EXISTS; a batch adds the primary key columns first); no row when nothing exists.
 */
import { BOOLEAN_TYPE } from '../../marshal/index.js';
import type { ColumnFamilyDef, CqlColumn } from '../../schema/index.js';
import type { ColumnSpec, RowsResult } from '../execution/index.js';
import { decodePartitionKey } from '../../db/cql-layout/partition-key.js';
import type { RowData } from '../storage/row-assembler.js';
import { columnSpec } from './bind-operations.js';
import { currentValue } from './current-values.js';

export function appliedSpec(cf: ColumnFamilyDef): ColumnSpec {
  return { keyspace: cf.keyspace, table: cf.name, name: '[applied]', type: BOOLEAN_TYPE };
}

const TRUE = Buffer.from([1]);
const FALSE = Buffer.from([0]);

export function appliedResult(cf: ColumnFamilyDef): RowsResult {
  return { kind: 'rows', columns: [appliedSpec(cf)], rows: [[TRUE]] };
}

/** One row as read: its clustering (null for the static row alone), its data and the statics. */
export interface ReadRow {
  readonly clustering: readonly Buffer[] | null;
  readonly row: RowData | null;
  readonly statics: RowData | null;
}

/**
 * The not-applied result: `columns` null means every column (in SELECT * order: partition key,
 * clustering, static then regular columns by name).
 */
export function notAppliedResult(cf: ColumnFamilyDef, key: Buffer, columns: readonly CqlColumn[] | null, rows: readonly ReadRow[], isBatch: boolean): RowsResult {
  const selected = selectedColumns(cf, columns, isBatch);
  const pk = decodePartitionKey(cf.cql, key);
  const out: (Buffer | null)[][] = [];
  for (const r of rows) {
    if (r.row === null && r.statics === null) continue;
    out.push([
      FALSE,
      ...selected.map((c) => {
        switch (c.kind) {
          case 'partition_key':
            return pk[c.position] ?? null;
          case 'clustering':
            return r.row === null ? null : (r.clustering?.[c.position] ?? null);
          case 'static':
            return currentValue(r.statics, c);
          case 'regular':
            return currentValue(r.row, c);
        }
      }),
    ]);
  }
  if (out.length === 0) return { kind: 'rows', columns: [appliedSpec(cf)], rows: [[FALSE]] };
  return { kind: 'rows', columns: [appliedSpec(cf), ...selected.map((c) => columnSpec(cf, c))], rows: out };
}

function selectedColumns(cf: ColumnFamilyDef, columns: readonly CqlColumn[] | null, isBatch: boolean): CqlColumn[] {
  const t = cf.cql;
  if (columns === null) {
    const byName = (a: CqlColumn, b: CqlColumn) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
    return [...t.partitionKey, ...t.clustering, ...[...t.statics].sort(byName), ...[...t.regular].sort(byName)];
  }
  const out = new Set<CqlColumn>(isBatch ? [...t.partitionKey, ...t.clustering] : []);
  for (const c of columns) out.add(c);
  return [...out];
}

/**
 * Test support for CQL writes before SELECT exists: make a CQL table (cql-rows.ts's createFamily),
 * and read a table back from the engine as plain rows (every live row
 * of every partition, columns composed to JS values; multi-cell collections and UDTs folded into
 * their value). Rows come in partition (token) order, then clustering order.
 */
import { isMultiCellType } from '../../src/marshal/index.js';
import type { ColumnFamilyDef, CqlTableInput } from '../../src/schema/index.js';
import { BOTTOM, TOP } from '../../src/storage/model/index.js';
import { decodePartitionKey } from '../../src/db/cql-layout/partition-key.js';
import { assembleRows, type RowData } from '../../src/cql/storage/row-assembler.js';
import { TableLayout } from '../../src/db/cql-layout/table-layout.js';
import { createFamily } from './cql-rows.js';
import type { CqlTestNode } from './cql-test-node.js';

/** A CQL table (the keyspace made when missing), with a default TTL if asked. */
export function createTable(n: CqlTestNode, keyspace: string, name: string, cql: CqlTableInput, options: { defaultTimeToLive?: number } = {}): Promise<ColumnFamilyDef> {
  return createFamily(n, { keyspace, name, cql, ...options });
}

export type Row = Record<string, unknown>;

/** Every live row of the table (statics repeated on each row; a partition with only statics is one row). */
export function tableRows(n: CqlTestNode, keyspace: string, name: string): Row[] {
  const cf = n.ctx.schema().keyspace(keyspace)!.tables.find((t) => t.name === name)!;
  const layout = new TableLayout(cf);
  const nowSec = n.ctx.nowSec();
  const out: Row[] = [];
  for (const p of n.engine.scan(cf.id, undefined, undefined, { slices: [{ start: BOTTOM, end: TOP }], reversed: false }, 1_000_000, nowSec)) {
    const { statics, rows } = assembleRows(layout, p.cells, nowSec, false);
    const pk: Row = {};
    decodePartitionKey(cf.cql, p.key).forEach((v, i) => (pk[cf.cql.partitionKey[i]!.name] = cf.cql.partitionKey[i]!.type.compose(v)));
    const staticValues = columnsOf(cf, statics);
    if (rows.length === 0 && statics !== null) out.push({ ...pk, ...staticValues });
    for (const r of rows) {
      const row: Row = { ...pk };
      r.clustering.forEach((v, i) => (row[cf.cql.clustering[i]!.name] = cf.cql.clustering[i]!.type.compose(v)));
      out.push({ ...row, ...staticValues, ...columnsOf(cf, r) });
    }
  }
  return out;
}

/** The rows of one table with only the columns asked for (missing ones as null). */
export function pick(rows: readonly Row[], ...columns: string[]): Row[] {
  return rows.map((r) => Object.fromEntries(columns.map((c) => [c, r[c] ?? null])));
}

function columnsOf(cf: ColumnFamilyDef, row: RowData | null): Row {
  const out: Row = {};
  if (row === null) return out;
  for (const [name, v] of row.columns) {
    const column = cf.cql.columns.get(name)!;
    if (Array.isArray(v)) {
      const type = column.type;
      if (!isMultiCellType(type)) continue;
      out[name] = type.compose(type.fromCells(v.map((e) => ({ path: e.path, value: e.cell.value }))));
    } else {
      out[name] = column.type.compose((v as { value: Buffer }).value);
    }
  }
  return out;
}

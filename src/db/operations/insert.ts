/** insert: one column (or sub-column, when the parent names a super column) into one row. */
import type { RequestContext } from './request-context.js';
import { writableColumnFamily } from './column-family-lookup.js';
import { RowUpdateBuilder } from './row-update-builder.js';
import type { Column, ColumnParent, ConsistencyLevel } from './thrift-types.js';
import { validateColumnParent, validateKey } from './thrift-validation.js';

export async function insert(ctx: RequestContext, keyspace: string, key: Buffer, parent: ColumnParent, column: Column, cl: ConsistencyLevel): Promise<void> {
  const cf = writableColumnFamily(ctx.schema(), keyspace, parent.columnFamily);
  validateKey(cf, key);
  validateColumnParent(cf, parent);
  const row = new RowUpdateBuilder(cf, key, ctx.nowSec());
  row.addColumn(column, parent.superColumn);
  await ctx.store.apply([{ cf, update: row.build() }], cl);
}

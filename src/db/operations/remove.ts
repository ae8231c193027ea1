/**
 * remove: a column, a sub-column, a super column, or the whole row (a path naming only the column
 * family), at the client's timestamp.
 */
import type { RequestContext } from './request-context.js';
import { writableColumnFamily } from './column-family-lookup.js';
import { RowUpdateBuilder } from './row-update-builder.js';
import type { ColumnPath, ConsistencyLevel } from './thrift-types.js';
import { validateColumnPathOrParent, validateKey, validateTimestamp } from './thrift-validation.js';

export async function remove(ctx: RequestContext, keyspace: string, key: Buffer, path: ColumnPath, timestamp: bigint, cl: ConsistencyLevel): Promise<void> {
  const cf = writableColumnFamily(ctx.schema(), keyspace, path.columnFamily);
  validateKey(cf, key);
  validateColumnPathOrParent(cf, path);
  validateTimestamp(timestamp);
  const row = new RowUpdateBuilder(cf, key, ctx.nowSec());
  if (path.column !== undefined) row.deleteColumn(path.superColumn, path.column, timestamp);
  else if (path.superColumn !== undefined) row.deleteSuperColumn(path.superColumn, timestamp);
  else row.deleteRow(timestamp);
  await ctx.store.apply([{ cf, update: row.build() }], cl);
}

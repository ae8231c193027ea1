/**
 * remove: a column, a sub-column, a super column, or the whole row (a path naming only the column
 * family), at the client's timestamp.
 */
import type { OperationContext } from './operation-context.js';
import { lookupColumnFamily } from './column-family-lookup.js';
import { RowUpdateBuilder } from './row-update-builder.js';
import { writeRows } from './row-writer.js';
import type { ColumnPath } from './thrift-types.js';
import { validateColumnPathOrParent, validateKey, validateTimestamp } from './thrift-validation.js';

export async function remove(ctx: OperationContext, keyspace: string, key: Buffer, path: ColumnPath, timestamp: bigint): Promise<void> {
  const cf = lookupColumnFamily(ctx.schema(), keyspace, path.columnFamily);
  validateKey(cf, key);
  validateColumnPathOrParent(cf, path);
  validateTimestamp(timestamp);
  const row = new RowUpdateBuilder(cf, key, ctx.nowSec());
  if (path.column !== undefined) row.deleteColumn(path.superColumn, path.column, timestamp);
  else if (path.superColumn !== undefined) row.deleteSuperColumn(path.superColumn, timestamp);
  else row.deleteRow(timestamp);
  await writeRows(ctx, [{ cf, update: row.build() }]);
}

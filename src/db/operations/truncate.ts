/** truncate: removes all of a column family's data, and its KEYS indexes' entries with it. */
import type { OperationContext } from './operation-context.js';
import { lookupColumnFamily } from './column-family-lookup.js';

export async function truncate(ctx: OperationContext, keyspace: string, columnFamily: string): Promise<void> {
  const cf = lookupColumnFamily(ctx.schema(), keyspace, columnFamily);
  await ctx.engine.truncate(cf.id);
  for (const index of ctx.indexesOf(cf)) await ctx.engine.truncate(index.table.id);
}

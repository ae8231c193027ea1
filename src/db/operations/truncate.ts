/**
 * truncate: removes all of a column family's data, and its indexes' entries (KEYS or CQL) with it
 * — the data first, so a crash in between leaves entries without data (skipped by queries), never
 * data without entries; CQL-indexed writes wait at the table's gate meanwhile.
 */
import type { ColumnFamilyDef } from '../../schema/index.js';
import type { OperationContext } from './operation-context.js';
import { lookupColumnFamily } from './column-family-lookup.js';
import type { RequestContext } from './request-context.js';

/** The truncate request: the store truncates on every node of the ring (each with its indexes). */
export async function truncate(ctx: RequestContext, keyspace: string, columnFamily: string): Promise<void> {
  await ctx.store.truncate(lookupColumnFamily(ctx.schema(), keyspace, columnFamily));
}

/** A replica's own truncation of a column family and its index tables. */

export async function truncateWithIndexes(ctx: OperationContext, cf: ColumnFamilyDef): Promise<void> {
  const cql = ctx.cqlIndexesOf(cf)?.indexes ?? [];
  const run = async (): Promise<void> => {
    await ctx.engine.truncate(cf.id);
    for (const index of ctx.indexesOf(cf)) await ctx.engine.truncate(index.table.id);
    for (const index of cql) await ctx.engine.truncate(index.table.id);
  };
  // No CQL-indexed write may fall between the two truncations (table-gates.ts).
  return cql.length === 0 ? run() : ctx.tableGates.exclusive(cf.id, run);
}

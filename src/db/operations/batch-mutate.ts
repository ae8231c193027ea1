/**
 * batch_mutate: many rows and column families in one request. Every mutation is validated and
 * turned into one PartitionUpdate per (row, column family) before the first write, so a bad
 * mutation anywhere refuses the whole batch and writes nothing; each row is then applied
 * atomically (not the batch as a whole, as in Cassandra: an unlogged batch), each on its own
 * replicas at the level.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { RequestContext } from './request-context.js';
import { checkKeyspace, writableColumnFamily } from './column-family-lookup.js';
import { RowUpdateBuilder } from './row-update-builder.js';
import type { RowWrite } from './row-writer.js';
import type { ConsistencyLevel, Mutation, MutationMap } from './thrift-types.js';
import { validateKey } from './thrift-validation.js';

export function batchMutate(ctx: RequestContext, keyspace: string, mutationMap: MutationMap, cl: ConsistencyLevel): Promise<void> {
  let rows: RowWrite[];
  try {
    rows = buildBatch(ctx, keyspace, mutationMap);
  } catch (e) {
    return Promise.reject(e);
  }
  return ctx.store.apply(rows, cl);
}

function buildBatch(ctx: RequestContext, keyspace: string, mutationMap: MutationMap): RowWrite[] {
  const schema = ctx.schema();
  checkKeyspace(schema, keyspace);
  const nowSec = ctx.nowSec();
  // The same key may appear twice (an array, or distinct Buffers in a Map): merge into one row.
  const rows = new Map<string, RowUpdateBuilder>();
  for (const [key, byCf] of mutationMap) {
    for (const [cfName, mutations] of byCf) {
      const cf = writableColumnFamily(schema, keyspace, cfName);
      validateKey(cf, key);
      const id = `${cf.id}/${key.toString('latin1')}`;
      let row = rows.get(id);
      if (row === undefined) rows.set(id, (row = new RowUpdateBuilder(cf, key, nowSec)));
      for (const m of mutations) addMutation(row, m);
    }
  }
  return [...rows.values()].map((r) => ({ cf: r.cf, update: r.build() }));
}

function addMutation(row: RowUpdateBuilder, m: Mutation): void {
  if (m === null || typeof m !== 'object' || (m.columnOrSuperColumn === undefined) === (m.deletion === undefined)) {
    throw new InvalidRequestError('Mutation must have one and only one of column_or_supercolumn or deletion');
  }
  if (m.columnOrSuperColumn !== undefined) row.addColumnOrSuperColumn(m.columnOrSuperColumn);
  else row.addDeletion(m.deletion!);
}

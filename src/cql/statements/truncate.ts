/**
 * TRUNCATE [TABLE] t: removes every row of the table at once (DataStore.truncate), and of its
 * materialized views, as Cassandra's truncate of a base does; a view itself is refused.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { type CqlStatement, type Preparer, VOID_RESULT, lookupTable } from '../execution/index.js';
import type { TruncateStatement } from '../parser/index.js';

export const prepareTruncate: Preparer<TruncateStatement> = (stmt, _parsed, ctx, sessionKeyspace) => {
  const table = lookupTable(ctx, stmt.table, sessionKeyspace);
  if (table.virtual) throw new InvalidRequestError(`Error during truncate: Cannot truncate virtual table ${table.cf.keyspace}.${table.cf.name}`);
  // Cassandra 4.0 (TruncateStatement).
  if (table.cf.view !== null) throw new InvalidRequestError('Cannot TRUNCATE materialized view directly; must truncate base table instead');
  const statement: CqlStatement = {
    kind: 'truncate',
    bindVariables: [],
    pkIndexes: [],
    resultColumns: null,
    execute: async () => {
      // The definition may have changed (or gone) since prepare: truncate what is there now.
      const now = lookupTable(ctx, { keyspace: table.cf.keyspace, name: table.cf.name }, undefined);
      await now.store.truncate(now.cf);
      for (const view of ctx.schema().viewsOf(now.cf.id)) await now.store.truncate(view);
      return VOID_RESULT;
    },
  };
  return statement;
};

/** DROP MATERIALIZED VIEW [IF EXISTS] [ks.]v: the view's table and (after a snapshot) its data; its base is left as it is. */
import { InvalidRequestError } from '../../errors/index.js';
import { type Preparer, keyspaceOf } from '../execution/index.js';
import type { DropMaterializedViewStatement } from '../parser/index.js';
import { applySchemaChange, checkModifiable, schemaStatement } from './schema-statement.js';

export const prepareDropMaterializedView: Preparer<DropMaterializedViewStatement> = (stmt, _parsed, ctx, session) => {
  const keyspace = keyspaceOf(stmt.view, session);
  const name = stmt.view.name;
  return schemaStatement('dropMaterializedView', () => {
    checkModifiable(ctx, keyspace);
    return applySchemaChange(ctx, keyspace, (s) => {
      const ks = s.keyspace(keyspace);
      if (ks === undefined || !ks.tables.some((t) => t.name === name && t.view !== null)) {
        if (stmt.ifExists) return null;
        // Cassandra 4.0 (DropViewStatement).
        throw new InvalidRequestError(`Materialized view '${keyspace}.${name}' doesn't exist`);
      }
      return { schema: s.dropColumnFamily(keyspace, name), event: { change: 'DROPPED', target: 'TABLE', keyspace, name } };
    });
  });
};

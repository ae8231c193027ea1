/** DROP TABLE [IF EXISTS] [ks.]t: the table, its indexes and (after a snapshot) its data. */
import { InvalidRequestError } from '../../errors/index.js';
import { type Preparer, keyspaceOf } from '../execution/index.js';
import type { DropTableStatement } from '../parser/index.js';
import { applySchemaChange, checkModifiable, schemaStatement } from './schema-statement.js';

export const prepareDropTable: Preparer<DropTableStatement> = (stmt, _parsed, ctx, session) => {
  const keyspace = keyspaceOf(stmt.table, session);
  const name = stmt.table.name;
  return schemaStatement('dropTable', () => {
    checkModifiable(ctx, keyspace);
    return applySchemaChange(ctx, keyspace, (s) => {
      const ks = s.keyspace(keyspace);
      if (ks === undefined || !ks.tables.some((t) => t.name === name)) {
        if (stmt.ifExists) return null;
        throw new InvalidRequestError(ks === undefined ? `Keyspace '${keyspace}' doesn't exist` : `Table '${keyspace}.${name}' doesn't exist`);
      }
      // Cassandra 4.0 (DropTableStatement); a base with views is refused by the schema (Schema.dropColumnFamily).
      if (ks.tables.find((t) => t.name === name)!.view !== null) throw new InvalidRequestError('Cannot use DROP TABLE on a materialized view. Please use DROP MATERIALIZED VIEW instead.');
      return { schema: s.dropColumnFamily(keyspace, name), event: { change: 'DROPPED', target: 'TABLE', keyspace, name } };
    });
  });
};

/** DROP KEYSPACE [IF EXISTS] ks: its tables (and their data), types and indexes go with it. */
import { InvalidRequestError } from '../../errors/index.js';
import type { Preparer } from '../execution/index.js';
import type { DropKeyspaceStatement } from '../parser/index.js';
import { applySchemaChange, checkModifiable, schemaStatement } from './schema-statement.js';

export const prepareDropKeyspace: Preparer<DropKeyspaceStatement> = (stmt, _parsed, ctx) =>
  schemaStatement('dropKeyspace', () => {
    checkModifiable(ctx, stmt.keyspace);
    return applySchemaChange(ctx, stmt.keyspace, (s) => {
      if (s.keyspace(stmt.keyspace) === undefined) {
        if (stmt.ifExists) return null;
        throw new InvalidRequestError(`Keyspace '${stmt.keyspace}' doesn't exist`);
      }
      return { schema: s.dropKeyspace(stmt.keyspace), event: { change: 'DROPPED', target: 'KEYSPACE', keyspace: stmt.keyspace } };
    });
  });

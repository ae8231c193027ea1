/** ALTER KEYSPACE [IF EXISTS] ks WITH replication = {…} AND durable_writes = …. */
import { InvalidRequestError } from '../../errors/index.js';
import type { Preparer } from '../execution/index.js';
import type { AlterKeyspaceStatement } from '../parser/index.js';
import { asConfigurationError, keyspaceOptions, replicationForCluster } from './keyspace-options.js';
import { applySchemaChange, checkModifiable, schemaStatement } from './schema-statement.js';

export const prepareAlterKeyspace: Preparer<AlterKeyspaceStatement> = (stmt, _parsed, ctx) => {
  const options = keyspaceOptions(stmt.properties);
  return schemaStatement('alterKeyspace', () => {
    checkModifiable(ctx, stmt.keyspace, true);
    return applySchemaChange(ctx, stmt.keyspace, (s) => {
      if (s.keyspace(stmt.keyspace) === undefined) {
        if (stmt.ifExists) return null;
        throw new InvalidRequestError(`Keyspace '${stmt.keyspace}' doesn't exist`);
      }
      try {
        const replication = options.replication === undefined ? undefined : replicationForCluster(ctx, options.replication, stmt.keyspace);
        const schema = s.updateKeyspace(stmt.keyspace, { replication, durableWrites: options.durableWrites });
        return { schema, event: { change: 'UPDATED', target: 'KEYSPACE', keyspace: stmt.keyspace } };
      } catch (e) {
        throw asConfigurationError(e);
      }
    });
  });
};

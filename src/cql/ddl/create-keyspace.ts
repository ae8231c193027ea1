/** CREATE KEYSPACE [IF NOT EXISTS] ks WITH replication = {…} [AND durable_writes = …]. */
import { InvalidRequestError } from '../../errors/index.js';
import { AlreadyExistsError, createKeyspace } from '../../schema/index.js';
import type { Preparer } from '../execution/index.js';
import type { CreateKeyspaceStatement } from '../parser/index.js';
import { asConfigurationError, keyspaceOptions, replicationForCluster } from './keyspace-options.js';
import { applySchemaChange, checkModifiable, schemaStatement } from './schema-statement.js';

export const prepareCreateKeyspace: Preparer<CreateKeyspaceStatement> = (stmt, _parsed, ctx) => {
  const options = keyspaceOptions(stmt.properties);
  const input = options.replication;
  if (input === undefined) throw new InvalidRequestError("Missing mandatory option 'replication'");
  return schemaStatement('createKeyspace', () => {
    checkModifiable(ctx, stmt.keyspace, true);
    let def;
    try {
      const replication = replicationForCluster(ctx, input, stmt.keyspace);
      def = createKeyspace({ name: stmt.keyspace, replication, durableWrites: options.durableWrites }, ctx.env.random);
    } catch (e) {
      throw asConfigurationError(e);
    }
    return applySchemaChange(ctx, stmt.keyspace, (s) => {
      if (s.keyspace(stmt.keyspace) !== undefined) {
        if (stmt.ifNotExists) return null;
        throw new AlreadyExistsError(stmt.keyspace, '', `Cannot add existing keyspace "${stmt.keyspace}"`);
      }
      return { schema: s.addKeyspace(def), event: { change: 'CREATED', target: 'KEYSPACE', keyspace: stmt.keyspace } };
    });
  });
};

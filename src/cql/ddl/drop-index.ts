/** DROP INDEX [IF EXISTS] [ks.]name: from its CQL table, or from a Thrift column family's metadata (its entries go). */
import { InvalidRequestError } from '../../errors/index.js';
import { columnFamilyInputOf, createColumnFamily } from '../../schema/index.js';
import { type Preparer, keyspaceOf } from '../execution/index.js';
import type { DropIndexStatement } from '../parser/index.js';
import { findIndex } from './index-names.js';
import { applySchemaChange, checkModifiable, schemaStatement } from './schema-statement.js';

export const prepareDropIndex: Preparer<DropIndexStatement> = (stmt, _parsed, ctx, session) => {
  const keyspace = keyspaceOf(stmt.index, session);
  const name = stmt.index.name;
  return schemaStatement('dropIndex', () => {
    checkModifiable(ctx, keyspace);
    return applySchemaChange(ctx, keyspace, (s) => {
      const ks = s.keyspace(keyspace);
      const found = ks === undefined ? undefined : findIndex(ks, name);
      if (found === undefined) {
        if (stmt.ifExists) return null;
        throw new InvalidRequestError(`Index '${keyspace}.${name}' doesn't exist`);
      }
      const { cf } = found;
      const input = found.inMetadata
        ? { ...columnFamilyInputOf(cf), columnMetadata: cf.columnMetadata.map((c) => (c.indexName === name ? { name: c.name, validator: c.validator, indexType: null, indexName: null } : c)) }
        : { ...columnFamilyInputOf(cf), indexes: cf.indexes.filter((i) => i.name !== name) };
      return { schema: s.updateColumnFamily(createColumnFamily(input, ctx.env.random)), event: { change: 'UPDATED', target: 'TABLE', keyspace, name: cf.name } };
    });
  });
};

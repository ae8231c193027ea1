/** DROP TYPE [IF EXISTS] [ks.]name: refused while a table or another type uses it. */
import { InvalidRequestError } from '../../errors/index.js';
import { typeUsers, withTypes } from '../../schema/index.js';
import { type Preparer, keyspaceOf } from '../execution/index.js';
import type { DropTypeStatement } from '../parser/index.js';
import { applySchemaChange, checkModifiable, schemaStatement } from './schema-statement.js';

export const prepareDropType: Preparer<DropTypeStatement> = (stmt, _parsed, ctx, session) => {
  const keyspace = keyspaceOf(stmt.type, session);
  const name = stmt.type.name;
  return schemaStatement('dropType', () => {
    checkModifiable(ctx, keyspace);
    return applySchemaChange(ctx, keyspace, (s) => {
      const ks = s.keyspace(keyspace);
      if (ks === undefined || !ks.types.some((t) => t.typeName === name)) {
        if (stmt.ifExists) return null;
        throw new InvalidRequestError(`Type '${keyspace}.${name}' doesn't exist`);
      }
      const users = typeUsers(ks, name);
      if (users.types.length > 0) throw new InvalidRequestError(`Cannot drop user type '${keyspace}.${name}' as it is still used by user types ${users.types.map((t) => t.typeName).join(', ')}`);
      if (users.tables.length > 0) throw new InvalidRequestError(`Cannot drop user type '${keyspace}.${name}' as it is still used by tables ${users.tables.map((t) => t.name).join(', ')}`);
      return { schema: s.replaceKeyspace(withTypes(ks, ks.types.filter((t) => t.typeName !== name))), event: { change: 'DROPPED', target: 'TYPE', keyspace, name } };
    });
  });
};

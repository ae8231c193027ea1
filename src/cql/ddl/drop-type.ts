/** DROP TYPE [IF EXISTS] [ks.]name: refused while a function, an aggregate, a table or another type uses it. */
import { InvalidRequestError } from '../../errors/index.js';
import { type UserFunctionDef, refersToType, typeUsers, withTypes } from '../../schema/index.js';
import type { AbstractType } from '../../marshal/index.js';
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
      // Functions and aggregates first, then types, then tables: Cassandra 4.0's DropTypeStatement order.
      const functions = ks.functions.filter((d) => functionTypes(d).some((t) => refersToType(t, keyspace, name)));
      if (functions.length > 0) throw new InvalidRequestError(`Cannot drop user type '${keyspace}.${name}' as it is still used by functions ${functions.map((f) => `${f.keyspace}.${f.name}`).join(', ')}`);
      const users = typeUsers(ks, name);
      if (users.types.length > 0) throw new InvalidRequestError(`Cannot drop user type '${keyspace}.${name}' as it is still used by user types ${users.types.map((t) => t.typeName).join(', ')}`);
      if (users.tables.length > 0) throw new InvalidRequestError(`Cannot drop user type '${keyspace}.${name}' as it is still used by tables ${users.tables.map((t) => t.name).join(', ')}`);
      return { schema: s.replaceKeyspace(withTypes(ks, ks.types.filter((t) => t.typeName !== name))), event: { change: 'DROPPED', target: 'TYPE', keyspace, name } };
    });
  });
};

/** The types a function or aggregate names: arguments, return and (aggregates) state. */
function functionTypes(d: UserFunctionDef): readonly AbstractType[] {
  return d.kind === 'function' ? [...d.argumentTypes, d.returnType] : [...d.argumentTypes, d.stateType, d.returnType];
}

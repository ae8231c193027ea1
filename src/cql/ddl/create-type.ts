/** CREATE TYPE [IF NOT EXISTS] [ks.]name (field type, …): a user type of the keyspace. */
import { InvalidRequestError, MarshalError } from '../../errors/index.js';
import { type AbstractType, COUNTER_COLUMN_TYPE, UserType } from '../../marshal/index.js';
import { type Schema, withTypes } from '../../schema/index.js';
import { type Preparer, keyspaceOf } from '../execution/index.js';
import type { CreateTypeStatement, FieldDefinition } from '../parser/index.js';
import { resolveCqlType } from './resolve-type.js';
import { applySchemaChange, checkModifiable, schemaStatement } from './schema-statement.js';

export const prepareCreateType: Preparer<CreateTypeStatement> = (stmt, _parsed, ctx, session) => {
  const keyspace = keyspaceOf(stmt.type, session);
  const name = stmt.type.name;
  const seen = new Set<string>();
  for (const f of stmt.fields) {
    if (seen.has(f.name)) throw new InvalidRequestError(`Duplicate field name '${f.name}' in type '${name}'`);
    seen.add(f.name);
  }
  return schemaStatement('createType', () => {
    checkModifiable(ctx, keyspace);
    return applySchemaChange(ctx, keyspace, (s) => {
      const ks = s.keyspace(keyspace);
      if (ks === undefined) throw new InvalidRequestError(`Keyspace '${keyspace}' doesn't exist`);
      if (ks.types.some((t) => t.typeName === name)) {
        if (stmt.ifNotExists) return null;
        throw new InvalidRequestError(`A user type with name '${name}' already exists`);
      }
      const udt = makeUserType(keyspace, name, stmt.fields.map((f) => f.name), stmt.fields.map((f) => fieldType(f, keyspace, s)));
      return { schema: s.replaceKeyspace(withTypes(ks, [...ks.types, udt])), event: { change: 'CREATED', target: 'TYPE', keyspace, name } };
    });
  });
};

/** A field's type: no counters, no non-frozen user types. */
export function fieldType(f: FieldDefinition, keyspace: string, s: Schema): AbstractType {
  const t = resolveCqlType(f.type, keyspace, s);
  if (t === COUNTER_COLUMN_TYPE) throw new InvalidRequestError('A user type cannot contain counters');
  if (t instanceof UserType && t.isMultiCell) throw new InvalidRequestError('A user type cannot contain non-frozen UDTs');
  return t;
}

export function makeUserType(keyspace: string, name: string, fields: readonly string[], types: readonly AbstractType[]): UserType {
  try {
    return new UserType(keyspace, name, fields, types, true);
  } catch (e) {
    if (e instanceof MarshalError) throw new InvalidRequestError(e.message, { cause: e });
    throw e;
  }
}

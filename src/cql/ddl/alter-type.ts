/**
 * ALTER TYPE [IF EXISTS] [ks.]name ADD [IF NOT EXISTS] field type | RENAME [IF EXISTS] a TO b
 * [AND …]. Every table column and type using it takes the new definition (fields keep their
 * positions, which is what cells and serialized values are addressed by). Changing a field's
 * type is refused, as in Cassandra 4.0.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { UserType } from '../../marshal/index.js';
import { refersToType, withTypeReplaced } from '../../schema/index.js';
import { type Preparer, keyspaceOf } from '../execution/index.js';
import type { AlterTypeAction, AlterTypeStatement } from '../parser/index.js';
import { fieldType, makeUserType } from './create-type.js';
import { applySchemaChange, checkModifiable, schemaStatement } from './schema-statement.js';
import type { Schema } from '../../schema/index.js';

export const prepareAlterType: Preparer<AlterTypeStatement> = (stmt, _parsed, ctx, session) => {
  const keyspace = keyspaceOf(stmt.type, session);
  const name = stmt.type.name;
  if (stmt.action.kind === 'alterFieldType') throw new InvalidRequestError('Alterations of field types is not supported');
  return schemaStatement('alterType', () => {
    checkModifiable(ctx, keyspace);
    return applySchemaChange(ctx, keyspace, (s) => {
      const ks = s.keyspace(keyspace);
      const udt = ks?.types.find((t) => t.typeName === name);
      if (ks === undefined || udt === undefined) {
        if (stmt.ifExists) return null;
        throw new InvalidRequestError(`Type ${keyspace}.${name} doesn't exist`);
      }
      const next = alteredType(udt, stmt.action, s);
      if (next === null) return null;
      return { schema: s.replaceKeyspace(withTypeReplaced(ks, next, ctx.env.random)), event: { change: 'UPDATED', target: 'TYPE', keyspace, name } };
    });
  });
};

function alteredType(udt: UserType, action: AlterTypeAction, s: Schema): UserType | null {
  const label = `${udt.keyspace}.${udt.typeName}`;
  if (action.kind === 'addField') {
    const f = action.field;
    if (udt.fieldPosition(f.name) >= 0) {
      if (action.ifNotExists) return null;
      throw new InvalidRequestError(`Cannot add new field ${f.name} to type ${label}: a field with name ${f.name} already exists`);
    }
    const type = fieldType(f, udt.keyspace, s);
    if (refersToType(type, udt.keyspace, udt.typeName)) throw new InvalidRequestError(`Cannot add new field ${f.name} of type ${type.cqlName} to user type ${label} as it would create a circular reference`);
    return makeUserType(udt.keyspace, udt.typeName, [...udt.fieldNames, f.name], [...udt.fieldTypes, type]);
  }
  if (action.kind !== 'renameFields') throw new InvalidRequestError('Alterations of field types is not supported');
  const names = [...udt.fieldNames];
  let changed = false;
  for (const r of action.renames) {
    const i = names.indexOf(r.from);
    if (i < 0) {
      if (action.ifExists) continue;
      throw new InvalidRequestError(`Unknown field ${r.from} in user type ${label}`);
    }
    if (names.includes(r.to)) throw new InvalidRequestError(`Duplicate field name ${r.to} in type ${label}`);
    names[i] = r.to;
    changed = true;
  }
  return changed ? makeUserType(udt.keyspace, udt.typeName, names, udt.fieldTypes) : null;
}

/**
 * User types inside other types: whether a type refers to a user type (a type in use cannot be
 * dropped), and a type with one user type replaced by its new definition (ALTER TYPE changes every
 * table column, type, function and aggregate that uses it, frozen or not, however deeply nested).
 */
import type { Random } from '../env/index.js';
import { type AbstractType, CompositeType, ListType, MapType, ReversedType, SetType, TupleType, UserType } from '../marshal/index.js';
import { type ColumnFamilyDef, createColumnFamily } from './column-family-def.js';
import { columnFamilyInputOf, cqlTableInputOf } from './column-family-input.js';
import type { KeyspaceDef } from './keyspace-def.js';
import type { UserFunctionDef } from './function-defs.js';

/** The types directly inside `t` (elements, key and value, fields, components). */
export function innerTypes(t: AbstractType): readonly AbstractType[] {
  if (t instanceof ListType || t instanceof SetType) return [t.elements as AbstractType];
  if (t instanceof MapType) return [t.keys as AbstractType, t.valueType as AbstractType];
  if (t instanceof UserType || t instanceof TupleType || t instanceof CompositeType) return t.types;
  if (t instanceof ReversedType) return [t.baseType];
  return [];
}

/** True when `t` is or contains the user type keyspace.name. */
export function refersToType(t: AbstractType, keyspace: string, name: string): boolean {
  if (t instanceof UserType && t.keyspace === keyspace && t.typeName === name) return true;
  return innerTypes(t).some((x) => refersToType(x, keyspace, name));
}

/** `t` with every use of `udt`'s keyspace and name replaced by `udt` (freezing kept). */
export function replaceUserType(t: AbstractType, udt: UserType): AbstractType {
  if (!refersToType(t, udt.keyspace, udt.typeName)) return t;
  const r = (x: AbstractType) => replaceUserType(x, udt);
  if (t instanceof UserType) {
    if (t.keyspace === udt.keyspace && t.typeName === udt.typeName) return t.isMultiCell ? udt.unfreeze() : udt.freeze();
    return new UserType(t.keyspace, t.typeName, t.fieldNames, t.types.map(r), t.isMultiCell);
  }
  if (t instanceof ListType) return new ListType(r(t.elements as AbstractType), t.isMultiCell);
  if (t instanceof SetType) return new SetType(r(t.elements as AbstractType), t.isMultiCell);
  if (t instanceof MapType) return new MapType(r(t.keys as AbstractType), r(t.valueType as AbstractType), t.isMultiCell);
  if (t instanceof TupleType) return new TupleType(t.types.map(r));
  if (t instanceof ReversedType) return new ReversedType(r(t.baseType));
  if (t instanceof CompositeType) return new CompositeType(t.types.map(r));
  return t;
}

/** What uses the user type `name` of `ks`: its tables' columns and its other types. */
export function typeUsers(ks: KeyspaceDef, name: string): { tables: ColumnFamilyDef[]; types: UserType[] } {
  const tables = ks.tables.filter((t) => [...t.cql.columns.values()].some((c) => refersToType(c.type, ks.name, name)));
  const types = ks.types.filter((t) => t.typeName !== name && t.types.some((f) => refersToType(f, ks.name, name)));
  return { tables, types };
}

/** The keyspace with `udt` as the new definition of its type, in every type and table using it. */
export function withTypeReplaced(ks: KeyspaceDef, udt: UserType, random: Random): KeyspaceDef {
  let types = ks.types.map((t) => (t.typeName === udt.typeName ? udt.unfreeze() : t));
  // A type changes the types containing it, which change those containing them: repeat to a fixed point.
  for (let changed = true; changed; ) {
    changed = false;
    types = types.map((t) => {
      const next = types.reduce<AbstractType>((acc, other) => (other === t ? acc : replaceUserType(acc, other)), t) as UserType;
      if (next !== t && next.fullName !== t.fullName) changed = true;
      return next.fullName === t.fullName ? t : next.unfreeze();
    });
  }
  const tables = ks.tables.map((cf) => {
    if (cf.cql.fromThrift) return cf;
    const cols = [...cf.cql.columns.values()];
    if (!cols.some((c) => types.some((u) => refersToType(c.type, ks.name, u.typeName)))) return cf;
    const input = cqlTableInputOf(cf.cql);
    const fix = <C extends { type: AbstractType | string }>(c: C): C => ({ ...c, type: types.reduce<AbstractType>((acc, u) => replaceUserType(acc, u), c.type as AbstractType) });
    const cql = { ...input, partitionKey: input.partitionKey.map(fix), clustering: input.clustering?.map(fix), regular: input.regular?.map(fix), statics: input.statics?.map(fix) };
    return createColumnFamily({ ...columnFamilyInputOf(cf), cql }, random);
  });
  const retype = (t: AbstractType): AbstractType => types.reduce<AbstractType>((acc, u) => replaceUserType(acc, u), t);
  const functions = ks.functions.map((d): UserFunctionDef =>
    d.kind === 'function'
      ? Object.freeze({ ...d, argumentTypes: d.argumentTypes.map(retype), returnType: retype(d.returnType) })
      : Object.freeze({ ...d, argumentTypes: d.argumentTypes.map(retype), stateType: retype(d.stateType), returnType: retype(d.returnType) }),
  );
  return Object.freeze({ ...ks, types: Object.freeze(types), tables: Object.freeze(tables), functions: Object.freeze(functions) });
}

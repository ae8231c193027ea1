/**
 * A column's AbstractType → the native protocol's type option (DataTypeSpec), as Cassandra's
 * DataType.fromType does it: every CQL native type by its id (DateType is a timestamp, a counter
 * is a counter), list/set/map/tuple/udt with their parameters (frozen or not: the wire does not
 * say), ReversedType unwrapped, and anything without a CQL name (CompositeType, LexicalUUIDType,
 * EmptyType, DynamicCompositeType…) as `custom` with its full class name. The transport itself
 * sends the v4-only types to v3 clients as their class names.
 */
import { ListType, MapType, ReversedType, SetType, TupleType, UserType, type AbstractType } from '../marshal/index.js';
import type { DataTypeSpec, NativeTypeName } from '../transport/index.js';

const NATIVE: ReadonlyMap<string, NativeTypeName> = new Map<string, NativeTypeName>([
  ['ascii', 'ascii'],
  ['bigint', 'bigint'],
  ['blob', 'blob'],
  ['boolean', 'boolean'],
  ['counter', 'counter'],
  ['decimal', 'decimal'],
  ['double', 'double'],
  ['float', 'float'],
  ['int', 'int'],
  ['timestamp', 'timestamp'],
  ['uuid', 'uuid'],
  ['text', 'varchar'],
  ['varchar', 'varchar'],
  ['varint', 'varint'],
  ['timeuuid', 'timeuuid'],
  ['inet', 'inet'],
  ['date', 'date'],
  ['time', 'time'],
  ['smallint', 'smallint'],
  ['tinyint', 'tinyint'],
  ['duration', 'duration'],
]);

/** Converts `type`; conversions are cached per type object (result metadata is built per request). */
export class TypeSpecs {
  private readonly cache = new WeakMap<AbstractType, DataTypeSpec>();

  of(type: AbstractType): DataTypeSpec {
    let spec = this.cache.get(type);
    if (spec === undefined) this.cache.set(type, (spec = toDataTypeSpec(type)));
    return spec;
  }
}

export function toDataTypeSpec(type: AbstractType): DataTypeSpec {
  if (type instanceof ReversedType) return toDataTypeSpec(type.baseType);
  if (type instanceof ListType) return { kind: 'list', element: toDataTypeSpec(type.elements) };
  if (type instanceof SetType) return { kind: 'set', element: toDataTypeSpec(type.elements) };
  if (type instanceof MapType) return { kind: 'map', key: toDataTypeSpec(type.keys), value: toDataTypeSpec(type.valueType) };
  if (type instanceof UserType) {
    const fields = type.fieldNames.map((name, i) => ({ name, type: toDataTypeSpec(type.fieldTypes[i]!) }));
    return { kind: 'udt', keyspace: type.keyspace, name: type.typeName, fields };
  }
  if (type instanceof TupleType) return { kind: 'tuple', elements: type.types.map(toDataTypeSpec) };
  const native = type.cqlName === null ? undefined : NATIVE.get(type.cqlName);
  if (native !== undefined) return { kind: 'native', name: native };
  return { kind: 'custom', className: type.fullName };
}

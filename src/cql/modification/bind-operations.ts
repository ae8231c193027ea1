/**
 * UPDATE's assignments and DELETE's selections → operations, with their terms typed by the
 * column (markers named as Cassandra names them: `c`, `key(m)`, `value(m)`, `idx(l)`, `u.f`), and
 * Cassandra's refusals: unknown columns, primary key columns, setting a counter, adding to a
 * non-counter scalar, element operations on frozen or non-collection columns.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { INT32_TYPE, ListType, MapType, SetType, UserType, isStructured } from '../../marshal/index.js';
import type { ColumnFamilyDef, CqlColumn } from '../../schema/index.js';
import type { ColumnSpec } from '../execution/index.js';
import type { Assignment, ColumnPath } from '../parser/index.js';
import { type TermScope, bindTerm } from '../terms/index.js';
import { derivedSpec, fieldSpec, indexSpec, keySpec, valueSpec } from '../terms/receivers.js';
import { termText } from '../terms/term-text.js';
import { AddToCollection, RemoveFromCollection } from './collection-operations.js';
import { CounterUpdate } from './counter-operation.js';
import { DeleteColumn, DeleteElement, DeleteField } from './delete-operations.js';
import type { Operation } from './operation.js';
import { SetField, SetListElement, SetMapEntry, SetValue } from './set-operations.js';

export function columnSpec(cf: ColumnFamilyDef, column: CqlColumn): ColumnSpec {
  return { keyspace: cf.keyspace, table: cf.name, name: column.name, type: column.type };
}

export function lookupColumn(cf: ColumnFamilyDef, name: string): CqlColumn {
  const c = cf.cql.columns.get(name);
  if (c === undefined) throw new InvalidRequestError(`Undefined column name ${name}`);
  return c;
}

const isCounter = (c: CqlColumn): boolean => c.type.name === 'CounterColumnType';
const isFrozenStructure = (c: CqlColumn): boolean => isStructured(c.type) && !c.type.isMultiCell;

export function bindAssignment(a: Assignment, cf: ColumnFamilyDef, scope: TermScope): Operation {
  const name = a.kind === 'set' ? a.target.column : a.column;
  const column = lookupColumn(cf, name);
  if (column.kind === 'partition_key' || column.kind === 'clustering') throw new InvalidRequestError(`PRIMARY KEY part ${name} found in SET part`);
  const spec = columnSpec(cf, column);
  const type = column.type;
  if (a.kind === 'set') {
    const target = a.target;
    if (target.kind === 'column') {
      if (isCounter(column)) throw new InvalidRequestError(`Cannot set the value of counter column ${name} (counters can only be incremented/decremented, not set)`);
      return new SetValue(column, bindTerm(a.value, spec, scope));
    }
    const text = target.kind === 'element' ? `${name}[${termText(target.key)}] = ${termText(a.value)}` : `${name}.${target.field} = ${termText(a.value)}`;
    if (target.kind === 'element') {
      if (isFrozenStructure(column)) throw new InvalidRequestError(`Invalid operation (${text}) for frozen collection column ${name}`);
      if (type instanceof MapType) return new SetMapEntry(column, type, bindTerm(target.key, keySpec(spec, type.keys), scope), bindTerm(a.value, valueSpec(spec, type.valueType), scope));
      if (type instanceof ListType) return new SetListElement(column, type, bindTerm(target.key, indexSpec(spec, INT32_TYPE), scope), bindTerm(a.value, valueSpec(spec, type.elements), scope));
      throw new InvalidRequestError(`Invalid operation (${text}) for non list/map column ${name}`);
    }
    if (!(type instanceof UserType)) throw new InvalidRequestError(`Invalid operation (${text}) for non-UDT column ${name}`);
    if (!type.isMultiCell) throw new InvalidRequestError(`Invalid operation (${text}) for frozen UDT column ${name}`);
    const position = fieldPosition(type, name, target.field);
    return new SetField(column, type, position, bindTerm(a.value, fieldSpec(spec, target.field, type.fieldTypes[position]!), scope));
  }
  const text = a.kind === 'prepend' ? `${name} = ${termText(a.value)} + ${name}` : `${name} = ${name} ${a.kind === 'add' ? '+' : '-'} ${termText(a.value)}`;
  if (isCounter(column)) {
    if (a.kind === 'prepend') throw new InvalidRequestError(`Invalid operation (${text}) for non list column ${name}`);
    return new CounterUpdate(column, bindTerm(a.value, spec, scope), a.kind === 'add' ? 1n : -1n);
  }
  if (!(type instanceof ListType || type instanceof SetType || type instanceof MapType)) {
    throw new InvalidRequestError(a.kind === 'prepend' ? `Invalid operation (${text}) for non list column ${name}` : `Invalid operation (${text}) for non counter column ${name}`);
  }
  if (!type.isMultiCell) throw new InvalidRequestError(`Invalid operation (${text}) for frozen collection column ${name}`);
  if (a.kind === 'prepend') {
    if (!(type instanceof ListType)) throw new InvalidRequestError(`Invalid operation (${text}) for non list column ${name}`);
    return new AddToCollection(column, type, bindTerm(a.value, spec, scope), 'prepend');
  }
  if (a.kind === 'add') return new AddToCollection(column, type, bindTerm(a.value, spec, scope), 'append');
  const removed = type instanceof MapType ? derivedSpec(spec, name, new SetType(type.keys)) : spec;
  return new RemoveFromCollection(column, type, bindTerm(a.value, removed, scope));
}

export function bindDeletion(path: ColumnPath, cf: ColumnFamilyDef, scope: TermScope): Operation {
  const column = lookupColumn(cf, path.column);
  const name = column.name;
  if (column.kind === 'partition_key' || column.kind === 'clustering') throw new InvalidRequestError(`Invalid identifier ${name} for deletion (should not be a PRIMARY KEY part)`);
  const spec = columnSpec(cf, column);
  const type = column.type;
  switch (path.kind) {
    case 'column':
      return new DeleteColumn(column);
    case 'element': {
      if (!(type instanceof ListType || type instanceof SetType || type instanceof MapType)) throw new InvalidRequestError(`Invalid deletion operation for non collection column ${name}`);
      if (!type.isMultiCell) throw new InvalidRequestError(`Invalid deletion operation for frozen collection column ${name}`);
      const keyReceiver = type instanceof ListType ? indexSpec(spec, INT32_TYPE) : type instanceof MapType ? keySpec(spec, type.keys) : valueSpec(spec, type.elements);
      return new DeleteElement(column, type, bindTerm(path.key, keyReceiver, scope));
    }
    case 'field': {
      if (!(type instanceof UserType)) throw new InvalidRequestError(`Invalid deletion operation for non-UDT column ${name}`);
      if (!type.isMultiCell) throw new InvalidRequestError(`Frozen UDT column ${name} does not support field deletion`);
      return new DeleteField(column, type, fieldPosition(type, name, path.field));
    }
  }
}

function fieldPosition(type: UserType, column: string, field: string): number {
  const i = type.fieldPosition(field);
  if (i < 0) throw new InvalidRequestError(`UDT column ${column} does not have a field named ${field}`);
  return i;
}

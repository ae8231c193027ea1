/**
 * IF conditions of lightweight transactions (Cassandra's ColumnCondition), bound at prepare time
 * and checked against the current row under the partition lock: `c op v` for = != < <= > >=,
 * `c IN (..)` / `c IN ?`, `c CONTAINS v`, `c CONTAINS KEY k`, and the same on one element
 * `m[k]`, `l[i]` or one UDT field `u.f`. A missing value is null: `c = null` holds when the column
 * has no value; an ordering comparison with a null current value fails, with a null given value
 * is an error. An empty non-frozen collection counts as null, as Cassandra stores none.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { type AbstractType, INT32_TYPE, ListType, MapType, SetType, UserType, isStructured } from '../../marshal/index.js';
import type { ColumnFamilyDef, CqlColumn } from '../../schema/index.js';
import type { BoundValue, ColumnSpec } from '../execution/index.js';
import type { ColumnPath, Condition, ConditionOperator, Term } from '../parser/index.js';
import { type BoundTerm, type TermScope, bindTerm } from '../terms/index.js';
import { fieldSpec, inSpec, indexSpec, keySpec, valueSpec } from '../terms/receivers.js';
import type { RowData } from '../storage/row-assembler.js';
import { columnSpec, lookupColumn } from './bind-operations.js';
import { listElements } from './cell-writes.js';
import { currentValue } from './current-values.js';

export interface BoundCondition {
  readonly column: CqlColumn;
  /** Whether the condition holds for the row (or static row) as it is. */
  appliesTo(row: RowData | null, values: readonly BoundValue[]): boolean;
}

export function bindCondition(c: Condition, cf: ColumnFamilyDef, scope: TermScope): BoundCondition {
  const column = lookupColumn(cf, c.target.column);
  if (column.kind === 'partition_key' || column.kind === 'clustering') throw new InvalidRequestError(`PRIMARY KEY column '${column.name}' cannot have IF conditions`);
  const target = bindTarget(c.target, column, columnSpec(cf, column), scope);
  if (c.kind === 'in') {
    const values = c.values;
    if (values.kind === 'bindMarker') {
      const list = bindTerm(values, inSpec(target.spec, new ListType(target.spec.type)), scope);
      const elements = new ListType(target.spec.type);
      return condition(column, (row, v) => {
        const lv = list.evaluate(v);
        if (typeof lv === 'symbol') throw new InvalidRequestError("Invalid 'unset' value in condition");
        const current = target.current(row, v);
        return lv === null ? false : listElements(elements, lv).some((x) => equal(target.type, current, x));
      });
    }
    const terms = values.values.map((t) => bindTerm(t, target.spec, scope));
    return condition(column, (row, v) => {
      const current = target.current(row, v);
      return terms.some((t) => equal(target.type, current, given(t, v)));
    });
  }
  if (c.op === 'CONTAINS' || c.op === 'CONTAINS KEY') return containsCondition(c.op, target, column, scope, c.value);
  const term = bindTerm(c.value, target.spec, scope);
  const op = c.op;
  return condition(column, (row, v) => compare(op, target.type, target.current(row, v), given(term, v)));
}

function condition(column: CqlColumn, appliesTo: BoundCondition['appliesTo']): BoundCondition {
  return { column, appliesTo };
}

function given(term: BoundTerm, values: readonly BoundValue[]): Buffer | null {
  const v = term.evaluate(values);
  if (typeof v === 'symbol') throw new InvalidRequestError("Invalid 'unset' value in condition");
  return v;
}

/** What a condition reads: the column, or an element or field of it. */
interface Target {
  readonly spec: ColumnSpec;
  readonly type: AbstractType;
  current(row: RowData | null, values: readonly BoundValue[]): Buffer | null;
}

function bindTarget(path: ColumnPath, column: CqlColumn, spec: ColumnSpec, scope: TermScope): Target {
  const type = column.type;
  if (path.kind === 'column') {
    const multi = isStructured(type) && type.isMultiCell;
    return {
      spec,
      type,
      current: (row) => {
        const v = currentValue(row, column);
        return multi && v !== null && isEmptyCollection(type, v) ? null : v;
      },
    };
  }
  if (path.kind === 'field') {
    if (!(type instanceof UserType)) throw new InvalidRequestError(`Invalid field condition on non-UDT column ${column.name}`);
    const i = type.fieldPosition(path.field);
    if (i < 0) throw new InvalidRequestError(`Unknown field ${path.field} for column ${column.name}`);
    const fieldType = type.fieldTypes[i]!;
    return {
      spec: fieldSpec(spec, path.field, fieldType),
      type: fieldType,
      current: (row) => {
        const v = currentValue(row, column);
        return v === null ? null : (type.split(v)[i] ?? null);
      },
    };
  }
  if (type instanceof MapType) {
    const key = bindTerm(path.key, keySpec(spec, type.keys), scope);
    return {
      spec: valueSpec(spec, type.valueType),
      type: type.valueType,
      current: (row, values) => {
        const k = given(key, values);
        if (k === null) throw new InvalidRequestError(`Invalid null value for map element access in condition on ${column.name}`);
        const v = currentValue(row, column);
        return v === null ? null : (type.toCells(v).find((e) => type.keys.compare(e.path, k) === 0)?.value ?? null);
      },
    };
  }
  if (type instanceof ListType) {
    const index = bindTerm(path.key, indexSpec(spec, INT32_TYPE), scope);
    return {
      spec: valueSpec(spec, type.elements),
      type: type.elements,
      current: (row, values) => {
        const i = given(index, values);
        if (i === null) throw new InvalidRequestError(`Invalid null value for list index in condition on ${column.name}`);
        const v = currentValue(row, column);
        return v === null ? null : (listElements(type, v)[i.readInt32BE(0)] ?? null);
      },
    };
  }
  throw new InvalidRequestError(`Invalid element access syntax for non-collection column ${column.name}`);
}

function containsCondition(op: 'CONTAINS' | 'CONTAINS KEY', target: Target, column: CqlColumn, scope: TermScope, value: Term): BoundCondition {
  const type = target.type;
  let elementType: AbstractType;
  let spec: ColumnSpec;
  if (op === 'CONTAINS KEY') {
    if (!(type instanceof MapType)) throw new InvalidRequestError(`Unsupported "CONTAINS KEY" condition on non-map column ${column.name}`);
    elementType = type.keys;
    spec = keySpec(target.spec, elementType);
  } else {
    if (!(type instanceof ListType || type instanceof SetType || type instanceof MapType)) throw new InvalidRequestError(`Unsupported "CONTAINS" condition on non-collection column ${column.name}`);
    elementType = type instanceof MapType ? type.valueType : type.elements;
    spec = valueSpec(target.spec, elementType);
  }
  const term = bindTerm(value, spec, scope);
  return condition(column, (row, v) => {
    const x = given(term, v);
    if (x === null) throw new InvalidRequestError(`Invalid null value for ${op} condition on ${column.name}`);
    const current = target.current(row, v);
    if (current === null) return false;
    return collectionParts(type, current, op).some((e) => elementType.compare(e, x) === 0);
  });
}

/** A collection's elements (list, set), values or keys (map). */
function collectionParts(type: AbstractType, value: Buffer, op: 'CONTAINS' | 'CONTAINS KEY'): Buffer[] {
  if (type instanceof ListType) return listElements(type, value);
  if (type instanceof SetType) return type.toCells(value).map((c) => c.path);
  if (type instanceof MapType) return type.toCells(value).map((c) => (op === 'CONTAINS KEY' ? c.path : c.value));
  return [];
}

function isEmptyCollection(type: AbstractType, v: Buffer): boolean {
  return (type instanceof ListType || type instanceof SetType || type instanceof MapType) && (v.length === 0 || v.readInt32BE(0) === 0);
}

function equal(type: AbstractType, current: Buffer | null, x: Buffer | null): boolean {
  if (current === null || x === null) return current === x;
  return type.compare(current, x) === 0;
}

function compare(op: ConditionOperator, type: AbstractType, current: Buffer | null, x: Buffer | null): boolean {
  switch (op) {
    case '=':
      return equal(type, current, x);
    case '!=':
      return !equal(type, current, x);
    default: {
      if (x === null) throw new InvalidRequestError(`Invalid comparison with null for operator "${op}"`);
      if (current === null) return false;
      const c = type.compare(current, x);
      return op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0;
    }
  }
}

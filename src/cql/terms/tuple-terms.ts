/**
 * Tuple literals `(a, b)` and user-type literals `{f: a, g: b}` bound to their receiver: each
 * component is bound to its own receiver (`c[i]`, `c.f`); the value is the serialized tuple, null
 * components allowed, fields not mentioned null. Unknown fields and too many components are
 * Cassandra's errors.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { TupleType, UserType } from '../../marshal/index.js';
import type { BoundValue } from '../execution/bound-value.js';
import type { ColumnSpec } from '../execution/cql-result.js';
import { unwrapReversed } from '../functions/index.js';
import type { Term } from '../parser/index.js';
import type { BoundTerm } from './bound-term.js';
import type { BindFn } from './collection-terms.js';
import { constantTerm } from './bound-term.js';
import { derivedTerm } from './derived-term.js';
import { componentSpec, fieldSpec } from './receivers.js';
import type { TermScope } from './term-scope.js';

type TupleTerm = Extract<Term, { kind: 'tuple' }>;
type UdtTerm = Extract<Term, { kind: 'udt' }>;

export function bindTuple(term: TupleTerm, receiver: ColumnSpec, scope: TermScope, bind: BindFn): BoundTerm {
  const type = unwrapReversed(receiver.type);
  if (!(type instanceof TupleType)) throw new InvalidRequestError(`Invalid tuple type literal for ${receiver.name} of type ${type.cqlName ?? type.name}`);
  if (term.elements.length > type.types.length) {
    throw new InvalidRequestError(`Invalid tuple literal for ${receiver.name}: too many elements. Type ${type.cqlName} expects ${type.types.length} but got ${term.elements.length}`);
  }
  const parts = term.elements.map((e, i) => bind(e, componentSpec(receiver, i, type.types[i]!), scope));
  return derivedTerm(parts, (values) => type.build(values.map((v) => componentValue(v, receiver))));
}

export function bindUserTypeLiteral(term: UdtTerm, receiver: ColumnSpec, scope: TermScope, bind: BindFn): BoundTerm {
  const type = unwrapReversed(receiver.type);
  if (!(type instanceof UserType)) throw new InvalidRequestError(`Invalid user type literal for ${receiver.name} of type ${type.cqlName ?? type.name}`);
  const parts: BoundTerm[] = type.fieldNames.map(() => constantTerm(null));
  for (const { field, value } of term.fields) {
    const i = type.fieldPosition(field);
    if (i < 0) throw new InvalidRequestError(`Unknown field '${field}' in value of user defined type ${type.typeName}`);
    parts[i] = bind(value, fieldSpec(receiver, field, type.fieldTypes[i]!), scope);
  }
  return derivedTerm(parts, (values) => type.build(values.map((v) => componentValue(v, receiver))));
}

function componentValue(v: BoundValue, receiver: ColumnSpec): Buffer | null {
  if (typeof v === 'symbol') throw new InvalidRequestError(`Invalid unset value in ${receiver.name}`);
  return v;
}

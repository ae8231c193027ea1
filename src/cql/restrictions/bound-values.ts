/**
 * Values of WHERE terms at execution: a bound term read with Cassandra's checks (unset and null
 * refused with the column's name, values of bind markers validated against their receiver's type),
 * and the value lists of IN — a parenthesised list of terms, or one marker bound to a list.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { AbstractType } from '../../marshal/index.js';
import { readCollectionValues, readTupleComponents } from '../../marshal/index.js';
import { type BoundValue, UNSET } from '../execution/bound-value.js';
import type { BoundTerm } from '../terms/index.js';

/** A term's value at execution: never null or unset (those throw). */
export type ValueFn = (values: readonly BoundValue[]) => Buffer;
/** Several values (IN): never null; duplicates kept. */
export type ValuesFn = (values: readonly BoundValue[]) => Buffer[];

/** What to say when a value is null, for the column `name`. */
export type NullMessage = (name: string) => string;

export const nullInCondition: NullMessage = (name) => `Invalid null value in condition for column ${name}`;
export const nullPartitionKey: NullMessage = (name) => `Invalid null value for partition key part ${name}`;

/** The value of `term`, checked (see the header). */
export function checkedValue(term: BoundTerm, type: AbstractType, name: string, onNull: NullMessage): ValueFn {
  return (values) => {
    const v = term.evaluate(values);
    return checkValue(v, type, name, onNull, !term.constant);
  };
}

export function checkValue(v: BoundValue, type: AbstractType, name: string, onNull: NullMessage, validate: boolean): Buffer {
  if (v === UNSET) throw new InvalidRequestError(`Invalid unset value for column ${name}`);
  if (v === null) throw new InvalidRequestError(onNull(name));
  if (validate) validateFor(v, type, name);
  return v;
}

export function validateFor(v: Buffer, type: AbstractType, name: string): void {
  try {
    type.validate(v);
  } catch (e) {
    if (e instanceof InvalidRequestError) throw new InvalidRequestError(`Invalid value for ${name} of type ${type.cqlName ?? type.name}: ${e.message}`);
    throw e;
  }
}

/** `IN (t1, t2…)`: each term checked. */
export function listValues(terms: readonly ValueFn[]): ValuesFn {
  return (values) => terms.map((t) => t(values));
}

/** `IN ?`: the marker holds a list<type>; each element validated. */
export function markerListValues(term: BoundTerm, type: AbstractType, name: string): ValuesFn {
  return (values) => {
    const v = term.evaluate(values);
    if (v === UNSET) throw new InvalidRequestError(`Invalid unset value for column ${name}`);
    if (v === null) throw new InvalidRequestError(`Invalid null value for column ${name}`);
    const elements = readCollectionValues(v, `list<${type.cqlName ?? type.name}>`, ['element']);
    for (const e of elements) validateFor(e, type, name);
    return elements;
  };
}

/** A tuple value (a bind marker of a multi-column relation) → its components, none null. */
export function tupleComponents(v: Buffer, types: readonly AbstractType[], name: string): Buffer[] {
  const parts = readTupleComponents(v, `tuple for ${name}`, types.length, (i) => `component ${i}`);
  if (parts.length !== types.length) throw new InvalidRequestError(`Expected ${types.length} elements in value tuple for ${name}, but got ${parts.length}`);
  return parts.map((p, i) => {
    if (p === null) throw new InvalidRequestError(`Invalid null value in condition for column ${name}`);
    validateFor(p, types[i]!, name);
    return p;
  });
}

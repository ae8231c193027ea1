/**
 * Collection literals bound to their receiver: `[a, b]` for a list, `{a, b}` for a set,
 * `{k: v}` for a map, `{}` for an empty set or map (the receiver decides). The value is the
 * collection's serialized (frozen) form, sets and maps in canonical order — the same bytes serve a
 * frozen column and, split by the collection type, the element cells of a multi-cell one. Elements
 * may be bind markers (`value(c)`, `key(c)`) or any other term; null and unset elements are refused
 * as Cassandra refuses them.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { type AbstractType, CollectionType, ListType, MapType, SetType, writeCollectionValues } from '../../marshal/index.js';
import type { BoundValue } from '../execution/bound-value.js';
import type { ColumnSpec } from '../execution/cql-result.js';
import { unwrapReversed } from '../functions/index.js';
import type { Term } from '../parser/index.js';
import type { BoundTerm } from './bound-term.js';
import { derivedTerm } from './derived-term.js';
import { keySpec, valueSpec } from './receivers.js';
import type { TermScope } from './term-scope.js';

export type BindFn = (term: Term, receiver: ColumnSpec, scope: TermScope) => BoundTerm;

type CollectionTerm = Extract<Term, { kind: 'list' | 'set' | 'map' | 'emptyCollection' }>;

export function bindCollection(term: CollectionTerm, receiver: ColumnSpec, scope: TermScope, bind: BindFn): BoundTerm {
  const type = unwrapReversed(receiver.type);
  switch (term.kind) {
    case 'list':
      if (!(type instanceof ListType)) throw literalError('list', receiver);
      return elementsTerm(type, term.elements.map((e) => bind(e, valueSpec(receiver, type.elements as AbstractType), scope)), receiver);
    case 'set':
      if (!(type instanceof SetType)) throw literalError('set', receiver);
      return elementsTerm(type, term.elements.map((e) => bind(e, valueSpec(receiver, type.elements as AbstractType), scope)), receiver);
    case 'map': {
      if (!(type instanceof MapType)) throw literalError('map', receiver);
      const parts: BoundTerm[] = [];
      for (const { key, value } of term.entries) {
        parts.push(bind(key, keySpec(receiver, type.keys as AbstractType), scope), bind(value, valueSpec(receiver, type.valueType as AbstractType), scope));
      }
      return elementsTerm(type, parts, receiver);
    }
    case 'emptyCollection':
      if (!(type instanceof SetType) && !(type instanceof MapType)) throw literalError(type instanceof ListType ? 'set' : 'map', receiver);
      return elementsTerm(type, [], receiver);
  }
}

/** The serialized collection of the parts' values (flattened key, value, … for maps). */
function elementsTerm(type: CollectionType<unknown>, parts: readonly BoundTerm[], receiver: ColumnSpec): BoundTerm {
  const stride = type instanceof MapType ? 2 : 1;
  return derivedTerm(parts, (values: readonly BoundValue[]) => {
    const flat: Buffer[] = [];
    for (const v of values) {
      if (v === null) throw new InvalidRequestError('null is not supported inside collections');
      if (typeof v === 'symbol') throw new InvalidRequestError(`Invalid unset value in collection ${receiver.name}`);
      flat.push(v);
    }
    return type.normalize(writeCollectionValues(flat, flat.length / stride, type.name));
  });
}

function literalError(kind: string, receiver: ColumnSpec): InvalidRequestError {
  const t = unwrapReversed(receiver.type);
  return new InvalidRequestError(`Invalid ${kind} literal for ${receiver.name} of type ${t.cqlName ?? t.name}`);
}

/**
 * What the relations of a WHERE clause say, gathered per column (and per tuple of clustering
 * columns, and for token()) before the rules of where-clause.ts decide how each is served: by
 * partition keys, clustering slices, token bounds, or row filters. Merging two relations on one
 * column reports Cassandra's conflicts ("k cannot be restricted by more than one relation if it
 * includes an Equal", "More than one restriction was found for the start bound on c").
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { Token } from '../../dht/index.js';
import type { CqlColumn } from '../../schema/index.js';
import type { BoundValue } from '../execution/bound-value.js';
import type { ValueFn, ValuesFn } from './bound-values.js';

export interface SliceBound<V> {
  readonly value: V;
  readonly inclusive: boolean;
}

export interface Slice<V> {
  low?: SliceBound<V>;
  high?: SliceBound<V>;
}

/** The relations on one column. */
export interface ColumnRestriction extends Slice<ValueFn> {
  readonly column: CqlColumn;
  eq?: ValueFn;
  /** The marker index when `=` is a plain bind marker (drivers route by it). */
  eqMarker?: number;
  in?: ValuesFn;
  readonly contains: ValueFn[];
  readonly containsKey: ValueFn[];
  /** m[key] = value. */
  readonly entries: { readonly key: ValueFn; readonly value: ValueFn }[];
  /** LIKE patterns, with the relation as written (for messages); served by a SASI index only. */
  readonly like: { readonly value: ValueFn; readonly text: string }[];
}

export type TupleFn = (values: readonly BoundValue[]) => Buffer[];
export type TuplesFn = (values: readonly BoundValue[]) => Buffer[][];

/** A multi-column relation on clustering columns: (c1, c2) = / IN / < <= > >= tuples. */
export interface MultiColumnRestriction extends Slice<TupleFn> {
  readonly columns: readonly CqlColumn[];
  eq?: TupleFn;
  in?: TuplesFn;
}

export type TokenFn = (values: readonly BoundValue[]) => Token;

export type TokenRestriction = Slice<TokenFn>;

export function newColumnRestriction(column: CqlColumn): ColumnRestriction {
  return { column, contains: [], containsKey: [], entries: [], like: [] };
}

export function hasSlice(r: Slice<unknown>): boolean {
  return r.low !== undefined || r.high !== undefined;
}

/** Adds `=`; refused beside any other relation of the same kind of restriction. */
export function addEq<T extends { eq?: unknown; in?: unknown } & Slice<unknown>>(r: T, eq: NonNullable<T['eq']>, name: string): void {
  if (r.eq !== undefined || r.in !== undefined) throw new InvalidRequestError(`${name} cannot be restricted by more than one relation if it includes an Equal`);
  if (hasSlice(r)) throw new InvalidRequestError(`Column "${name}" cannot be restricted by both an equality and an inequality relation`);
  r.eq = eq;
}

export function addIn<T extends { eq?: unknown; in?: unknown } & Slice<unknown>>(r: T, values: NonNullable<T['in']>, name: string): void {
  if (r.eq !== undefined) throw new InvalidRequestError(`${name} cannot be restricted by more than one relation if it includes an Equal`);
  if (r.in !== undefined || hasSlice(r)) throw new InvalidRequestError(`${name} cannot be restricted by more than one relation if it includes a IN`);
  r.in = values;
}

export function addBound<V>(r: Slice<V> & { eq?: unknown; in?: unknown }, op: '<' | '<=' | '>' | '>=', value: V, name: string): void {
  if (r.eq !== undefined) throw new InvalidRequestError(`Column "${name}" cannot be restricted by both an equality and an inequality relation`);
  if (r.in !== undefined) throw new InvalidRequestError(`${name} cannot be restricted by more than one relation if it includes a IN`);
  const bound = { value, inclusive: op === '<=' || op === '>=' };
  if (op === '>' || op === '>=') {
    if (r.low !== undefined) throw new InvalidRequestError(`More than one restriction was found for the start bound on ${name}`);
    r.low = bound;
  } else {
    if (r.high !== undefined) throw new InvalidRequestError(`More than one restriction was found for the end bound on ${name}`);
    r.high = bound;
  }
}

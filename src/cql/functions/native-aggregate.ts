/**
 * A definition helper for native aggregates (freezes the signature; see AggregateFunction in
 * function-model.ts for the init/add/result protocol).
 */
import type { AbstractType } from '../../marshal/abstract-type.js';
import type { AggregateFunction } from './function-model.js';

export interface NativeAggregateSpec<S> {
  readonly name: string;
  readonly argTypes: readonly AbstractType[];
  readonly returnType: AbstractType;
  readonly init: () => S;
  readonly add: (state: S, args: readonly (Buffer | null)[]) => S;
  readonly result: (state: S) => Buffer | null;
}

export function nativeAggregate<S>(spec: NativeAggregateSpec<S>): AggregateFunction<S> {
  return Object.freeze({
    kind: 'aggregate',
    name: spec.name,
    argTypes: Object.freeze([...spec.argTypes]),
    returnType: spec.returnType,
    init: spec.init,
    add: spec.add,
    result: spec.result,
  } satisfies AggregateFunction<S>);
}

/** The first argument when it is present and non-empty (what sum and avg count), else null. */
export function presentValue(args: readonly (Buffer | null)[]): Buffer | null {
  const v = args[0] ?? null;
  return v === null || v.length === 0 ? null : v;
}

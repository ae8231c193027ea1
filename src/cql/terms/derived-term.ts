/**
 * A term computed from other terms (a collection literal from its elements, a function call from
 * its arguments). When every part is constant and the computation is deterministic, it runs once,
 * at prepare time; otherwise at each execution.
 */
import type { BoundValue } from '../execution/bound-value.js';
import { type BoundTerm, constantTerm } from './bound-term.js';

export function derivedTerm(parts: readonly BoundTerm[], compute: (values: readonly BoundValue[]) => BoundValue, deterministic = true): BoundTerm {
  const evaluate = (values: readonly BoundValue[]): BoundValue => compute(parts.map((p) => p.evaluate(values)));
  if (deterministic && parts.every((p) => p.constant)) {
    const v = evaluate([]);
    if (typeof v !== 'symbol') return constantTerm(v);
  }
  return { evaluate, constant: false };
}

/**
 * A term bound to its receiver's type: evaluating it gives the value to store or compare,
 * serialized for that type, or null, or UNSET (a bind marker left unset).
 */
import type { BoundValue } from '../execution/bound-value.js';

export interface BoundTerm {
  evaluate(values: readonly BoundValue[]): BoundValue;
  /** True when the value is known at prepare time (no markers, no non-deterministic function). */
  readonly constant: boolean;
  /** The marker index when the term is a plain bind marker (for pkIndexes), else undefined. */
  readonly markerIndex?: number;
}

export function constantTerm(value: Buffer | null): BoundTerm {
  return { evaluate: () => value, constant: true };
}

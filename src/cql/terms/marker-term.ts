/**
 * A bind marker: records its receiver as the statement's bind variable, and at execution checks
 * the value the client sent against the receiver's type — malformed bytes are an
 * InvalidRequestError naming the receiver, never a crash later. Set and map values are sorted and
 * deduplicated (clients may send them in any order), and tuple and UDT values get their null
 * components framed as -1, nested ones too, so they are stored in canonical form.
 */
import { InvalidRequestError, MarshalError } from '../../errors/index.js';
import { normalizeValue } from '../../marshal/index.js';
import type { BoundValue } from '../execution/bound-value.js';
import type { ColumnSpec } from '../execution/cql-result.js';
import { unwrapReversed } from '../functions/index.js';
import type { BindMarker } from '../parser/index.js';
import type { BoundTerm } from './bound-term.js';
import type { TermScope } from './term-scope.js';

export function bindMarker(term: BindMarker, receiver: ColumnSpec, scope: TermScope): BoundTerm {
  scope.markers.set(term.index, receiver);
  const index = term.index;
  const type = unwrapReversed(receiver.type);
  const evaluate = (values: readonly BoundValue[]): BoundValue => {
    const v = values[index];
    if (v === undefined) throw new InvalidRequestError(`No value given for bind marker ${index + 1} (${receiver.name})`);
    if (v === null || typeof v === 'symbol') return v;
    try {
      type.validate(v);
      return normalizeValue(type, v);
    } catch (e) {
      if (e instanceof MarshalError) throw new InvalidRequestError(`Invalid value for ${receiver.name} of type ${type.cqlName ?? type.name}: ${e.message}`, { cause: e });
      throw e;
    }
  };
  return { evaluate, constant: false, markerIndex: index };
}

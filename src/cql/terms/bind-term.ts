/**
 * Binds a term of the AST to its receiver (a column, an element of one, a LIMIT…): literals are
 * converted once, at prepare time; a bind marker records the receiver as its bind variable and
 * reads its value at execution.
 *
 * Supported so far: literals, null, bind markers. Collection, tuple and UDT literals, function
 * calls, casts, type hints and arithmetic are refused with a clear error until they land.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { ColumnSpec } from '../execution/cql-result.js';
import type { Term } from '../parser/index.js';
import { type BoundTerm, constantTerm } from './bound-term.js';
import { literalToBytes } from './literal-value.js';
import type { TermScope } from './term-scope.js';

export function bindTerm(term: Term, receiver: ColumnSpec, scope: TermScope): BoundTerm {
  switch (term.kind) {
    case 'literal':
      return constantTerm(literalToBytes(term, receiver.type, receiver.name));
    case 'null':
      return constantTerm(null);
    case 'bindMarker': {
      scope.markers.set(term.index, receiver);
      const index = term.index;
      return { evaluate: (values) => values[index] ?? null, constant: false, markerIndex: index };
    }
    default:
      throw new InvalidRequestError(`${term.kind} terms are not supported yet (for ${receiver.name})`);
  }
}

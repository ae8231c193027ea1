/**
 * Binds a term of the AST to its receiver (a column, an element of one, a LIMIT…): literals are
 * converted once, at prepare time; a bind marker records the receiver as its bind variable and
 * reads (and checks) its value at execution; collection, tuple and UDT literals, function calls,
 * arithmetic, casts and type hints are bound part by part (collection-terms.ts, tuple-terms.ts,
 * function-terms.ts), constant parts folded at prepare time.
 */
import type { ColumnSpec } from '../execution/cql-result.js';
import type { Term } from '../parser/index.js';
import { type BoundTerm, constantTerm } from './bound-term.js';
import { bindCollection } from './collection-terms.js';
import { bindCall, bindCast, bindTypeHint } from './function-terms.js';
import { literalToBytes } from './literal-value.js';
import { bindMarker } from './marker-term.js';
import type { TermScope } from './term-scope.js';
import { bindTuple, bindUserTypeLiteral } from './tuple-terms.js';

export function bindTerm(term: Term, receiver: ColumnSpec, scope: TermScope): BoundTerm {
  switch (term.kind) {
    case 'literal':
      return constantTerm(literalToBytes(term, receiver.type, receiver.name));
    case 'null':
      return constantTerm(null);
    case 'bindMarker':
      return bindMarker(term, receiver, scope);
    case 'list':
    case 'set':
    case 'map':
    case 'emptyCollection':
      return bindCollection(term, receiver, scope, bindTerm);
    case 'tuple':
      return bindTuple(term, receiver, scope, bindTerm);
    case 'udt':
      return bindUserTypeLiteral(term, receiver, scope, bindTerm);
    case 'functionCall':
    case 'binary':
    case 'negate':
      return bindCall(term, receiver, scope, bindTerm);
    case 'cast':
      return bindCast(term, receiver, scope, bindTerm);
    case 'typeHint':
      return bindTypeHint(term, receiver, scope, bindTerm);
  }
}

/**
 * Terms bound to their receivers: constants converted at prepare time, bind markers described.
 *
 * Terms bound to their receivers (`bind-term.ts` dispatches): literals, checked bind markers
 * (`marker-term.ts`: values validated against the receiver, sets/maps normalized), collection
 * literals (`collection-terms.ts`: the frozen serialized form, usable as element cells too), tuple
 * and UDT literals (`tuple-terms.ts`), function calls, arithmetic, negation, CAST and type hints
 * (`function-terms.ts`, through the registry; constant deterministic calls folded at prepare,
 * `derived-term.ts`); marker names as Cassandra gives them (`receivers.ts`: `value(c)`, `key(c)`,
 * `idx(c)`, `c[i]`, `c.f`, `arg0(system.f)`, `in(c)`)
 */
export { BindVariables } from './bind-variables.js';
export { CalledFunctions } from './called-functions.js';
export { type BoundTerm, constantTerm } from './bound-term.js';
export { type TermScope } from './term-scope.js';
export { bindTerm } from './bind-term.js';
export { literalToBytes, invalidConstant } from './literal-value.js';

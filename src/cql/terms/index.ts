/** Terms bound to their receivers: constants converted at prepare time, bind markers described. */
export { BindVariables } from './bind-variables.js';
export { type BoundTerm, constantTerm } from './bound-term.js';
export { type TermScope } from './term-scope.js';
export { bindTerm } from './bind-term.js';
export { literalToBytes, invalidConstant } from './literal-value.js';

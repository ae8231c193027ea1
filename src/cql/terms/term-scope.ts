/**
 * Where a term is bound: the context (functions, user types), the keyspace unqualified function
 * and type names resolve in, the statement's bind variables, and the user-defined functions its
 * calls resolve to (one collector per statement, as the bind variables).
 */
import type { CqlContext } from '../execution/cql-context.js';
import type { BindVariables } from './bind-variables.js';
import type { CalledFunctions } from './called-functions.js';

export interface TermScope {
  readonly ctx: CqlContext;
  readonly keyspace: string;
  readonly markers: BindVariables;
  readonly called: CalledFunctions;
}

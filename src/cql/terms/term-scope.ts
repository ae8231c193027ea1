/**
 * Where a term is bound: the context (functions, user types), the keyspace unqualified function
 * and type names resolve in, and the statement's bind variables.
 */
import type { CqlContext } from '../execution/cql-context.js';
import type { BindVariables } from './bind-variables.js';

export interface TermScope {
  readonly ctx: CqlContext;
  readonly keyspace: string;
  readonly markers: BindVariables;
}

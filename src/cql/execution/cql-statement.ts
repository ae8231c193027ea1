/**
 * A statement bound to the schema: names resolved, terms typed, bind variables described. A
 * simple QUERY prepares and runs at once; PREPARE keeps the statement and EXECUTE runs it with
 * new values. A statement is immutable and may run many times, concurrently.
 */
import type { CqlFunction } from '../functions/function-model.js';
import type { StatementKind } from '../parser/index.js';
import type { ClientState } from './client-state.js';
import type { ColumnSpec, CqlResult } from './cql-result.js';
import type { QueryOptions } from './query-options.js';

export interface CqlStatement {
  readonly kind: StatementKind;
  /** One per bind marker, in marker order (their names and types for the prepared metadata). */
  readonly bindVariables: readonly ColumnSpec[];
  /**
   * The marker index of each partition key column, in key order, when each is bound by a plain
   * marker (drivers route by it); empty otherwise.
   */
  readonly pkIndexes: readonly number[];
  /** The columns each row comes back with (SELECT); null for statements that return no rows. */
  readonly resultColumns: readonly ColumnSpec[] | null;
  /**
   * The user-defined functions it calls, each the overload its call resolved to when bound (and an
   * aggregate's state and final functions); absent: none. Cassandra's CQLStatement.getFunctions.
   */
  readonly calledFunctions?: readonly CqlFunction[];
  execute(state: ClientState, options: QueryOptions): Promise<CqlResult>;
}

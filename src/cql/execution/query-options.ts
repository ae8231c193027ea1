/**
 * How a statement is run: the values of its bind markers (in marker order; a server resolves
 * named values to positions before this point), the consistency levels, paging and the default
 * timestamp. The same for QUERY, EXECUTE and each statement of a BATCH.
 */
import type { Consistency } from '../../locator/index.js';
import type { BoundValue } from './bound-value.js';
import type { TraceSink } from '../../util/trace-sink.js';

/** Cassandra's consistency level names (defined with their arithmetic in src/locator). */
export type { Consistency };

export interface QueryOptions {
  readonly consistency: Consistency;
  /** For conditional updates and SERIAL reads; SERIAL when absent. */
  readonly serialConsistency?: Consistency;
  readonly values: readonly BoundValue[];
  /** Rows per page; absent or ≤ 0 means every row in one result. */
  readonly pageSize?: number;
  readonly pagingState?: Buffer;
  /** The client's default write timestamp (microseconds); the server's clock when absent. */
  readonly timestamp?: bigint;
  /** Where a traced request records its steps (cql/tracing); absent when the request is not traced. */
  readonly trace?: TraceSink;
}

export function queryOptions(values: readonly BoundValue[] = [], rest: Partial<Omit<QueryOptions, 'values'>> = {}): QueryOptions {
  return { consistency: 'ONE', ...rest, values };
}

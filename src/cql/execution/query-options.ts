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
  /**
   * The time the request runs as of, in seconds since the epoch (protocol v5's now_in_seconds):
   * TTL expiry of the cells it writes and of those it reads. The server's clock when absent.
   */
  readonly nowInSeconds?: number;
  /** Where a traced request records its steps (cql/tracing); absent when the request is not traced. */
  readonly trace?: TraceSink;
}

/** The request's "now" in seconds: the client's now_in_seconds, else the node's clock. */
export function requestNowSec(ctx: { nowSec(): number }, options: QueryOptions): number {
  return options.nowInSeconds ?? ctx.nowSec();
}

export function queryOptions(values: readonly BoundValue[] = [], rest: Partial<Omit<QueryOptions, 'values'>> = {}): QueryOptions {
  return { consistency: 'ONE', ...rest, values };
}

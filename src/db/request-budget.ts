/**
 * The time one request may take, and its share of the event loop. A long request (an aggregate
 * over a large partition, a scan, a large batch) awaits `pace()` at each natural break of its
 * work — between internal pages, scan steps, batch chunks — and `pace()`:
 *   - throws the request's timeout error once the deadline has passed, so a timed-out request
 *     stops its work at the next break instead of running on after the client got its error;
 *   - yields to the event loop once `sliceMs` of work ran since the last yield (storage's
 *     YieldBudget), so other connections' requests are served in between.
 * Clock and yield come through the Env: the simulation stays deterministic.
 *
 * It lives in db, below both of its users: the CQL statements and the 0.7 Thrift operations.
 *
 * The deadline counts from the request's start across all of its internal pages, as Cassandra 4.0
 * does (SelectStatement hands the query's start time, queryStartNanoTime, to every fetchPage).
 */
import type { Env } from '../env/index.js';
import { ReadTimeoutError, WriteTimeoutError, type WriteType } from '../errors/index.js';
import { YieldBudget } from '../storage/yield-budget.js';

/** read_request_timeout_in_ms, range_request_timeout_in_ms, write_request_timeout_in_ms. */
export interface RequestTimeouts {
  readonly readMs: number;
  readonly rangeMs: number;
  readonly writeMs: number;
}

/** cassandra.yaml's defaults (Cassandra 4.0: 5000, 10000, 2000). */
export const DEFAULT_REQUEST_TIMEOUTS: RequestTimeouts = Object.freeze({ readMs: 5000, rangeMs: 10_000, writeMs: 2000 });

/** Work between two yields: a request holds the event loop about this long plus one step. */
export const REQUEST_SLICE_MS = 10;

export class RequestBudget {
  private readonly deadlineNs: bigint;
  private readonly yields: YieldBudget;

  constructor(
    private readonly env: Env,
    timeoutMs: number,
    private readonly timedOut: () => Error,
    sliceMs = REQUEST_SLICE_MS,
  ) {
    this.deadlineNs = env.clock.monotonicNs() + BigInt(Math.round(timeoutMs * 1e6));
    this.yields = new YieldBudget(env, 0, sliceMs);
  }

  /** A read's budget: ReadTimeout as the coordinator reports it (no replica answered in time). */
  static read(env: Env, timeoutMs: number, cl: string): RequestBudget {
    return new RequestBudget(env, timeoutMs, () => new ReadTimeoutError('Operation timed out - received only 0 responses.', cl, 0, 1, false));
  }

  /** A write's budget: WriteTimeout of the given kind. */
  static write(env: Env, timeoutMs: number, cl: string, writeType: WriteType): RequestBudget {
    return new RequestBudget(env, timeoutMs, () => new WriteTimeoutError('Operation timed out - received only 0 responses.', cl, 0, 1, writeType));
  }

  get expired(): boolean {
    return this.env.clock.monotonicNs() > this.deadlineNs;
  }

  /** Throws past the deadline; otherwise yields when this request's slice of the loop is used up. */
  async pace(): Promise<void> {
    if (this.expired) throw this.timedOut();
    await this.yields.tick(0);
    if (this.expired) throw this.timedOut();
  }
}

/**
 * A pacer for the work before a request's statement is known and its budget made (decoding,
 * parsing and binding a large batch, looking up its prepared statements): it yields the loop once
 * `sliceMs` of work ran since the last yield, as `pace()` does, and has no deadline of its own.
 */
export function loopPacer(env: Env, sliceMs = REQUEST_SLICE_MS): () => Promise<void> {
  const yields = new YieldBudget(env, 0, sliceMs);
  return () => yields.tick(0);
}

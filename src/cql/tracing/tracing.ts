/**
 * A node's tracing (Cassandra's Tracing): which requests are traced — those with the protocol's
 * tracing flag, and a share of the others picked at random (`nodetool settraceprobability P`,
 * 0 by default) — their sessions, and the writer that stores them in system_traces.
 *
 * A request that is not traced costs one random draw when the probability is above 0 and
 * nothing else: it carries no sink, so every place that traces skips on one check.
 */
import type { Random } from '../../env/index.js';
import { type SessionClock, type SessionStart, TraceSession } from './trace-session.js';
import type { TraceWriter } from './trace-writer.js';

export class Tracing {
  private probability = 0;

  constructor(
    private readonly clock: SessionClock & { nowMs(): number },
    private readonly random: Random,
    readonly writer: TraceWriter,
  ) {}

  /** nodetool gettraceprobability. */
  get traceProbability(): number {
    return this.probability;
  }

  /** nodetool settraceprobability: Cassandra refuses values outside [0, 1]. */
  setTraceProbability(p: number): void {
    if (!(p >= 0 && p <= 1)) throw new RangeError('Trace probability must be between 0 and 1');
    this.probability = p;
  }

  /** True for a request the probability picks (Cassandra's shouldTraceProbabilistically). */
  pickedAtRandom(): boolean {
    return this.probability > 0 && this.random.next() < this.probability;
  }

  /** Starts a session: its start row is handed to the writer at once. */
  begin(start: SessionStart): TraceSession {
    const session = new TraceSession(this.clock.nextTimeUuid(), start, this.clock.nowMs(), this.clock);
    this.writer.started(session);
    return session;
  }

  /** Ends a session: its events and duration are handed to the writer; the caller does not wait. */
  stop(session: TraceSession): void {
    this.writer.stopped(session);
  }

  /**
   * This node's part of a session another node coordinates (a traced request's message to this
   * replica): events recorded under the coordinator's session id, written when `done`.
   */
  continueSession(id: Uint8Array): ContinuedSession {
    return new ContinuedSession(Buffer.from(id), this.clock.nowMs(), this.clock, this.writer);
  }
}

/** A replica's part of a session: no start row of its own; `done` hands its events to the writer. */
export class ContinuedSession extends TraceSession {
  constructor(
    id: Buffer,
    startedAtMs: number,
    clock: SessionClock,
    private readonly writer: TraceWriter,
  ) {
    super(id, undefined, startedAtMs, clock);
  }

  done(): void {
    this.writer.stopped(this);
  }
}

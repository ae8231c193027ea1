/**
 * One traced request on this node (Cassandra's TraceState): its session id (a time UUID), when it
 * started, and the events it recorded, kept in memory until the request completes and the node's
 * Tracing writes them (trace-writer.ts). Recording is synchronous and cheap — a time UUID, the
 * elapsed microseconds and the activity text — and bounded: past EVENTS_PER_SESSION_MAX events
 * further ones are counted and dropped.
 */
import type { TraceSink } from '../../util/trace-sink.js';

/** Events one session keeps; a request that records more has the rest dropped (and counted). */
export const EVENTS_PER_SESSION_MAX = 1000;

export interface TraceEvent {
  /** system_traces.events' event_id: a time UUID, in recording order. */
  readonly id: Buffer;
  readonly activity: string;
  /** Microseconds since the session started (source_elapsed). */
  readonly elapsedUs: number;
}

/** What a session's start row says (system_traces.sessions). */
export interface SessionStart {
  /** `request`: what the client asked, in Cassandra's words ("Execute CQL3 query", …). */
  readonly request: string;
  /** The client's address (`client`). */
  readonly client: string;
  /** `parameters`: the query text, its consistency level, page size… */
  readonly parameters: ReadonlyMap<string, string>;
}

/** The clock and id source a session records with (the node's). */
export interface SessionClock {
  monotonicNs(): bigint;
  nextTimeUuid(): Buffer;
}

export class TraceSession implements TraceSink {
  readonly events: TraceEvent[] = [];
  /** Events past EVENTS_PER_SESSION_MAX, not kept. */
  dropped = 0;
  private readonly startNs: bigint;

  constructor(
    readonly id: Buffer,
    /** Undefined for a replica's part of another node's session (it writes events only). */
    readonly start: SessionStart | undefined,
    /** Wall clock at the start, ms (started_at). */
    readonly startedAtMs: number,
    private readonly clock: SessionClock,
  ) {
    this.startNs = clock.monotonicNs();
  }

  trace(activity: string): void {
    if (this.events.length >= EVENTS_PER_SESSION_MAX) {
      this.dropped++;
      return;
    }
    this.events.push({ id: this.clock.nextTimeUuid(), activity, elapsedUs: this.elapsedUs() });
  }

  /** Microseconds since the start (source_elapsed, and the session's duration at its end). */
  elapsedUs(): number {
    return Math.min(0x7fffffff, Number((this.clock.monotonicNs() - this.startNs) / 1000n));
  }
}

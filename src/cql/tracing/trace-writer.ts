/**
 * Writes traced sessions to system_traces, off the request's path. A request hands its session
 * over twice — at its start (the sessions row without `duration`) and at its end (its events,
 * then `duration`, which drivers poll for: Cassandra 4.0 writes the session's duration when the
 * request completes, TraceKeyspace.makeStopSessionMutation) — and never waits for either write.
 *
 * Bounded: at most JOBS_QUEUED_MAX hand-overs wait and WRITES_IN_FLIGHT_MAX run at once; a
 * hand-over past the queue's bound is dropped and its events counted (`droppedEvents`), so a
 * backlog (a slow disk, a ring that cannot take writes at ANY) costs memory up to the bound and
 * no more. Rows carry the TTL of their trace type (tracetype_query_ttl) and are written at
 * consistency ANY, as Cassandra writes traces.
 *
 * The writes are internal CQL statements, prepared once per schema (an ALTER KEYSPACE
 * system_traces makes a new schema and the next write prepares again).
 */
import { INET_ADDRESS_TYPE, INT32_TYPE, MapType, TIMESTAMP_TYPE, UTF8_TYPE } from '../../marshal/index.js';
import type { Schema } from '../../schema/index.js';
import type { BoundValue, CqlStatement } from '../execution/index.js';
import type { TraceSession } from './trace-session.js';
import { EVENTS, SESSIONS, TRACE_KEYSPACE } from '../system/trace-keyspace.js';

/** Hand-overs waiting to be written; past this, new ones are dropped. */
export const JOBS_QUEUED_MAX = 1000;
/** Hand-overs being written at once. */
export const WRITES_IN_FLIGHT_MAX = 16;

const START = `INSERT INTO ${TRACE_KEYSPACE}.${SESSIONS} (session_id, client, command, coordinator, coordinator_port, parameters, request, started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) USING TTL ?`;
const STOP = `UPDATE ${TRACE_KEYSPACE}.${SESSIONS} USING TTL ? SET duration = ? WHERE session_id = ?`;
const EVENT = `INSERT INTO ${TRACE_KEYSPACE}.${EVENTS} (session_id, event_id, activity, source, source_elapsed, source_port, thread) VALUES (?, ?, ?, ?, ?, ?, ?) USING TTL ?`;

const TEXT_MAP = new MapType<string | null, string | null>(UTF8_TYPE, UTF8_TYPE, false);

/** How the writer runs its statements: prepared against the live schema, executed at ANY. */
export interface TraceStatements {
  schema(): Schema;
  prepare(cql: string): CqlStatement;
  execute(statement: CqlStatement, values: readonly BoundValue[]): Promise<unknown>;
  /** `statement` once per values, the writes of one partition applied together (a session's events: one mutation). */
  executeMany(statement: CqlStatement, values: readonly (readonly BoundValue[])[]): Promise<unknown>;
}

/** Where this node's rows say they come from (coordinator / source, and their ports). */
export interface TraceSource {
  readonly address: string;
  readonly port: number;
  /** `thread`: Ilium runs requests on one event loop; events name the stage that ran them. */
  readonly thread: string;
}

/** start: the sessions row; stop: the events, then `duration`; events: a replica's events alone. */
type Job = { readonly kind: 'start' | 'stop' | 'events'; readonly session: TraceSession; readonly durationUs: number };

export class TraceWriter {
  private readonly queue: Job[] = [];
  private inFlight = 0;
  private pumpScheduled = false;
  private prepared: { schema: Schema; start: CqlStatement; stop: CqlStatement; event: CqlStatement } | undefined;
  /** Events not written: their hand-over found the queue full, or its write failed. */
  droppedEvents = 0;
  /** Hand-overs dropped (queue full) or whose write failed. */
  droppedSessions = 0;

  constructor(
    private readonly statements: TraceStatements,
    private readonly source: TraceSource,
    private readonly ttlSeconds: () => number,
    private readonly onError: (e: Error) => void,
    /** Runs the writes after the current I/O callbacks (the Env's setImmediate), never inside the request. */
    private readonly schedule: (fn: () => void) => void,
  ) {}

  /** Jobs waiting or running (tests, metrics). */
  get backlog(): number {
    return this.queue.length + this.inFlight;
  }

  started(session: TraceSession): void {
    this.enqueue({ kind: 'start', session, durationUs: 0 });
  }

  stopped(session: TraceSession): void {
    this.enqueue({ kind: session.start === undefined ? 'events' : 'stop', session, durationUs: session.elapsedUs() });
  }

  private enqueue(job: Job): void {
    if (this.queue.length >= JOBS_QUEUED_MAX) {
      this.dropped(job);
      return;
    }
    this.queue.push(job);
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    this.schedule(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private dropped(job: Job): void {
    this.droppedSessions++;
    if (job.kind !== 'start') this.droppedEvents += job.session.events.length;
  }

  private pump(): void {
    while (this.inFlight < WRITES_IN_FLIGHT_MAX && this.queue.length > 0) {
      const job = this.queue.shift()!;
      this.inFlight++;
      this.write(job)
        .catch((e: unknown) => {
          this.dropped(job);
          // The 1st, 2nd, 4th, 8th… failure is reported: a ring refusing every write does not flood the log.
          if ((this.droppedSessions & (this.droppedSessions - 1)) === 0) this.onError(e as Error);
        })
        .finally(() => {
          this.inFlight--;
          this.pump();
        });
    }
  }

  private async write(job: Job): Promise<void> {
    const st = this.statementsNow();
    const s = job.session;
    const ttl = INT32_TYPE.decompose(this.ttlSeconds());
    if (job.kind === 'start') {
      if (s.start === undefined) return;
      const { request, client, parameters } = s.start;
      await this.statements.execute(st.start, [
        s.id, INET_ADDRESS_TYPE.decompose(client), UTF8_TYPE.decompose('QUERY'), INET_ADDRESS_TYPE.decompose(this.source.address),
        INT32_TYPE.decompose(this.source.port), TEXT_MAP.decompose(new Map(parameters)), UTF8_TYPE.decompose(request), TIMESTAMP_TYPE.decompose(new Date(s.startedAtMs)), ttl,
      ]);
      return;
    }
    const source = INET_ADDRESS_TYPE.decompose(this.source.address);
    const port = INT32_TYPE.decompose(this.source.port);
    const thread = UTF8_TYPE.decompose(this.source.thread);
    // The events first, as one write of their partition: a driver that sees `duration` reads the events next.
    if (s.events.length > 0) await this.statements.executeMany(st.event, s.events.map((e) => [s.id, e.id, UTF8_TYPE.decompose(e.activity), source, INT32_TYPE.decompose(e.elapsedUs), port, thread, ttl]));
    if (job.kind === 'stop') await this.statements.execute(st.stop, [ttl, INT32_TYPE.decompose(job.durationUs), s.id]);
  }

  private statementsNow(): NonNullable<TraceWriter['prepared']> {
    const schema = this.statements.schema();
    if (this.prepared === undefined || this.prepared.schema !== schema) {
      const p = (cql: string) => this.statements.prepare(cql);
      this.prepared = { schema, start: p(START), stop: p(STOP), event: p(EVENT) };
    }
    return this.prepared;
  }
}

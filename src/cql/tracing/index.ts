/** Query tracing: see `tracing.ts` and the src/cql/index.ts inventory. */
export { EVENTS_PER_SESSION_MAX, type SessionStart, type TraceEvent, TraceSession } from './trace-session.js';
export { JOBS_QUEUED_MAX, type TraceSource, type TraceStatements, TraceWriter, WRITES_IN_FLIGHT_MAX } from './trace-writer.js';
export { Tracing } from './tracing.js';

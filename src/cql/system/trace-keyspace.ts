/**
 * The `system_traces` keyspace as Cassandra 4.0 defines it (tracing/TraceKeyspace.java): a
 * replicated keyspace, SimpleStrategy with replication_factor 2 (its DEFAULT_RF; ALTER KEYSPACE
 * system_traces changes it), gc_grace_seconds 0, its rows written with a TTL (tracetype_query_ttl).
 *
 *   sessions (session_id uuid PRIMARY KEY, client inet, command text, coordinator inet,
 *             coordinator_port int, duration int, parameters map<text, text>, request text,
 *             started_at timestamp)                                   -- 'tracing sessions'
 *   events   (session_id uuid, event_id timeuuid, activity text, source inet, source_port int,
 *             source_elapsed int, thread text, PRIMARY KEY ((session_id), event_id))  -- 'tracing events'
 */
import type { Random } from '../../env/index.js';
import { type KeyspaceDef, createKeyspace } from '../../schema/index.js';
import { systemTable } from './system-keyspace.js';

export const TRACE_KEYSPACE = 'system_traces';
export const SESSIONS = 'sessions';
export const EVENTS = 'events';

export function traceKeyspaceDef(random: Random): KeyspaceDef {
  const table = (name: string, comment: string, cql: Parameters<typeof systemTable>[3]) => systemTable(TRACE_KEYSPACE, name, comment, cql, 0);
  return createKeyspace({
    name: TRACE_KEYSPACE,
    replication: { class: 'SimpleStrategy', options: { replication_factor: '2' } },
    tables: [
      table(SESSIONS, 'tracing sessions', {
        partitionKey: [{ name: 'session_id', type: 'uuid' }],
        regular: [
          { name: 'client', type: 'inet' },
          { name: 'command', type: 'text' },
          { name: 'coordinator', type: 'inet' },
          { name: 'coordinator_port', type: 'int' },
          { name: 'duration', type: 'int' },
          { name: 'parameters', type: 'map<text, text>' },
          { name: 'request', type: 'text' },
          { name: 'started_at', type: 'timestamp' },
        ],
      }),
      table(EVENTS, 'tracing events', {
        partitionKey: [{ name: 'session_id', type: 'uuid' }],
        clustering: [{ name: 'event_id', type: 'timeuuid' }],
        regular: [
          { name: 'activity', type: 'text' },
          { name: 'source', type: 'inet' },
          { name: 'source_elapsed', type: 'int' },
          { name: 'source_port', type: 'int' },
          { name: 'thread', type: 'text' },
        ],
      }),
    ],
  }, random);
}

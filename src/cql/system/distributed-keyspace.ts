/**
 * The `system_distributed` keyspace as Cassandra 4.0 defines it
 * (repair/SystemDistributedKeyspace.java): replicated, SimpleStrategy with replication_factor 3,
 * the tables' gc_grace_seconds the default (ten days). Ilium keeps its repair history elsewhere
 * (nodetool repair reports it) and has no materialized views, so the tables stay empty; they
 * exist for the clients and tools that read or describe them.
 *
 *   repair_history (keyspace_name, columnfamily_name, id timeuuid, parent_id timeuuid, range_begin,
 *     range_end, coordinator inet, coordinator_port int, participants set<inet>, participants_v2
 *     set<text>, exception_message, exception_stacktrace, status, started_at, finished_at,
 *     PRIMARY KEY ((keyspace_name, columnfamily_name), id))
 *   parent_repair_history (parent_id timeuuid PRIMARY KEY, keyspace_name, columnfamily_names
 *     set<text>, started_at, finished_at, exception_message, exception_stacktrace,
 *     requested_ranges set<text>, successful_ranges set<text>, options map<text, text>)
 *   view_build_status (keyspace_name, view_name, host_id uuid, status,
 *     PRIMARY KEY ((keyspace_name, view_name), host_id))
 */
import type { Random } from '../../env/index.js';
import { type KeyspaceDef, createKeyspace } from '../../schema/index.js';
import { systemTable } from './system-keyspace.js';

export const DISTRIBUTED_KEYSPACE = 'system_distributed';

const col = (name: string, type: string) => ({ name, type });

export function distributedKeyspaceDef(random: Random): KeyspaceDef {
  const table = (name: string, comment: string, cql: Parameters<typeof systemTable>[3]) => systemTable(DISTRIBUTED_KEYSPACE, name, comment, cql);
  return createKeyspace({
    name: DISTRIBUTED_KEYSPACE,
    replication: { class: 'SimpleStrategy', options: { replication_factor: '3' } },
    tables: [
      table('repair_history', 'Repair history', {
        partitionKey: [col('keyspace_name', 'text'), col('columnfamily_name', 'text')],
        clustering: [col('id', 'timeuuid')],
        regular: [
          col('coordinator', 'inet'), col('coordinator_port', 'int'), col('exception_message', 'text'), col('exception_stacktrace', 'text'),
          col('finished_at', 'timestamp'), col('parent_id', 'timeuuid'), col('participants', 'set<inet>'), col('participants_v2', 'set<text>'),
          col('range_begin', 'text'), col('range_end', 'text'), col('started_at', 'timestamp'), col('status', 'text'),
        ],
      }),
      table('parent_repair_history', 'Repair history', {
        partitionKey: [col('parent_id', 'timeuuid')],
        regular: [
          col('columnfamily_names', 'set<text>'), col('exception_message', 'text'), col('exception_stacktrace', 'text'), col('finished_at', 'timestamp'),
          col('keyspace_name', 'text'), col('options', 'map<text, text>'), col('requested_ranges', 'set<text>'), col('started_at', 'timestamp'),
          col('successful_ranges', 'set<text>'),
        ],
      }),
      table('view_build_status', 'Materialized View build status', {
        partitionKey: [col('keyspace_name', 'text'), col('view_name', 'text')],
        clustering: [col('host_id', 'uuid')],
        regular: [col('status', 'text')],
      }),
    ],
  }, random);
}

/**
 * The nodetool commands a node answers, as data: name, arguments, one line (or two) of what it
 * does, and the flags it takes. `node-admin.ts` types its handlers by these names (a command
 * without a row, or a row without a handler, does not compile); `ilium nodetool --help` prints
 * this table, and the client refuses a command or flag not in it before asking the node. Imports
 * nothing, so the client loads it without the server.
 */

/** enableauditlog's list flags and the audit_logging_options key each replaces. */
export const AUDIT_LOG_LIST_OPTIONS = {
  '--included-keyspaces': 'included_keyspaces',
  '--excluded-keyspaces': 'excluded_keyspaces',
  '--included-categories': 'included_categories',
  '--excluded-categories': 'excluded_categories',
  '--included-users': 'included_users',
  '--excluded-users': 'excluded_users',
} as const;

export interface NodetoolCommand {
  readonly args: string;
  readonly summary: string;
  /** Flags its arguments may hold (each takes a value); none when absent. */
  readonly flags?: readonly string[];
}

export const NODETOOL_COMMANDS = {
  status: { args: '', summary: "the ring's nodes: up/down, state, load, tokens, ownership" },
  info: { args: '', summary: 'this node: host id, load, uptime, heap, data center, rack' },
  ring: { args: '', summary: 'every token with its node' },
  describecluster: { args: '', summary: 'cluster name, snitch, partitioner, schema versions per node' },
  gossipinfo: { args: '', summary: 'what gossip holds of every node' },
  version: { args: '', summary: 'the release version' },
  tablestats: { args: '[ks[.table]…]', summary: 'per keyspace and table: reads, writes, latencies, SSTables, space used, memtable, partitions, live cells and tombstones per read' },
  tablehistograms: { args: '[<ks> <table> | <ks.table>]', summary: "a table's (every table's without arguments) local read and write latency and SSTables-per-read percentiles" },
  proxyhistograms: { args: '', summary: 'latency percentiles of the requests this node coordinated' },
  netstats: { args: '', summary: 'mode, streams, read repair counts, internode messages (Large, Small, Gossip) pending, completed and dropped' },
  tpstats: { args: '', summary: 'stages: internode work, local reads and writes, client requests (active, pending, completed, blocked)' },
  compactionstats: { args: '', summary: 'compactions pending and running' },
  getcompactionthroughput: { args: '', summary: "compaction's throughput limit (MB/s)" },
  setcompactionthroughput: { args: '<MB/s>', summary: 'sets it for compactions started later (0: no limit)' },
  enableautocompaction: { args: '[ks [table…]]', summary: 'turns size-tiered compaction on' },
  disableautocompaction: { args: '[ks [table…]]', summary: 'turns size-tiered compaction off (flush and compact still work)' },
  garbagecollect: { args: '[ks [table…]]', summary: 'rewrites each SSTable alone, purging deleted data past gc grace' },
  rebuild_index: { args: '<ks> <table> <index…>', summary: 'empties the named secondary indexes and builds them again from the table\'s rows' },
  refresh: { args: '<ks> <table>', summary: "loads SSTables newly copied into the table's directory, without a restart (each given a fresh generation)" },
  listsnapshots: { args: '', summary: 'snapshots with their true size and size on disk' },
  gcstats: { args: '', summary: 'garbage collections since the previous gcstats' },
  flush: { args: '[ks [table…]]', summary: 'writes memtables to SSTables' },
  compact: { args: '[ks [table…]]', summary: 'compacts SSTables' },
  verify: { args: '[ks [table…]]', summary: 'reads every partition of the SSTables, reports damage' },
  scrub: { args: '[ks [table…]]', summary: "rewrites the SSTables without their damaged partitions (old sets moved to the table's quarantine/ folder), reports what it dropped" },
  snapshot: { args: '[-t tag] [ks…]', summary: 'hard-link snapshots of SSTables', flags: ['-t', '--tag'] },
  clearsnapshot: { args: '[-t tag]', summary: 'removes snapshots (all of them without -t)', flags: ['-t', '--tag'] },
  drain: { args: '', summary: 'stops client requests and flushes every memtable' },
  repair: { args: '[ks [table…]]', summary: "anti-entropy repair of this node's ranges (every user keyspace without arguments): Merkle trees compared, differences synced" },
  getendpoints: { args: '<ks> <table> <key>', summary: "the replicas of a partition key (its token's natural endpoints)" },
  hints: { args: '', summary: 'hints kept for other nodes: targets and counts' },
  bgfailures: { args: '', summary: 'failures of background work (flush, compaction, hints, batchlog replay, gossip…) per task and error class, with the last message' },
  faults: { args: 'partition <addr…>|delay <ms> <addr…>|heal|list', summary: 'TESTING HOOK (needs enable_fault_injection: true): drop internode messages between the listed hosts and all others, or hold those received from them ms; heal removes it' },
  decommission: { args: '', summary: "this node leaves the ring: its ranges streamed to their new owners, then LEFT (refused when a keyspace would lose its RF)" },
  removenode: { args: '<host-id>', summary: "a dead node's ranges re-replicated from the survivors, then the ring forgets it (refused while it is alive)" },
  cleanup: { args: '[ks]', summary: 'drops local data of ranges this node no longer replicates' },
  enableauditlog: { args: '[--logger FileAuditLogger] [--included-keyspaces K,…] …', summary: 'turns the audit log on, these options over audit_logging_options', flags: ['--logger', ...Object.keys(AUDIT_LOG_LIST_OPTIONS)] },
  disableauditlog: { args: '', summary: 'turns the audit log off' },
  settraceprobability: { args: '<value>', summary: 'traces this share of requests (0 to 1; 0, the default, traces only requests with the tracing flag) into system_traces' },
  gettraceprobability: { args: '', summary: 'the trace probability' },
} as const satisfies Record<string, NodetoolCommand>;

export type NodetoolCommandName = keyof typeof NODETOOL_COMMANDS;

export function isNodetoolCommand(name: string): name is NodetoolCommandName {
  return Object.hasOwn(NODETOOL_COMMANDS, name);
}

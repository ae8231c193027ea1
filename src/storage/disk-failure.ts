/**
 * What damaged or failing disks do to a node: Cassandra's `disk_failure_policy` and
 * `commit_failure_policy`, as data. The engine decides what it can itself (skip a damaged SSTable
 * at start, stop reading one at run time); what only the node can do — stop the client transports
 * and gossip, or exit — is handed to it as a `FailureAction`.
 *
 * Checked against Cassandra 4.x: service/DefaultFSErrorHandler.java (handleCorruptSSTable,
 * handleFSError, handleStartupFSError), db/commitlog/CommitLog.java (handleCommitError) and the
 * policy descriptions in conf/cassandra.yaml:
 *
 *   disk_failure_policy   damage found at start          corrupt SSTable at run time   other I/O failure (flush)
 *   die                   refuse to start                exit                          exit
 *   stop_paranoid         refuse to start                stop transports and gossip    stop transports and gossip
 *   stop (default)        refuse to start                logged, the read fails        stop transports and gossip
 *   best_effort           skip that SSTable, start       stop reading that SSTable     logged
 *   ignore                skip that SSTable, start       logged, the read fails        logged
 *
 *   commit_failure_policy  a commit-log write or fsync failed
 *   die                    exit
 *   stop (default)         stop transports and gossip; writes fail
 *   stop_commit            the log stops: later writes wait and time out (WRITE_TIMEOUT), reads are served
 *   ignore                 logged; writes fail ("let the batches fail"), everything else goes on
 *
 * Ilium keeps one data directory, so best_effort stops using the damaged SSTable where Cassandra
 * stops using the damaged disk.
 */

export const diskFailurePolicies = ['die', 'stop_paranoid', 'stop', 'best_effort', 'ignore'] as const;
export type DiskFailurePolicy = (typeof diskFailurePolicies)[number];

export const commitFailurePolicies = ['die', 'stop', 'stop_commit', 'ignore'] as const;
export type CommitFailurePolicy = (typeof commitFailurePolicies)[number];

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** The engine's log: an event, its fields, and a level (info when absent). */
export type StorageLog = (event: string, fields: Record<string, unknown>, level?: LogLevel) => void;

/** What the node must do after a failure the engine met. */
export type FailureAction = 'none' | 'stop_transports' | 'die';

/** Whether a damaged SSTable found at start is skipped (true) or stops the start (false). */
export function skipsDamagedAtStart(p: DiskFailurePolicy): boolean {
  return p === 'best_effort' || p === 'ignore';
}

/** After a corrupt SSTable was read at run time. */
export function onCorruptSSTable(p: DiskFailurePolicy): FailureAction {
  if (p === 'die') return 'die';
  return p === 'stop_paranoid' ? 'stop_transports' : 'none';
}

/** After a file-system failure other than corruption (a flush that could not write). */
export function onFsError(p: DiskFailurePolicy): FailureAction {
  if (p === 'die') return 'die';
  return p === 'stop' || p === 'stop_paranoid' ? 'stop_transports' : 'none';
}

/** After a commit-log write or fsync failed. */
export function onCommitFailure(p: CommitFailurePolicy): FailureAction {
  if (p === 'die') return 'die';
  return p === 'stop' ? 'stop_transports' : 'none';
}

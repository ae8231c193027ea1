import { ConfigurationError } from '../errors/index.js';
import { type CommitFailurePolicy, commitFailurePolicies, type DiskFailurePolicy, diskFailurePolicies } from './disk-failure.js';

export type CommitLogSync = 'periodic' | 'batch' | 'group';
export type Compression = 'none' | 'lz4' | 'snappy';

/**
 * Every tunable of the storage engine, with its default. Names mirror cassandra.yaml keys where
 * the meaning is the same (commitlog_sync → commitlogSync). Limits are named …Bytes / …Ms.
 */
export interface StorageOptions {
  /** periodic: ack on write to the OS, fsync every period; batch/group: ack after fsync. */
  readonly commitlogSync: CommitLogSync;
  readonly commitlogSyncPeriodMs: number;
  /** group mode: how long writes gather before one fsync covers them all. */
  readonly commitlogSyncGroupWindowMs: number;
  readonly commitlogSegmentSizeBytes: number;
  /** When segments on disk exceed this, the tables keeping the oldest segment are flushed. */
  readonly commitlogTotalSpaceBytes: number;
  /** Replay skips corrupt commit-log regions instead of refusing to start (data may be lost). */
  readonly commitlogIgnoreReplayErrors: boolean;
  /** A table's memtable is flushed to an SSTable when it reaches this size. */
  readonly memtableFlushThresholdBytes: number;
  /** Unflushed memtable bytes (all tables) above which writers are slowed down. */
  readonly memtableWriterSlowdownBytes: number;
  /** Unflushed memtable bytes above which writers wait for flushes to free memory. */
  readonly memtableWriterStopBytes: number;
  /** How long a stopped writer waits before failing with OverloadedError. */
  readonly memtableWriterStopTimeoutMs: number;
  /** Size-tiered compaction: compact when a tier has at least min, at most max SSTables. */
  readonly compactionMinThreshold: number;
  readonly compactionMaxThreshold: number;
  /** SSTables smaller than this all count as one tier (STCS min_sstable_size). */
  readonly compactionMinSSTableBytes: number;
  /** Compaction I/O budget; 0 = unthrottled. Keeps compaction from starving client requests. */
  readonly compactionThroughputBytesPerSec: number;
  /** Run compaction in a worker thread (real file system only); off = on the request thread. */
  readonly compactionInWorker: boolean;
  readonly compression: Compression;
  /** Decompressed-chunk cache shared by all SSTables. */
  readonly chunkCacheBytes: number;
  /** Snapshot a table before truncating or dropping it (Cassandra's auto_snapshot). */
  readonly autoSnapshot: boolean;
  /**
   * A value longer than this met while reading an SSTable or replaying the commit log is damage
   * (max_value_size_in_mb); the SSTable format's own bound (sstable/limits.ts valueBytesMax) still applies.
   */
  readonly maxValueSizeBytes: number;
  /** What damaged SSTables and failing data files do (disk_failure_policy; disk-failure.ts). */
  readonly diskFailurePolicy: DiskFailurePolicy;
  /** What a failed commit-log write or fsync does (commit_failure_policy; disk-failure.ts). */
  readonly commitFailurePolicy: CommitFailurePolicy;
  /**
   * Under commit_failure_policy stop_commit, how long a write waits on the stopped commit log
   * before it fails as timed out (the node passes write_request_timeout_in_ms).
   */
  readonly commitStoppedWaitMs: number;
  /** A read meeting more tombstones is logged (tombstone_warn_threshold; -1: never). */
  readonly tombstoneWarnThreshold: number;
  /** A read meeting more tombstones is aborted (tombstone_failure_threshold; -1: never). */
  readonly tombstoneFailureThreshold: number;
}

/**
 * Keyspaces whose reads the tombstone thresholds ignore: the node-local system keyspaces, whose
 * reads the node makes itself (Cassandra's ReadCommand respects the thresholds unless the keyspace
 * is a local system keyspace).
 */
export const TOMBSTONE_EXEMPT_KEYSPACES: ReadonlySet<string> = new Set(['system', 'system_schema']);

export const DEFAULT_STORAGE_OPTIONS: StorageOptions = Object.freeze({
  commitlogSync: 'periodic',
  commitlogSyncPeriodMs: 10_000,
  commitlogSyncGroupWindowMs: 2,
  commitlogSegmentSizeBytes: 32 * 1024 * 1024,
  commitlogTotalSpaceBytes: 8 * 1024 * 1024 * 1024,
  commitlogIgnoreReplayErrors: false,
  memtableFlushThresholdBytes: 64 * 1024 * 1024,
  memtableWriterSlowdownBytes: 256 * 1024 * 1024,
  memtableWriterStopBytes: 512 * 1024 * 1024,
  memtableWriterStopTimeoutMs: 10_000,
  compactionMinThreshold: 4,
  compactionMaxThreshold: 32,
  compactionMinSSTableBytes: 50 * 1024 * 1024,
  compactionThroughputBytesPerSec: 64 * 1024 * 1024,
  compactionInWorker: true,
  compression: 'lz4',
  chunkCacheBytes: 64 * 1024 * 1024,
  autoSnapshot: true,
  maxValueSizeBytes: 256 * 1024 * 1024,
  diskFailurePolicy: 'stop',
  commitFailurePolicy: 'stop',
  commitStoppedWaitMs: 2000,
  tombstoneWarnThreshold: 1000,
  tombstoneFailureThreshold: 100_000,
});

/** Defaults overlaid with `overrides`, checked for impossible values. */
export function resolveStorageOptions(overrides: Partial<StorageOptions> = {}): StorageOptions {
  const o: StorageOptions = { ...DEFAULT_STORAGE_OPTIONS, ...overrides };
  if (!['periodic', 'batch', 'group'].includes(o.commitlogSync)) {
    throw new ConfigurationError(`commitlog_sync must be periodic, batch or group, not '${o.commitlogSync}'`);
  }
  if (!['none', 'lz4', 'snappy'].includes(o.compression)) {
    throw new ConfigurationError(`compression must be none, lz4 or snappy, not '${o.compression}'`);
  }
  if (!(diskFailurePolicies as readonly string[]).includes(o.diskFailurePolicy)) {
    throw new ConfigurationError(`disk_failure_policy must be one of ${diskFailurePolicies.join(', ')}, not '${o.diskFailurePolicy}'`);
  }
  if (!(commitFailurePolicies as readonly string[]).includes(o.commitFailurePolicy)) {
    throw new ConfigurationError(`commit_failure_policy must be one of ${commitFailurePolicies.join(', ')}, not '${o.commitFailurePolicy}'`);
  }
  const positive: (keyof StorageOptions)[] = [
    'commitlogSyncPeriodMs', 'commitlogSegmentSizeBytes', 'memtableFlushThresholdBytes',
    'memtableWriterSlowdownBytes', 'memtableWriterStopBytes', 'compactionMinThreshold', 'compactionMaxThreshold', 'maxValueSizeBytes',
  ];
  for (const k of positive) {
    const v = o[k];
    if (typeof v !== 'number' || !(v > 0)) throw new ConfigurationError(`${k} must be a positive number, not ${String(v)}`);
  }
  if (o.memtableWriterStopBytes < o.memtableWriterSlowdownBytes) {
    throw new ConfigurationError('memtableWriterStopBytes must be at least memtableWriterSlowdownBytes');
  }
  if (o.compactionMinThreshold < 2 || o.compactionMaxThreshold < o.compactionMinThreshold) {
    throw new ConfigurationError('compaction thresholds need 2 <= min <= max');
  }
  return o;
}

/**
 * The commit log's options (cassandra.yaml: commitlog_sync, commitlog_sync_period,
 * commitlog_sync_group_window, commitlog_segment_size, commitlog_total_space), their defaults,
 * and their validation.
 */
import type { Env } from '../../env/env.js';
import { ConfigurationError } from '../../errors/ilium-error.js';
import type { ReplayReport } from './replay-report.js';
import type { SyncMode } from './sync-policy.js';

export interface CommitLogOptions {
  readonly env: Env;
  readonly dir: string;
  readonly sync: SyncMode;
  /** periodic: fsync interval. Default 10000. */
  readonly syncPeriodMs?: number;
  /** group: how long entries collect before one fsync. Default 15. */
  readonly groupWindowMs?: number;
  /** Segment file size limit. Default 32 MiB; a mutation may take at most half of it. */
  readonly segmentSizeBytes?: number;
  /** The replay report of `dir`; required when `dir` holds segments (replay before you write). */
  readonly replayed?: ReplayReport;
  /** New segment ids are greater than this (e.g. the highest segment id an SSTable references). */
  readonly minSegmentId?: number;
  /** Adds not yet acknowledged; beyond it add() fails with OverloadedError. Default 65536. */
  readonly unackedAddsMax?: number;
  /** Buffered bytes that force a write to the OS before the turn ends. Default 1 MiB. */
  readonly writeBatchBytesMax?: number;
  /** Bytes all held segments may take (commitlog_total_space). Default 8 GiB. */
  readonly totalSpaceBytesMax?: number;
  /**
   * Called soon after a new segment starts while the held segments exceed `totalSpaceBytesMax`,
   * with the tables still dirty in the oldest one: flush them so it can be deleted.
   */
  readonly onSpacePressure?: (tableIds: readonly string[]) => void;
  /** Told once when the log enters its failed state (a write or fsync failed), with the error every add now gets. */
  readonly onFailure?: (error: Error) => void;
}

export const COMMIT_LOG_DEFAULTS = Object.freeze({
  syncPeriodMs: 10_000,
  groupWindowMs: 15,
  segmentSizeBytes: 32 * 1024 * 1024,
  unackedAddsMax: 65_536,
  writeBatchBytesMax: 1024 * 1024,
  totalSpaceBytesMax: 8 * 1024 * 1024 * 1024,
});

/** Bounds on `segmentSizeBytes`: room for real entries; lengths stay far inside u32. */
export const SEGMENT_SIZE_BYTES_MIN = 4096;
export const SEGMENT_SIZE_BYTES_MAX = 1024 * 1024 * 1024;

export interface ResolvedConfig {
  readonly syncPeriodMs: number;
  readonly groupWindowMs: number;
  readonly segmentSizeBytes: number;
  readonly unackedAddsMax: number;
  readonly writeBatchBytesMax: number;
  readonly totalSpaceBytesMax: number;
}

export function resolveConfig(opts: CommitLogOptions): ResolvedConfig {
  const d = COMMIT_LOG_DEFAULTS;
  const config: ResolvedConfig = {
    syncPeriodMs: opts.syncPeriodMs ?? d.syncPeriodMs,
    groupWindowMs: opts.groupWindowMs ?? d.groupWindowMs,
    segmentSizeBytes: opts.segmentSizeBytes ?? d.segmentSizeBytes,
    unackedAddsMax: opts.unackedAddsMax ?? d.unackedAddsMax,
    writeBatchBytesMax: opts.writeBatchBytesMax ?? d.writeBatchBytesMax,
    totalSpaceBytesMax: opts.totalSpaceBytesMax ?? d.totalSpaceBytesMax,
  };
  if (!['periodic', 'batch', 'group'].includes(opts.sync)) {
    throw new ConfigurationError(`commitlog_sync must be periodic, batch or group, not ${String(opts.sync)}`);
  }
  const s = config.segmentSizeBytes;
  if (!Number.isInteger(s) || s < SEGMENT_SIZE_BYTES_MIN || s > SEGMENT_SIZE_BYTES_MAX) {
    throw new ConfigurationError(
      `commitlog_segment_size must be an integer from ${SEGMENT_SIZE_BYTES_MIN} to ${SEGMENT_SIZE_BYTES_MAX} bytes, not ${s}`,
    );
  }
  for (const [name, v] of Object.entries(config)) {
    if (!Number.isFinite(v) || v <= 0) throw new ConfigurationError(`commit log option ${name} must be positive, not ${v}`);
  }
  return config;
}

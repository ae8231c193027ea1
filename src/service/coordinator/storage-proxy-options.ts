/**
 * The coordinator's timeouts, named as cassandra.yaml names them, with Cassandra's defaults
 * (the same as the internode verb table's).
 */
export interface StorageProxyOptions {
  readonly writeTimeoutMs: number;
  readonly readTimeoutMs: number;
  readonly rangeTimeoutMs: number;
  readonly truncateTimeoutMs: number;
  /**
   * A single-partition read whose replicas have not all answered after this long asks one more
   * replica (Cassandra's per-table speculative_retry; here one value for every table).
   */
  readonly speculativeRetryMs: number;
  /** How long a compare-and-set keeps retrying Paxos rounds lost to contention. */
  readonly casContentionTimeoutMs: number;
}

export type TimeoutConfig = Partial<Record<'write_request_timeout_in_ms' | 'read_request_timeout_in_ms' | 'range_request_timeout_in_ms' | 'truncate_request_timeout_in_ms' | 'cas_contention_timeout_in_ms', number>>;

export const DEFAULT_STORAGE_PROXY_OPTIONS: StorageProxyOptions = Object.freeze({ writeTimeoutMs: 2_000, readTimeoutMs: 5_000, rangeTimeoutMs: 10_000, truncateTimeoutMs: 60_000, speculativeRetryMs: 100, casContentionTimeoutMs: 1_000 });

export function storageProxyOptions(config: TimeoutConfig = {}): StorageProxyOptions {
  const d = DEFAULT_STORAGE_PROXY_OPTIONS;
  const pick = (v: number | undefined, fallback: number, name: string): number => {
    if (v === undefined) return fallback;
    if (!Number.isFinite(v) || v <= 0) throw new RangeError(`${name} must be a positive number of milliseconds, got ${v}`);
    return v;
  };
  return {
    writeTimeoutMs: pick(config.write_request_timeout_in_ms, d.writeTimeoutMs, 'write_request_timeout_in_ms'),
    readTimeoutMs: pick(config.read_request_timeout_in_ms, d.readTimeoutMs, 'read_request_timeout_in_ms'),
    rangeTimeoutMs: pick(config.range_request_timeout_in_ms, d.rangeTimeoutMs, 'range_request_timeout_in_ms'),
    truncateTimeoutMs: pick(config.truncate_request_timeout_in_ms, d.truncateTimeoutMs, 'truncate_request_timeout_in_ms'),
    speculativeRetryMs: d.speculativeRetryMs,
    casContentionTimeoutMs: pick(config.cas_contention_timeout_in_ms, d.casContentionTimeoutMs, 'cas_contention_timeout_in_ms'),
  };
}

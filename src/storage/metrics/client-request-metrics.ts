/**
 * Client request metrics (Cassandra's ClientRequestMetrics, kept by service/StorageProxy): per
 * kind of coordinated request — Read, RangeSlice, Write, CASRead, CASWrite as Cassandra scopes
 * them, plus Ilium's Batch (a write of more than one partition in one request, which Cassandra
 * counts under Write) — and per consistency level (Cassandra 4.1's "Read-QUORUM" scopes), the
 * latency histogram with its rate and the requests that timed out, were unavailable or failed
 * (by the native protocol error code the request ended with).
 *
 * Memory: one entry per (kind, level) used, at most 6 × 11, ~1.5 KiB each. Cost per request: two
 * map lookups and one histogram record, sharing the per-table metrics'
 * two clock reads (service/coordinator/coordinator-metrics.ts).
 */
import { LatencyMetric } from './table-metrics.js';

export const CLIENT_REQUEST_KINDS = ['Read', 'RangeSlice', 'Write', 'Batch', 'CASRead', 'CASWrite'] as const;
export type ClientRequestKind = (typeof CLIENT_REQUEST_KINDS)[number];

/** Native protocol error codes (protocol spec §9) the request outcome is sorted by. */
const UNAVAILABLE = 0x1000;
const TIMEOUTS = new Set([0x1100, 0x1200]);

export class ClientRequestMetric {
  readonly latency: LatencyMetric;
  timeouts = 0;
  unavailables = 0;
  failures = 0;

  constructor(
    readonly kind: ClientRequestKind,
    readonly consistency: string,
    nowNs: number,
  ) {
    this.latency = new LatencyMetric(nowNs);
  }

  /** A request that ended with `error` (its native protocol code, when it has one). */
  failed(error: unknown): void {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === UNAVAILABLE) this.unavailables++;
    else if (typeof code === 'number' && TIMEOUTS.has(code)) this.timeouts++;
    else this.failures++;
  }
}

export class ClientRequestMetrics {
  /** By kind, then level: two lookups of constant strings, nothing allocated per request. */
  private readonly byKind = new Map<ClientRequestKind, Map<string, ClientRequestMetric>>();

  constructor(private readonly nowNs: () => number) {}

  of(kind: ClientRequestKind, consistency: string): ClientRequestMetric {
    let levels = this.byKind.get(kind);
    if (levels === undefined) {
      levels = new Map();
      this.byKind.set(kind, levels);
    }
    let m = levels.get(consistency);
    if (m === undefined) {
      m = new ClientRequestMetric(kind, consistency, this.nowNs());
      levels.set(consistency, m);
    }
    return m;
  }

  all(): ClientRequestMetric[] {
    return [...this.byKind.values()].flatMap((levels) => [...levels.values()]);
  }
}

/**
 * Hinted handoff on the coordinator's side. When a replica misses a write (it is down, or did not
 * answer in time), the coordinator hands the mutation here as a hint for that replica's host id.
 * Hints are kept on disk (`HintsStore`) and delivered when the replica is alive again: at once when
 * the failure detector reports it back (`onAlive`), and by a periodic sweep that also catches
 * hints left from before a restart. Bounded as in Cassandra:
 * - a replica down for longer than max_hint_window_in_ms gets no new hints (it will need repair);
 * - each hint expires (the tables' gc_grace), so a late delivery cannot bring back purged data;
 * - delivery is throttled (hinted_handoff_throttle_in_kb).
 * Background work reports to the node's supervisor: `hints-flush` (the periodic fsync),
 * `hints-dispatch` (a delivery run that threw), `hints-delivery` (a run stopped by a failed send;
 * it resumes later), `hints-file` (a damaged file, quarantined: hints-store.ts).
 */
import type { Env, TimerHandle } from '../env/index.js';
import { CorruptionError } from '../errors/index.js';
import type { NetLogger } from '../net/index.js';
import { BackgroundSupervisor } from '../util/background-supervisor.js';
import { HintsDispatcher, type DispatchResult, type HintDelivery } from './hints-dispatcher.js';
import { HintsStore } from './hints-store.js';

export interface HintsLiveness {
  isAlive(target: string): boolean;
  /** Since when (ms since the epoch) the target is known to be down; null when it is up or unknown. */
  downSinceMs(target: string): number | null;
  /** The target's data centre; null when it is not on the ring. */
  datacenterOf(target: string): string | null;
}

export interface HintsOptions {
  /** hinted_handoff_enabled */
  readonly enabled: boolean;
  /** max_hint_window_in_ms (Cassandra: 3 hours) */
  readonly maxHintWindowMs: number;
  /** hinted_handoff_disabled_datacenters: nodes of these data centres get no hints (Cassandra: none). */
  readonly disabledDatacenters: readonly string[];
  /** hints_flush_period_in_ms (Cassandra: 10 s) */
  readonly flushPeriodMs: number;
  /** How often pending hints of live targets are looked for (Cassandra: every 10 s). */
  readonly dispatchPeriodMs: number;
  /** hinted_handoff_throttle_in_kb × 1024 */
  readonly throttleBytesPerSec: number;
  /** max_hints_file_size_in_mb × 2^20 */
  readonly maxFileBytes: number;
}

export const DEFAULT_HINTS_OPTIONS: HintsOptions = Object.freeze({
  enabled: true,
  maxHintWindowMs: 3 * 3600_000,
  disabledDatacenters: Object.freeze([]),
  flushPeriodMs: 10_000,
  dispatchPeriodMs: 10_000,
  throttleBytesPerSec: 1024 * 1024,
  maxFileBytes: 128 * 1024 * 1024,
});

export interface HintsStats {
  written: number;
  /** Not written: hints off (or off for the target's data centre), or the target down past the window. */
  refused: number;
  delivered: number;
  expired: number;
  damaged: number;
  failedRuns: number;
}

export class HintsService {
  readonly store: HintsStore;
  readonly stats: HintsStats = { written: 0, refused: 0, delivered: 0, expired: 0, damaged: 0, failedRuns: 0 };
  private readonly dispatcher: HintsDispatcher;
  private readonly running = new Map<string, Promise<DispatchResult>>();
  private readonly timers: TimerHandle[] = [];
  private stopped = false;
  private readonly background: BackgroundSupervisor;

  constructor(
    private readonly env: Env,
    dir: string,
    private readonly liveness: HintsLiveness,
    delivery: HintDelivery,
    private readonly options: HintsOptions = DEFAULT_HINTS_OPTIONS,
    private readonly logger: NetLogger,
    /** The node's; default: one that logs to `logger`. */
    background?: BackgroundSupervisor,
  ) {
    this.background = background ?? new BackgroundSupervisor((f) => logger.error('background_task_failed', { ...f }));
    this.store = new HintsStore(env, dir, { maxFileBytes: options.maxFileBytes });
    this.dispatcher = new HintsDispatcher(env, this.store, delivery, {
      throttleBytesPerSec: options.throttleBytesPerSec,
      onDamaged: (d) => this.background.report('hints-file', new CorruptionError(d.path, d.offset, d.reason), `target ${d.target}, moved to ${d.quarantinedTo}`),
    });
  }

  start(): void {
    this.timers.push(this.env.timers.setInterval(() => this.background.run('hints-flush', () => this.store.flush()), this.options.flushPeriodMs));
    this.timers.push(this.env.timers.setInterval(() => this.background.run('hints-dispatch', () => this.sweep()), this.options.dispatchPeriodMs));
  }

  /**
   * Keeps `payload` (a serialized mutation) for `target` until `expiresAtMs`. False when no hint
   * was written: hints are off, or the target has been down longer than the hint window.
   */
  hint(target: string, payload: Uint8Array, expiresAtMs: number): boolean {
    if (this.stopped || !this.shouldHint(target)) {
      this.stats.refused++;
      return false;
    }
    this.store.append(target, { createdAtMs: this.env.clock.nowMs(), expiresAtMs, payload });
    this.stats.written++;
    return true;
  }

  /**
   * Whether a write missed by `target` now would be hinted: in the order of Cassandra 4.0's
   * StorageProxy.shouldHint — hints on, the target's data centre not in
   * hinted_handoff_disabled_datacenters, the target down no longer than the hint window.
   */
  shouldHint(target: string): boolean {
    if (!this.options.enabled) return false;
    if (this.options.disabledDatacenters.length > 0) {
      const dc = this.liveness.datacenterOf(target);
      if (dc !== null && this.options.disabledDatacenters.includes(dc)) return false;
    }
    const downSince = this.liveness.downSinceMs(target);
    return downSince === null || this.env.clock.nowMs() - downSince <= this.options.maxHintWindowMs;
  }

  /** The failure detector saw `target` come back: deliver its hints now. */
  onAlive(target: string): void {
    if (this.store.pendingBytes(target) > 0) this.dispatchInBackground(target);
  }

  /** Delivers `target`'s hints (joins a delivery already running for it). */
  dispatch(target: string): Promise<DispatchResult> {
    const running = this.running.get(target);
    if (running !== undefined) return running;
    const run = this.dispatcher
      .dispatch(target, () => !this.stopped && this.liveness.isAlive(target))
      .then((r) => this.account(target, r))
      .finally(() => this.running.delete(target));
    this.running.set(target, run);
    return run;
  }

  /** Targets with hints waiting. */
  pendingTargets(): string[] {
    return this.store.targets();
  }

  /** Drops every hint for `target` (it left the ring for good). */
  forget(target: string): void {
    this.store.removeAll(target);
  }

  async flush(): Promise<void> {
    await this.store.flush();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers.splice(0)) t.cancel();
    await Promise.allSettled([...this.running.values()]);
    await this.store.close();
  }

  private sweep(): void {
    for (const target of this.store.targets()) if (this.liveness.isAlive(target)) this.dispatchInBackground(target);
  }

  private dispatchInBackground(target: string): void {
    this.background.watch('hints-dispatch', this.dispatch(target), `target ${target}`);
  }

  private account(target: string, r: DispatchResult): DispatchResult {
    this.stats.delivered += r.delivered;
    this.stats.expired += r.expired;
    this.stats.damaged += r.damaged;
    if (r.error !== undefined) {
      this.stats.failedRuns++;
      this.background.report('hints-delivery', r.error, `target ${target} after ${r.delivered} delivered; resumes on the next run`);
    } else if (r.completed && r.delivered + r.expired > 0) {
      this.logger.info('hints_delivered', { target, delivered: r.delivered, expired: r.expired });
    }
    return r;
  }
}

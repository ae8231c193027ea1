/**
 * When the commit log hands entries to the OS, when it fsyncs, and which of the two acknowledges
 * an add — the three modes Cassandra offers (commitlog_sync):
 *
 * - periodic: entries are written to the OS once per event-loop turn and acked right after that
 *   write; an fsync runs every `syncPeriodMs`. A power loss may lose up to a period of acked
 *   writes (a process crash loses none).
 * - batch: an add is acked only after an fsync that covers it. An fsync starts as soon as none is
 *   in flight; entries that arrive during one are covered by the next (natural group commit).
 * - group: entries collect for up to `groupWindowMs` from the first unsynced one, then one write
 *   and one fsync cover them all and they are acked together. Fewer fsyncs than batch, at the
 *   price of latency: an add waits about a window, so throughput is bounded by
 *   (adds in flight) / groupWindowMs.
 */
import type { TimerHandle, Timers } from '../../env/env.js';

export type SyncMode = 'periodic' | 'batch' | 'group';

/** What the log offers its policy. All three are idempotent while a request is pending. */
export interface SyncHost {
  /** Hand buffered entries to the OS at the end of this event-loop turn. */
  scheduleWrite(): void;
  /** Write buffered entries and fsync them at the end of this event-loop turn. */
  scheduleSync(): void;
  /** Write buffered entries and fsync them now, or right after the fsync in flight. */
  requestSync(): void;
}

export interface SyncPolicy {
  readonly mode: SyncMode;
  /** Acknowledge an add once written to the OS (true) or once fsynced (false). */
  readonly acksOnWrite: boolean;
  /** An entry was appended to the log's buffer. */
  onAppend(): void;
  /** Cancels timers; nothing is scheduled afterwards. */
  stop(): void;
}

export interface SyncPolicyOptions {
  readonly mode: SyncMode;
  readonly timers: Timers;
  readonly host: SyncHost;
  readonly syncPeriodMs: number;
  readonly groupWindowMs: number;
}

export function createSyncPolicy(o: SyncPolicyOptions): SyncPolicy {
  switch (o.mode) {
    case 'periodic':
      return new PeriodicSync(o.timers, o.host, o.syncPeriodMs);
    case 'batch':
      return new BatchSync(o.host);
    case 'group':
      return new GroupSync(o.timers, o.host, o.groupWindowMs);
  }
}

class PeriodicSync implements SyncPolicy {
  readonly mode = 'periodic';
  readonly acksOnWrite = true;
  private readonly interval: TimerHandle;

  constructor(
    timers: Timers,
    private readonly host: SyncHost,
    periodMs: number,
  ) {
    this.interval = timers.setInterval(() => host.requestSync(), periodMs);
  }

  onAppend(): void {
    this.host.scheduleWrite();
  }

  stop(): void {
    this.interval.cancel();
  }
}

class BatchSync implements SyncPolicy {
  readonly mode = 'batch';
  readonly acksOnWrite = false;

  constructor(private readonly host: SyncHost) {}

  onAppend(): void {
    this.host.scheduleSync();
  }

  stop(): void {}
}

class GroupSync implements SyncPolicy {
  readonly mode = 'group';
  readonly acksOnWrite = false;
  private window: TimerHandle | null = null;

  constructor(
    private readonly timers: Timers,
    private readonly host: SyncHost,
    private readonly windowMs: number,
  ) {}

  onAppend(): void {
    if (this.window !== null) return;
    this.window = this.timers.setTimeout(() => {
      this.window = null;
      this.host.requestSync();
    }, this.windowMs);
  }

  stop(): void {
    this.window?.cancel();
    this.window = null;
  }
}

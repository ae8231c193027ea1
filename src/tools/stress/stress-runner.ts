/**
 * The load loop: `concurrency` workers share one sequence of operation indices. A worker claims
 * the next index (which also decides warm-up or measured, and whether the run is over), waits for
 * its scheduled start when `--rate` is set, runs it against the target and records the latency
 * from the scheduled start (see start-schedule.ts). Warm-up is the first N operations or the
 * first T milliseconds; the measured window then runs for N operations or T milliseconds and
 * ends when its last operation completes. All time comes from the `Env` clock and timers.
 */
import type { Clock, Timers } from '../../env/index.js';
import type { OpGenerator, StressOp } from './op-generator.js';
import type { CountOrTime } from './option-values.js';
import { StartSchedule } from './start-schedule.js';
import type { StressRecorder } from './stress-recorder.js';

/** The system under test: runs one operation; resolves whether a read found its row. */
export interface StressTarget {
  run(op: StressOp, value: Buffer): Promise<boolean>;
  close(): Promise<void>;
}

export interface RunPlan {
  readonly warmup: CountOrTime;
  readonly length: CountOrTime;
  readonly concurrency: number;
  readonly rate: number;
}

export interface RunOutcome {
  /** Operations in the measured window (successes and errors). */
  readonly measuredOps: number;
  readonly warmupOps: number;
  /** From the first measured operation's claim to the last one's completion. */
  readonly measuredMs: number;
}

export interface RunContext {
  readonly clock: Clock;
  readonly timers: Timers;
  readonly target: StressTarget;
  readonly generator: OpGenerator;
  readonly recorder: StressRecorder;
  /** The error type of a failure, for the summary. */
  readonly errorType: (e: unknown) => string;
}

export class StressRun {
  private readonly schedule: StartSchedule;
  private readonly t0: bigint;
  private nextIndex = 0;
  private warmupOps = 0;
  private measuredOps = 0;
  private measureStartNs: number | undefined;
  private lastDoneNs = 0;

  constructor(
    private readonly ctx: RunContext,
    private readonly plan: RunPlan,
  ) {
    this.schedule = new StartSchedule(plan.rate);
    this.t0 = ctx.clock.monotonicNs();
  }

  /** Nanoseconds since the run began. */
  elapsedNs(): number {
    return Number(this.ctx.clock.monotonicNs() - this.t0);
  }

  get warmingUp(): boolean {
    return this.measureStartNs === undefined;
  }

  async run(): Promise<RunOutcome> {
    await Promise.all(Array.from({ length: this.plan.concurrency }, () => this.worker()));
    const measuredMs = this.measureStartNs === undefined ? 0 : Math.max(0, this.lastDoneNs - this.measureStartNs) / 1e6;
    return { measuredOps: this.measuredOps, warmupOps: this.warmupOps, measuredMs };
  }

  /** The next operation's index and whether it is measured; undefined when the run is over. */
  private claim(nowNs: number): { i: number; measured: boolean } | undefined {
    const { warmup, length } = this.plan;
    if (this.measureStartNs === undefined) {
      const inWarmup = warmup.kind === 'ops' ? this.nextIndex < warmup.ops : nowNs < warmup.ms * 1e6;
      if (inWarmup) {
        this.warmupOps++;
        return { i: this.nextIndex++, measured: false };
      }
      this.measureStartNs = warmup.kind === 'time' ? Math.min(nowNs, warmup.ms * 1e6) : nowNs;
    }
    const over = length.kind === 'ops' ? this.measuredOps >= length.ops : nowNs >= this.measureStartNs + length.ms * 1e6;
    if (over) return undefined;
    this.measuredOps++;
    return { i: this.nextIndex++, measured: true };
  }

  private async worker(): Promise<void> {
    const { target, generator, recorder } = this.ctx;
    for (;;) {
      // one clock read serves the claim, the schedule and the start unless the operation sleeps
      const claimedAt = this.elapsedNs();
      const claimed = this.claim(claimedAt);
      if (claimed === undefined) return;
      const { i, measured } = claimed;
      const op = generator.next(i);
      const waitMs = this.schedule.waitNs(i, claimedAt) / 1e6;
      // sleep only for whole timer ticks; a start up to a tick early is measured from its actual start
      if (waitMs >= 1) await this.sleep(Math.floor(waitMs));
      const from = this.schedule.measureFromNs(i, waitMs >= 1 ? this.elapsedNs() : claimedAt);
      try {
        const found = await target.run(op, generator.value(op));
        const done = this.elapsedNs();
        recorder.ok(op.kind, measured, (done - from) / 1000, found);
        this.finished(measured, done);
      } catch (e) {
        recorder.error(op.kind, measured, this.ctx.errorType(e), e instanceof Error ? e.message : String(e));
        this.finished(measured, this.elapsedNs());
        // a target failing without I/O (no host) must not starve the timers of the event loop
        await new Promise<void>((resolve) => this.ctx.timers.setImmediate(resolve));
      }
    }
  }

  private finished(measured: boolean, doneNs: number): void {
    if (measured) this.lastDoneNs = Math.max(this.lastDoneNs, doneNs);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.ctx.timers.setTimeout(resolve, ms));
  }
}

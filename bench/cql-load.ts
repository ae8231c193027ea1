/**
 * bench:cql's load loop: a closed loop of `inflight` workers, each sending its next request as
 * soon as the last one answered, for a fixed time. Latency is measured from the driver call to
 * its promise settling and kept in an HDR histogram (microseconds, 3 significant digits) — so
 * p50/p99 come from every request, not a sample.
 *
 * With `pace` the loop is paced (the soak runs so): request i is due i / rate seconds after the
 * start (`ilium stress --rate`'s StartSchedule) and a worker waits for it. Open loop, its latency
 * counts from that due time when it went out late, so a stall shows in every request queued
 * behind it; closed loop (paced), from when it went out, so at most `inflight` requests wait, a
 * stall shows as fewer requests per second, and a schedule more than 100 ms behind slips rather
 * than catch up in a burst. With `window` the figures are also cut into
 * windows, each with its own histogram.
 */
import * as hdr from 'hdr-histogram-js';
import { StartSchedule } from '../src/tools/stress/start-schedule.js';

export interface LoadResult {
  readonly ops: number;
  readonly opsPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly p999Ms: number;
  readonly maxMs: number;
  readonly errors: number;
  /** The first error seen, if any (the loop goes on: errors are counted, not fatal). */
  readonly firstError?: string;
}

export interface LoadSpec {
  readonly seconds: number;
  readonly inflight: number;
  /** Sends request number `i` (0, 1, 2, … across all workers). */
  readonly op: (i: number) => Promise<unknown>;
  /** Called about once a second with the figures so far. */
  readonly progress?: (sofar: LoadResult) => void;
  /** Requests per second to pace at, latency from the schedule (open loop) or the send; as fast as the workers go without. */
  readonly pace?: { readonly ratePerSec: number; readonly openLoop: boolean };
  /** Called at the end of every `seconds` with that window's figures. */
  readonly window?: { readonly seconds: number; readonly done: (w: LoadResult) => void };
}

const round2 = (x: number): number => Math.round(x * 100) / 100;
/** How far behind its schedule a closed, paced loop may run and catch up: 100 ms of requests. */
const BURST_NS = 100e6;

/** An HDR histogram of latencies in µs with the error count beside it, over one stretch of time. */
class Tally {
  private readonly histogram = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: 3, autoResize: true });
  private readonly t0 = performance.now();
  private errors = 0;
  private firstError: string | undefined;

  ok(us: number): void {
    this.histogram.recordValue(Math.max(1, Math.round(us)));
  }

  failed(e: unknown): void {
    this.errors++;
    this.firstError ??= String(e);
  }

  elapsedMs(): number {
    return performance.now() - this.t0;
  }

  figures(): LoadResult {
    const elapsedS = this.elapsedMs() / 1000;
    const ops = this.histogram.totalCount;
    const ms = (us: number): number => round2(us / 1000);
    return {
      ops,
      opsPerSec: Math.round(ops / elapsedS),
      p50Ms: ms(this.histogram.getValueAtPercentile(50)),
      p99Ms: ms(this.histogram.getValueAtPercentile(99)),
      p999Ms: ms(this.histogram.getValueAtPercentile(99.9)),
      maxMs: ms(this.histogram.maxValue),
      errors: this.errors,
      ...(this.firstError === undefined ? {} : { firstError: this.firstError }),
    };
  }

  destroy(): void {
    this.histogram.destroy();
  }
}

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const total = new Tally();
  let window = spec.window === undefined ? undefined : new Tally();
  const schedule = new StartSchedule(spec.pace?.ratePerSec ?? 0);
  const openLoop = spec.pace?.openLoop ?? false;
  let shiftNs = 0;
  let next = 0;
  const t0 = performance.now();
  /** Nanoseconds since the start on the schedule's clock (which a closed loop lets slip). */
  const elapsedNs = (): number => (performance.now() - t0) * 1e6 - shiftNs;
  const end = t0 + spec.seconds * 1000;
  const endWindow = (): void => {
    if (window === undefined) return;
    spec.window!.done(window.figures());
    window.destroy();
    window = new Tally();
  };
  const ticker = spec.progress === undefined ? undefined : setInterval(() => spec.progress!(total.figures()), 1000);
  const windows = spec.window === undefined ? undefined : setInterval(endWindow, spec.window.seconds * 1000);
  const worker = async (): Promise<void> => {
    for (;;) {
      const i = next++;
      // Closed loop, a schedule fallen behind by more than a burst slips instead of catching up
      // at full speed: the rate stays a ceiling. Open loop keeps it (the backlog is the measure).
      const due = schedule.dueNs(i);
      if (!openLoop && due !== undefined && elapsedNs() - due > BURST_NS) shiftNs += elapsedNs() - due;
      const waitMs = schedule.waitNs(i, elapsedNs()) / 1e6;
      if (performance.now() + waitMs >= end) return;
      // whole timer ticks only, as stress-runner.ts: a start up to a tick early counts from its actual start
      if (waitMs >= 1) await new Promise((r) => setTimeout(r, Math.floor(waitMs)));
      const sent = performance.now();
      const began = openLoop ? schedule.measureFromNs(i, (sent - t0) * 1e6) / 1e6 + t0 : sent;
      try {
        await spec.op(i);
        const us = (performance.now() - began) * 1000;
        total.ok(us);
        window?.ok(us);
      } catch (e) {
        total.failed(e);
        window?.failed(e);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: spec.inflight }, worker));
  } finally {
    if (ticker !== undefined) clearInterval(ticker);
    if (windows !== undefined) clearInterval(windows);
  }
  // The last window counts when it is at least half a window long (a run of whole windows ends
  // with its last one a few milliseconds after the timer's, which would be noise).
  if (window !== undefined && window.elapsedMs() >= (spec.window!.seconds * 1000) / 2) endWindow();
  window?.destroy();
  const result = total.figures();
  total.destroy();
  return result;
}

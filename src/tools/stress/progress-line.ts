/**
 * The live progress line, once a second on stderr:
 *   [warmup] 12.0s  ops 345678  ops/s 29876  p50 1.024 ms  p99 4.511 ms  errors 0
 * ops is the running total, ops/s and the percentiles cover the last interval only. On a terminal
 * the line is rewritten in place (and ended by `finish`); otherwise one line per interval.
 */
import { percentileMs } from './latency-summary.js';
import type { StressRecorder } from './stress-recorder.js';

export interface ProgressFigures {
  readonly elapsedMs: number;
  readonly warmingUp: boolean;
  readonly ops: number;
  readonly opsPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly errors: number;
}

export function formatProgress(f: ProgressFigures): string {
  return [
    `${f.warmingUp ? '[warmup] ' : ''}${(f.elapsedMs / 1000).toFixed(1)}s`,
    `ops ${f.ops}`,
    `ops/s ${Math.round(f.opsPerSec)}`,
    `p50 ${f.p50Ms.toFixed(3)} ms`,
    `p99 ${f.p99Ms.toFixed(3)} ms`,
    `errors ${f.errors}`,
  ].join('  ');
}

export class ProgressReporter {
  private lastMs = 0;
  private wroteInPlace = false;

  constructor(
    private readonly write: (text: string) => void,
    private readonly tty: boolean,
  ) {}

  /** Reports the interval since the previous call, ending at `elapsedMs` into the run. */
  tick(recorder: StressRecorder, elapsedMs: number, warmingUp: boolean): void {
    const intervalMs = Math.max(1, elapsedMs - this.lastMs);
    this.lastMs = elapsedMs;
    const figures = recorder.takeInterval((i) => ({
      elapsedMs,
      warmingUp,
      ops: recorder.completed,
      opsPerSec: (i.ops * 1000) / intervalMs,
      p50Ms: percentileMs(i.histogram, 50),
      p99Ms: percentileMs(i.histogram, 99),
      errors: recorder.errorsTotal,
    }));
    const line = formatProgress(figures);
    if (this.tty) {
      this.write(`\r${line}\x1b[K`);
      this.wroteInPlace = true;
    } else {
      this.write(`${line}\n`);
    }
  }

  /** Ends a line rewritten in place, so what follows starts on its own line. */
  finish(): void {
    if (this.wroteInPlace) this.write('\n');
    this.wroteInPlace = false;
  }
}

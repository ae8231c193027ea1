/**
 * COPY's progress line on a terminal, rewritten in place at most four times a second:
 * `Processed: 12000 rows; Rate:    5230 rows/s; Avg. rate:    4980 rows/s` (as cqlsh's).
 * Nothing is printed when the output is not a terminal.
 */
import type { ShellIO } from './shell-io.js';

const REPORT_EVERY_MS = 250;

export class Progress {
  private lastAt: number;
  private lastCount = 0;

  constructor(
    private readonly io: ShellIO,
    private readonly startedAt: number,
    private readonly now: () => number,
  ) {
    this.lastAt = startedAt;
  }

  update(count: number, force = false): void {
    if (!this.io.tty) return;
    const t = this.now();
    if (!force && t - this.lastAt < REPORT_EVERY_MS) return;
    const rate = ((count - this.lastCount) * 1000) / Math.max(1, t - this.lastAt);
    const avg = (count * 1000) / Math.max(1, t - this.startedAt);
    this.io.out(`\rProcessed: ${count} rows; Rate: ${rate.toFixed(0).padStart(7)} rows/s; Avg. rate: ${avg.toFixed(0).padStart(7)} rows/s`);
    this.lastAt = t;
    this.lastCount = count;
  }

  done(count: number): void {
    if (!this.io.tty) return;
    this.update(count, true);
    this.io.out('\n');
  }
}

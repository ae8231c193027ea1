/**
 * What a run measured: per operation kind an HDR histogram of latencies (µs) of successful
 * operations, the reads that found no row, and errors counted by type; plus an interval
 * histogram over all kinds for the progress line, emptied at every report. Warm-up operations
 * (`measured` false) feed only the interval figures, never the summary's.
 */
import type { Histogram } from 'hdr-histogram-js';
import { latencyHistogram } from './latency-summary.js';
import type { OpKind } from './op-mix.js';

export interface KindRecord {
  readonly histogram: Histogram;
  notFound: number;
  readonly errors: Map<string, number>;
  /** The first message of each error type (an ERROR response's text, a socket error's). */
  readonly firstErrors: Map<string, string>;
}

export interface IntervalFigures {
  readonly ops: number;
  readonly errors: number;
  readonly histogram: Histogram;
}

export class StressRecorder {
  readonly byKind: ReadonlyMap<OpKind, KindRecord>;
  private readonly interval: Histogram = latencyHistogram();
  private intervalErrors = 0;
  /** Every operation finished, warm-up included (the progress line's running count). */
  completed = 0;
  errorsTotal = 0;

  constructor(kinds: readonly OpKind[]) {
    this.byKind = new Map(kinds.map((k) => [k, { histogram: latencyHistogram(), notFound: 0, errors: new Map<string, number>(), firstErrors: new Map<string, string>() }]));
  }

  /** A successful operation; `found` false for a read of a key that holds no row. */
  ok(kind: OpKind, measured: boolean, latencyUs: number, found = true): void {
    const us = Math.max(1, Math.round(latencyUs));
    this.completed++;
    this.interval.recordValue(us);
    if (!measured) return;
    const r = this.record(kind);
    r.histogram.recordValue(us);
    if (!found) r.notFound++;
  }

  error(kind: OpKind, measured: boolean, type: string, message = ''): void {
    this.completed++;
    this.errorsTotal++;
    this.intervalErrors++;
    if (!measured) return;
    const { errors, firstErrors } = this.record(kind);
    errors.set(type, (errors.get(type) ?? 0) + 1);
    if (!firstErrors.has(type)) firstErrors.set(type, message);
  }

  /** The interval since the last call; `use` reads the histogram before it is emptied. */
  takeInterval<T>(use: (f: IntervalFigures) => T): T {
    const out = use({ ops: this.interval.totalCount + this.intervalErrors, errors: this.intervalErrors, histogram: this.interval });
    this.interval.reset();
    this.intervalErrors = 0;
    return out;
  }

  private record(kind: OpKind): KindRecord {
    const r = this.byKind.get(kind);
    if (r === undefined) throw new Error(`no record for operation kind ${kind}`);
    return r;
  }
}

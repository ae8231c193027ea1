/**
 * bench:cql's load loop: a closed loop of `inflight` workers, each sending its next request as
 * soon as the last one answered, for a fixed time. Latency is measured from the driver call to
 * its promise settling and kept in an HDR histogram (microseconds, 3 significant digits) — so
 * p50/p99 come from every request, not a sample.
 */
import * as hdr from 'hdr-histogram-js';

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
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const histogram = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: 3, autoResize: true });
  let next = 0;
  let errors = 0;
  let firstError: string | undefined;
  const t0 = performance.now();
  const end = t0 + spec.seconds * 1000;
  const figures = (): LoadResult => {
    const elapsedS = (performance.now() - t0) / 1000;
    const ops = histogram.totalCount;
    const ms = (us: number): number => round2(us / 1000);
    return {
      ops,
      opsPerSec: Math.round(ops / elapsedS),
      p50Ms: ms(histogram.getValueAtPercentile(50)),
      p99Ms: ms(histogram.getValueAtPercentile(99)),
      p999Ms: ms(histogram.getValueAtPercentile(99.9)),
      maxMs: ms(histogram.maxValue),
      errors,
      ...(firstError === undefined ? {} : { firstError }),
    };
  };
  const ticker = spec.progress === undefined ? undefined : setInterval(() => spec.progress!(figures()), 1000);
  const worker = async (): Promise<void> => {
    while (performance.now() < end) {
      const began = performance.now();
      try {
        await spec.op(next++);
        histogram.recordValue(Math.max(1, Math.round((performance.now() - began) * 1000)));
      } catch (e) {
        errors++;
        firstError ??= String(e);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: spec.inflight }, worker));
  } finally {
    if (ticker !== undefined) clearInterval(ticker);
  }
  const result = figures();
  histogram.destroy();
  return result;
}

/**
 * The arithmetic of `bench:sweep`: medians over runs (per figure, and pointwise for percentile
 * series), the HDR-style grid of percentiles a distribution is read at, and the level where
 * throughput stops growing. Pure functions.
 */
import type { LevelFigures } from './sweep-data.js';

/** The median (the mean of the middle two for an even count). */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) throw new RangeError('the median of nothing');
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const round = (x: number, digits: number): number => Number(x.toFixed(digits));

/** Each figure's median over the runs, on its own (so the result need not be one of the runs). */
export function medianFigures(runs: readonly LevelFigures[]): LevelFigures {
  const m = (f: (r: LevelFigures) => number, digits: number): number => round(median(runs.map(f)), digits);
  return {
    opsPerSec: m((r) => r.opsPerSec, 0),
    p50Ms: m((r) => r.p50Ms, 3),
    p90Ms: m((r) => r.p90Ms, 3),
    p99Ms: m((r) => r.p99Ms, 3),
    p999Ms: m((r) => r.p999Ms, 3),
    maxMs: m((r) => r.maxMs, 3),
    errors: m((r) => r.errors, 0),
    notFound: m((r) => r.notFound, 0),
    load1: m((r) => r.load1, 2),
  };
}

/**
 * Percentiles evenly spaced on the HDR axis (log10 of 1/(1 − p)): `perDecade` per nine from 0%,
 * plus 50%, while 1/(1 − p) ≤ `count` (beyond that a percentile is the maximum again).
 */
export function percentileGrid(count: number, perDecade = 10, maxNines = 5): number[] {
  const out = new Set<number>([0]);
  if (count >= 2) out.add(50);
  for (let k = 1; k <= maxNines * perDecade; k++) {
    const inverse = 10 ** (k / perDecade);
    if (inverse > count) break;
    out.add(Number((100 * (1 - 1 / inverse)).toPrecision(10)));
  }
  return [...out].sort((a, b) => a - b);
}

/** The pointwise median of series read at the same percentiles, cut to the shortest. */
export function medianSeries(runs: readonly (readonly number[])[]): number[] {
  if (runs.length === 0) return [];
  const n = Math.min(...runs.map((r) => r.length));
  return Array.from({ length: n }, (_, i) => round(median(runs.map((r) => r[i]!)), 3));
}

/**
 * The lowest level whose throughput is within `tolerance` (default 10%) of the best level's: where
 * adding requests in flight stops buying throughput. Levels in any order.
 */
export function saturationLevel(levels: readonly { concurrency: number; opsPerSec: number }[], tolerance = 0.1): number | undefined {
  if (levels.length === 0) return undefined;
  const best = Math.max(...levels.map((l) => l.opsPerSec));
  return [...levels].sort((a, b) => a.concurrency - b.concurrency).find((l) => l.opsPerSec >= best * (1 - tolerance))!.concurrency;
}

/**
 * Scales for the SVG charts: a map from data values to pixels and the ticks an axis shows.
 *   linear       nice ticks (1, 2 or 5 × 10^k apart); the domain widened to whole ticks
 *   log          base 2 (concurrency: 1, 2, 4, … 256) or base 10 (0.1, 1, 10 ms), the domain
 *                widened to whole powers of the base
 *   percentile   HDR style: position by log10(1 / (1 − p)), so 0%, 90%, 99%, 99.9%, 99.99% sit one
 *                decade apart and the tail gets as much room as the body
 * Everything here is a pure function of its arguments.
 */
import { formatTick } from './format.js';

export interface Tick {
  readonly value: number;
  readonly label: string;
}

export interface Scale {
  readonly kind: 'linear' | 'log' | 'percentile';
  /** The (widened) data interval the axis spans. */
  readonly domain: readonly [number, number];
  /** Pixel positions of domain[0] and domain[1] (may be decreasing, as for a y axis). */
  readonly range: readonly [number, number];
  /** A data value's pixel position (clamped to the domain for log and percentile scales). */
  map(value: number): number;
  readonly ticks: readonly Tick[];
}

export type ScaleSpec =
  | { readonly kind: 'linear'; readonly includeZero?: boolean; readonly tickCount?: number }
  | { readonly kind: 'log'; readonly base: 2 | 10 }
  | { readonly kind: 'percentile' };

/** The step of about `count` nice ticks over `span`: 1, 2 or 5 × 10^k. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || !(count > 0)) return 1;
  const raw = span / count;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const frac = raw / pow;
  const nice = frac <= 1 ? 1 : frac <= 2 ? 2 : frac <= 5 ? 5 : 10;
  return nice * pow;
}

/** Cleans float noise (0.30000000000000004 → 0.3). */
const clean = (x: number): number => Number(x.toPrecision(12));

export function linearTicks(min: number, max: number, count: number): { domain: [number, number]; ticks: number[] } {
  // A span too small to divide (one value, or float dust) is widened around the values.
  if (max - min <= Math.max(Math.abs(min), Math.abs(max), 1) * 1e-9) {
    const pad = Math.abs(min) < 1e-9 ? 1 : Math.abs(min) / 2;
    return linearTicks(min - pad, max + pad, count);
  }
  const step = niceStep(max - min, count);
  const lo = Math.floor(clean(min / step)) * step;
  const hi = Math.ceil(clean(max / step)) * step;
  const ticks: number[] = [];
  for (let i = 0; lo + i * step <= hi + step / 1e9; i++) ticks.push(clean(lo + i * step));
  return { domain: [clean(lo), clean(hi)], ticks };
}

/**
 * Log ticks around [min, max] (both > 0). Base 2: the domain widened to whole powers of two, each
 * one a tick. Base 10: the domain widened to the nearest 1, 2 or 5 × 10^k (so 0.18–130 ms spans
 * 0.1–200, not 0.1–1000); ticks at 1, 2 and 5 × 10^k when it spans up to three decades, at the
 * decades and the two ends when it spans more.
 */
export function logTicks(min: number, max: number, base: 2 | 10): { domain: [number, number]; ticks: number[] } {
  if (!(min > 0) || !(max > 0)) throw new RangeError(`a log scale needs positive values, got [${min}, ${max}]`);
  if (base === 2) {
    const lo = Math.floor(clean(Math.log2(min)));
    let hi = Math.ceil(clean(Math.log2(max)));
    if (lo === hi) hi++;
    const ticks: number[] = [];
    for (let k = lo; k <= hi; k++) ticks.push(clean(2 ** k));
    return { domain: [ticks[0]!, ticks.at(-1)!], ticks };
  }
  const steps = (k: number): number[] => [1, 2, 5].map((c) => clean(c * 10 ** k));
  const kMin = Math.floor(clean(Math.log10(min)));
  const kMax = Math.floor(clean(Math.log10(max)));
  const lo = steps(kMin).filter((v) => v <= clean(min)).at(-1) ?? clean(10 ** kMin);
  let hi = [...steps(kMax), clean(10 ** (kMax + 1))].find((v) => v >= clean(max))!;
  if (hi <= lo) hi = [...steps(kMax), clean(10 ** (kMax + 1))].find((v) => v > lo)!;
  const all: number[] = [];
  for (let k = kMin; k <= kMax + 1; k++) all.push(...steps(k));
  const inside = all.filter((v) => v >= lo && v <= hi);
  const ticks = Math.log10(hi / lo) <= 3 + 1e-9 ? inside : [...new Set([lo, ...inside.filter((v) => Number.isInteger(clean(Math.log10(v)))), hi])];
  return { domain: [lo, hi], ticks };
}

/** Position of percentile p (0 ≤ p < 100) on the HDR axis: log10(1 / (1 − p/100)). */
export function percentilePosition(p: number): number {
  return Math.log10(1 / (1 - p / 100));
}

/** The HDR axis's labelled percentiles: 0, 50, 90, 99, 99.9, … up to `max`. */
export function percentileTicks(max: number): number[] {
  const ticks = [0, 50];
  for (let nines = 1; ; nines++) {
    const p = clean(100 - 10 ** (2 - nines));
    if (p > max + 1e-9) break;
    ticks.push(p);
  }
  return ticks;
}

const interpolate =
  (d0: number, d1: number, r0: number, r1: number) =>
  (x: number): number =>
    d1 === d0 ? (r0 + r1) / 2 : r0 + ((x - d0) / (d1 - d0)) * (r1 - r0);

const clamp = (x: number, a: number, b: number): number => Math.min(Math.max(x, Math.min(a, b)), Math.max(a, b));

/** A scale over the data values `values` (at least one) onto `range`. */
export function makeScale(spec: ScaleSpec, values: readonly number[], range: readonly [number, number]): Scale {
  if (values.length === 0) throw new RangeError('a scale needs at least one value');
  const min = Math.min(...values);
  const max = Math.max(...values);
  if (spec.kind === 'linear') {
    const t = linearTicks(spec.includeZero === true ? Math.min(0, min) : min, spec.includeZero === true ? Math.max(0, max) : max, spec.tickCount ?? 6);
    const f = interpolate(t.domain[0], t.domain[1], range[0], range[1]);
    return { kind: 'linear', domain: t.domain, range, map: f, ticks: t.ticks.map((v) => ({ value: v, label: formatTick(v) })) };
  }
  if (spec.kind === 'log') {
    const t = logTicks(min, max, spec.base);
    const log = (x: number): number => Math.log(x) / Math.log(spec.base);
    const f = interpolate(log(t.domain[0]), log(t.domain[1]), range[0], range[1]);
    const map = (x: number): number => f(log(clamp(x, t.domain[0], t.domain[1])));
    return { kind: 'log', domain: t.domain, range, map, ticks: t.ticks.map((v) => ({ value: v, label: formatTick(v) })) };
  }
  // percentile: from 0% to the next power of ten of 1/(1 − p) above the highest percentile
  const topNines = Math.max(1, Math.ceil(clean(percentilePosition(Math.min(max, 99.9999)))));
  const top = clean(100 - 10 ** (2 - topNines));
  const f = interpolate(0, topNines, range[0], range[1]);
  const map = (p: number): number => f(percentilePosition(clamp(p, 0, top)));
  return { kind: 'percentile', domain: [0, top], range, map, ticks: percentileTicks(top).map((p) => ({ value: p, label: `${p}%` })) };
}

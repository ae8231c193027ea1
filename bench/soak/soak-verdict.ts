/**
 * The soak's verdict over its windows (one a minute in a 30-minute run). Three checks:
 *
 * - **RSS flat**: over the judged windows — the last two thirds of the run (the issue asks for
 *   the last 20 of 30 minutes) — every window's RSS (the median of its once-a-second samples) lies
 *   within ±`rssTolerance` (10%) of the median of those windows. A leak of more than about
 *   2 × tolerance over the judged stretch fails it; so does a plateau that keeps moving.
 * - **p99 stable**: the median p99 of the last three windows is at most `p99Ratio` (2) times the
 *   median p99 of the first three steady windows (windows 2–4: the first is warm-up — JIT,
 *   connections, the young generation growing). Medians of three, because on a shared machine one
 *   window can catch a neighbour's compile; a latency that keeps growing moves all three.
 * - **No errors**: no failed request in any window and no failed nodetool command.
 */

/** One window of the soak's load. */
export interface SoakWindow {
  /** Seconds since the paced load began, at the window's end. */
  readonly endS: number;
  readonly opsPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly errors: number;
  /** The node's resident memory: the median of the window's samples, in MiB. */
  readonly rssMiB: number;
}

export interface VerdictLimits {
  /** RSS of every judged window within ± this fraction of their median. */
  readonly rssTolerance: number;
  /** Last windows' p99 at most this many times the first steady windows'. */
  readonly p99Ratio: number;
}

export const DEFAULT_LIMITS: VerdictLimits = { rssTolerance: 0.1, p99Ratio: 2 };

export interface Verdict {
  readonly pass: boolean;
  /** One line per check, each saying what it measured and whether it held. */
  readonly lines: readonly string[];
  readonly rss: { readonly medianMiB: number; readonly minMiB: number; readonly maxMiB: number; readonly judgedFromS: number };
  readonly p99: { readonly steadyMs: number; readonly lastMs: number };
  readonly errors: number;
}

/** Windows needed: one warm-up, three steady ones, and the last three not overlapping them. */
export const WINDOWS_MIN = 7;

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const r2 = (x: number): number => Math.round(x * 100) / 100;

/** Judges the windows; `otherErrors` counts failures outside them (nodetool commands). */
export function judgeSoak(windows: readonly SoakWindow[], otherErrors: number, limits: VerdictLimits = DEFAULT_LIMITS): Verdict {
  if (windows.length < WINDOWS_MIN) throw new RangeError(`the soak needs at least ${WINDOWS_MIN} windows to judge, got ${windows.length}`);
  const judged = windows.slice(Math.floor(windows.length / 3));
  const rssAll = judged.map((w) => w.rssMiB);
  const rssMedian = median(rssAll);
  const [rssMin, rssMax] = [Math.min(...rssAll), Math.max(...rssAll)];
  const rssOk = rssMax <= rssMedian * (1 + limits.rssTolerance) && rssMin >= rssMedian * (1 - limits.rssTolerance);
  const steady = median(windows.slice(1, 4).map((w) => w.p99Ms));
  const last = median(windows.slice(-3).map((w) => w.p99Ms));
  const p99Ok = last <= steady * limits.p99Ratio;
  const errors = windows.reduce((n, w) => n + w.errors, 0) + otherErrors;
  const pct = Math.round(limits.rssTolerance * 100);
  const judgedFromS = windows[Math.floor(windows.length / 3) - 1]?.endS ?? 0;
  const lines = [
    `RSS ${rssOk ? 'flat' : 'NOT flat'}: from ${judgedFromS} s on, ${r2(rssMin)}–${r2(rssMax)} MiB around a median of ${r2(rssMedian)} MiB (${r2(((rssMin - rssMedian) / rssMedian) * 100)}% to +${r2(((rssMax - rssMedian) / rssMedian) * 100)}%; limit ±${pct}%)`,
    `p99 ${p99Ok ? 'stable' : 'NOT stable'}: last three windows ${last} ms, first steady three ${steady} ms (${r2(last / steady)}×; limit ${limits.p99Ratio}×)`,
    `errors: ${errors}${errors === 0 ? '' : ' (limit 0)'}`,
  ];
  return {
    pass: rssOk && p99Ok && errors === 0,
    lines,
    rss: { medianMiB: r2(rssMedian), minMiB: rssMin, maxMiB: rssMax, judgedFromS },
    p99: { steadyMs: steady, lastMs: last },
    errors,
  };
}

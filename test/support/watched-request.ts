/**
 * A large request watched from outside the node (test/reliability): while it runs, the node's
 * resident set is sampled every 20 ms and a latency probe (latency-probe.ts) keeps asking on its
 * own connection; `watched` gives the request's result, the peak RSS growth over the level
 * before, the probes' latencies meanwhile and the time taken.
 */
import type { LatencyProbe } from './latency-probe.js';
import { rssBytes } from './process-stats.js';

export interface Watched<T> {
  readonly result: T;
  readonly rssGrowth: number;
  readonly probes: number[];
  readonly ms: number;
}

export async function watched<T>(pid: number, probe: LatencyProbe, work: () => Promise<T>): Promise<Watched<T>> {
  const before = rssBytes(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 20);
  const t0 = Date.now();
  try {
    const result = await work();
    const t1 = Date.now();
    return { result, rssGrowth: Math.max(peak, rssBytes(pid)) - before, probes: probe.between(t0, t1), ms: t1 - t0 };
  } finally {
    clearInterval(sampler);
  }
}

/** The five slowest probes, for the log. */
export function slowest(probes: readonly number[]): string {
  return [...probes].sort((a, b) => b - a).slice(0, 5).map((ms) => `${Math.round(ms)} ms`).join(', ');
}

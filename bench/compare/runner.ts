/**
 * bench:compare's driver: a fixed number of operations with `inflight` outstanding (a closed
 * loop: each worker sends its next operation when its last one answered), timed per operation,
 * and the whole workload on one store: an unmeasured warm-up on users apart from the measured
 * ones, then register, follow, tweet and timeline reads, each measured, then the correctness
 * check (`verify.ts`). Every operation's failure stops the run: a broken workload must not be
 * measured as a fast one.
 */
import type { TwitterStore } from './store.js';
import { verifyStore } from './verify.js';
import type { Workload } from './workload.js';

export const OPERATIONS = ['register', 'follow', 'tweet', 'timeline'] as const;
export type Operation = (typeof OPERATIONS)[number];

export interface PhaseResult {
  readonly ops: number;
  readonly seconds: number;
  readonly opsPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

export const PAGE_SIZE = 20;

const round2 = (x: number): number => Math.round(x * 100) / 100;

/** Runs `op(0)` … `op(count - 1)` with `inflight` outstanding; rejects on the first failure. */
export async function runOps(count: number, inflight: number, op: (i: number) => Promise<unknown>, tick?: (done: number) => void): Promise<PhaseResult> {
  const latenciesMs = new Float64Array(count);
  let next = 0;
  let done = 0;
  let failed: unknown;
  const t0 = performance.now();
  const ticker = tick === undefined ? undefined : setInterval(() => tick(done), 1000);
  const worker = async (): Promise<void> => {
    while (next < count && failed === undefined) {
      const i = next++;
      const began = performance.now();
      try {
        await op(i);
      } catch (e) {
        failed ??= e;
        return;
      }
      latenciesMs[i] = performance.now() - began;
      done++;
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(inflight, count) }, worker));
  } finally {
    if (ticker !== undefined) clearInterval(ticker);
  }
  if (failed !== undefined) throw failed;
  const seconds = (performance.now() - t0) / 1000;
  latenciesMs.sort();
  const at = (p: number): number => round2(latenciesMs[Math.min(count - 1, Math.floor(count * p))] ?? 0);
  return { ops: count, seconds: round2(seconds), opsPerSec: Math.round(count / seconds), p50Ms: at(0.5), p99Ms: at(0.99) };
}

/** The four phases of a workload in order; each callback gets the phase's op count and op. */
function phases(w: Workload, store: TwitterStore): [Operation, number, (i: number) => Promise<unknown>][] {
  return [
    ['register', w.users.length, (i) => store.register(w.users[i]!)],
    ['follow', w.follows.length, (i) => store.follow(w.follows[i]!)],
    ['tweet', w.tweets.length, (i) => store.tweet(w.tweets[i]!)],
    ['timeline', w.reads.length, (i) => store.timeline(w.reads[i]!, PAGE_SIZE)],
  ];
}

export interface RunOptions {
  readonly inflight: number;
  readonly label: string;
  readonly progress: (line: string) => void;
}

/** Warm-up, the measured phases, then the correctness check. */
export async function runWorkload(store: TwitterStore, measured: Workload, warmup: Workload, o: RunOptions): Promise<Record<Operation, PhaseResult>> {
  for (const [op, count, fn] of phases(warmup, store)) {
    o.progress(`${o.label}: warm-up ${op} ×${count}`);
    await runOps(count, o.inflight, fn);
  }
  const results = {} as Record<Operation, PhaseResult>;
  for (const [op, count, fn] of phases(measured, store)) {
    const t0 = performance.now();
    const tick = (done: number): void => o.progress(`${o.label}: ${op} ${done}/${count}, ${Math.round(done / ((performance.now() - t0) / 1000))}/s`);
    results[op] = await runOps(count, o.inflight, fn, tick);
    o.progress(`${o.label}: ${op} ${results[op].opsPerSec}/s (p50 ${results[op].p50Ms} ms, p99 ${results[op].p99Ms} ms)`);
  }
  o.progress(`${o.label}: checking the answers`);
  await verifyStore(store, measured, PAGE_SIZE);
  return results;
}

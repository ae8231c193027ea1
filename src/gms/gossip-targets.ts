/**
 * Whom a gossip round talks to, as Cassandra decides it (pure; the randomness is passed in):
 *
 *   1. one random live peer;
 *   2. one random unreachable peer with probability unreachable / (live + 1), so dead nodes are
 *      retried without flooding them;
 *   3. one random seed when step 1 did not reach a seed or fewer peers are live than there are
 *      seeds: always when nobody is live, else with probability seeds / (live + unreachable).
 *      Seeds are how partitioned groups find each other again.
 */
import type { Random } from '../env/index.js';

export function pickRandom<T>(items: readonly T[], random: Random): T | undefined {
  if (items.length === 0) return undefined;
  return items[Math.min(items.length - 1, Math.floor(random.next() * items.length))];
}

export function unreachableProbability(liveCount: number, unreachableCount: number): number {
  return unreachableCount === 0 ? 0 : unreachableCount / (liveCount + 1);
}

/** 1 when nobody is live (always try a seed); seeds / (live + unreachable) otherwise. */
export function seedProbability(seedCount: number, liveCount: number, unreachableCount: number): number {
  if (seedCount === 0) return 0;
  if (liveCount === 0) return 1;
  return Math.min(1, seedCount / (liveCount + unreachableCount));
}

/** Fisher–Yates with `random`: the digest order of a SYN (Cassandra shuffles it every round). */
export function shuffled<T>(items: readonly T[], random: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.min(i, Math.floor(random.next() * (i + 1)));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

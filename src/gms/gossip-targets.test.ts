import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { SeededRandom } from '../env/seeded-random.js';
import { pickRandom, seedProbability, shuffled, unreachableProbability } from './gossip-targets.js';

test('probabilities as Cassandra computes them', () => {
  assert.equal(unreachableProbability(4, 0), 0);
  assert.equal(unreachableProbability(3, 1), 1 / 4);
  assert.equal(unreachableProbability(0, 2), 2, 'above 1: always');
  assert.equal(seedProbability(0, 3, 0), 0);
  assert.equal(seedProbability(2, 0, 5), 1, 'nobody live: always a seed');
  assert.equal(seedProbability(1, 3, 1), 1 / 4);
});

test('pickRandom and shuffled use the given randomness and keep every element', () => {
  fc.assert(
    fc.property(fc.array(fc.integer(), { maxLength: 20 }), fc.integer({ min: 0, max: 1e9 }), (xs, seed) => {
      const s = shuffled(xs, new SeededRandom(seed));
      assert.deepEqual([...s].sort((p, q) => p - q), [...xs].sort((p, q) => p - q));
      assert.deepEqual(shuffled(xs, new SeededRandom(seed)), s, 'same seed, same order');
      const pick = pickRandom(xs, new SeededRandom(seed));
      assert.ok(xs.length === 0 ? pick === undefined : xs.includes(pick!));
    }),
  );
  const counts = [0, 0, 0];
  const r = new SeededRandom(7);
  for (let i = 0; i < 3000; i++) counts[pickRandom([0, 1, 2], r)!]!++;
  for (const n of counts) assert.ok(n > 900 && n < 1100, `roughly uniform: ${counts.join(', ')}`);
});

/** The gossip generation rises on every start, even two starts within one second. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSimEnv } from '../env/index.js';
import { nextGossipGeneration } from './gossip-generation.js';

test('a restart in the same second still takes a higher generation; later starts take the clock', () => {
  const env = createSimEnv(1);
  env.fs.mkdirSync('/d');
  const first = nextGossipGeneration(env, '/d');
  assert.equal(first, Math.floor(env.clock.nowMs() / 1000));
  assert.equal(nextGossipGeneration(env, '/d'), first + 1);
  env.clock.advanceToMicros((env.clock.nowMs() + 60_000) * 1000);
  assert.equal(nextGossipGeneration(env, '/d'), Math.floor(env.clock.nowMs() / 1000));
});

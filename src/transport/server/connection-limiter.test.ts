/** ConnectionLimiter: Cassandra's reading of the caps, per-IP counts, released places, throttled logging. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSimEnv } from '../../env/index.js';
import { ConnectionLimiter } from './connection-limiter.js';
import { RecordingLogger } from './transport-logger.js';

function limiter(connectionsMax: number, connectionsPerIpMax: number) {
  const env = createSimEnv(1);
  const logger = new RecordingLogger();
  return { env, logger, l: new ConnectionLimiter({ connectionsMax, connectionsPerIpMax }, env.clock, logger) };
}

test('-1 is no cap; a total of 0 refuses everything; a per-IP value below 1 is no cap (as Cassandra reads them)', () => {
  assert.equal(limiter(-1, -1).l.limiting, false);
  const zero = limiter(0, -1).l;
  assert.equal(zero.limiting, true);
  assert.equal(zero.admit('10.0.0.1'), false);
  const perIpZero = limiter(5, 0).l;
  for (let i = 0; i < 5; i++) assert.equal(perIpZero.admit('10.0.0.1'), true);
  assert.equal(perIpZero.admit('10.0.0.2'), false);
});

test('per-IP counts are per address; released places are given again', () => {
  const { l } = limiter(3, 2);
  assert.equal(l.admit('10.0.0.1'), true);
  assert.equal(l.admit('10.0.0.1'), true);
  assert.equal(l.admit('10.0.0.1'), false, 'third from one address');
  assert.equal(l.admit('10.0.0.2'), true);
  assert.equal(l.admit('10.0.0.3'), false, 'fourth in all');
  assert.equal(l.connections, 3);
  l.release('10.0.0.1');
  assert.equal(l.admit('10.0.0.3'), true);
  assert.equal(l.admit('10.0.0.1'), false, 'the total is full again');
  l.release('10.0.0.2');
  assert.equal(l.admit('10.0.0.1'), true);
  assert.throws(() => l.release('10.9.9.9'), /never admitted/);
});

test('refusals are logged at most once a minute per cap', () => {
  const { l, logger, env } = limiter(1, -1);
  assert.equal(l.admit('a'), true);
  for (let i = 0; i < 5; i++) assert.equal(l.admit('a'), false);
  assert.equal(logger.entries.length, 1);
  assert.equal(logger.entries[0]!.level, 'error');
  env.clock.advanceMs(60_000);
  assert.equal(l.admit('b'), false);
  assert.equal(logger.entries.length, 2);
});

/** Token ownership (nodetool status' Owns): range widths on Murmur3, equal shares elsewhere, summing to 1. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ByteOrderedPartitioner, Murmur3Partitioner } from '../dht/index.js';
import { endpoint, SimpleSnitch, TokenMetadata } from '../locator/index.js';
import { tokenOwnership } from './token-ownership.js';

test('Murmur3: a node owns the range from its predecessor; a lone node owns everything', () => {
  const p = new Murmur3Partitioner();
  const a = endpoint('127.0.0.1');
  const b = endpoint('127.0.0.2');
  const lone = TokenMetadata.empty(p, new SimpleSnitch()).withNormalTokens(a, [5n]);
  assert.deepEqual([...tokenOwnership(lone)], [[a, 1]]);
  const two = lone.withNormalTokens(b, [5n + 2n ** 62n]);
  const own = tokenOwnership(two);
  assert.ok(Math.abs(own.get(b)! - 0.25) < 1e-9);
  assert.ok(Math.abs(own.get(a)! - 0.75) < 1e-9);
  assert.deepEqual(tokenOwnership(TokenMetadata.empty(p, new SimpleSnitch())).size, 0);
});

test('key-ordered partitioners: an equal share per token', () => {
  const p = new ByteOrderedPartitioner();
  const ring = TokenMetadata.empty(p, new SimpleSnitch())
    .withNormalTokens(endpoint('127.0.0.1'), [Buffer.from('a'), Buffer.from('m')])
    .withNormalTokens(endpoint('127.0.0.2'), [Buffer.from('t')]);
  const own = tokenOwnership(ring);
  assert.ok(Math.abs(own.get(endpoint('127.0.0.1'))! - 2 / 3) < 1e-9);
  assert.ok(Math.abs(own.get(endpoint('127.0.0.2'))! - 1 / 3) < 1e-9);
});

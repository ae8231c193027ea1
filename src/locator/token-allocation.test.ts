/** Token choice: initial_token parsing and checks, random tokens deterministic per seed and collision-free. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ByteOrderedPartitioner, type Partitioner, RandomPartitioner, type Token } from '../dht/index.js';
import { type Random, SeededRandom } from '../env/index.js';
import { ConfigurationError } from '../errors/index.js';
import { SimpleSnitch } from './simple-snitch.js';
import { ep, murmur3, threeNodeRing } from '../../test/support/locator/rings.js';
import { chooseTokens, parseInitialTokens, randomTokens } from './token-allocation.js';
import { TokenMetadata } from './token-metadata.js';

const config = (e: unknown, re: RegExp) => e instanceof ConfigurationError && re.test(e.message);

test('initial_token: a comma-separated list in the partitioner\'s form', () => {
  assert.deepEqual(parseInitialTokens('-9223372036854775808, 0 ,42', murmur3), [-(2n ** 63n), 0n, 42n]);
  assert.deepEqual(parseInitialTokens('170141183460469231731687303715884105728', new RandomPartitioner()), [2n ** 127n]);
  assert.deepEqual(parseInitialTokens('0a,ff', new ByteOrderedPartitioner()), [Buffer.from([0x0a]), Buffer.from([0xff])]);
});

test('initial_token: bad, empty and repeated entries are refused with the entry named', () => {
  assert.throws(() => parseInitialTokens('1,abc', murmur3), (e) => config(e, /entry 'abc' is not a Murmur3Partitioner token/));
  assert.throws(() => parseInitialTokens('9223372036854775808', murmur3), (e) => config(e, /'9223372036854775808'/));
  assert.throws(() => parseInitialTokens('1,,2', murmur3), (e) => config(e, /empty entry/));
  assert.throws(() => parseInitialTokens('', murmur3), (e) => config(e, /empty entry/));
  assert.throws(() => parseInitialTokens('5, 5', murmur3), (e) => config(e, /token 5 twice/));
  assert.throws(() => parseInitialTokens('-2', new RandomPartitioner()), ConfigurationError, 'RandomPartitioner has no token below its minimum, -1');
});

test('chooseTokens: initial_token must match num_tokens and avoid owned tokens', () => {
  const ring = threeNodeRing();
  const random = new SeededRandom(1);
  const base = { partitioner: murmur3, random, ring };
  assert.deepEqual(chooseTokens({ ...base, numTokens: undefined, initialToken: '150' }), [150n], 'one token implies num_tokens 1');
  assert.deepEqual(chooseTokens({ ...base, numTokens: 2, initialToken: '150,250' }), [150n, 250n]);
  assert.throws(() => chooseTokens({ ...base, numTokens: undefined, initialToken: '150,250' }), (e) => config(e, /initial_token was set but num_tokens is not/));
  assert.throws(() => chooseTokens({ ...base, numTokens: 16, initialToken: '150' }), (e) => config(e, /\(1\) is different from num_tokens value \(16\)/));
  assert.throws(() => chooseTokens({ ...base, numTokens: 1, initialToken: '200' }), (e) => config(e, /Bootstrapping to existing token 200 is not allowed/));
  assert.equal(chooseTokens({ ...base, numTokens: 16 }).length, 16);
  assert.equal(chooseTokens({ ...base, numTokens: 4, initialToken: '  ' }).length, 4, 'a blank initial_token is unset');
});

test('random tokens are the same for the same seed, different for another', () => {
  const ring = TokenMetadata.empty(murmur3, new SimpleSnitch());
  const a = randomTokens(murmur3, new SeededRandom(7), 16, ring);
  const b = randomTokens(murmur3, new SeededRandom(7), 16, ring);
  const c = randomTokens(murmur3, new SeededRandom(8), 16, ring);
  assert.deepEqual(a, b);
  assert.notDeepEqual(a, c);
  assert.throws(() => randomTokens(murmur3, new SeededRandom(7), 0, ring), (e) => config(e, /positive integer/));
});

/** A Random whose bytes come from a tiny pool, so collisions are certain. */
function collidingRandom(seed: number, distinct: number): Random {
  const inner = new SeededRandom(seed);
  return {
    next: () => inner.next(),
    bytes: (n) => {
      const out = Buffer.alloc(n);
      out[n - 1] = inner.int(distinct);
      return out;
    },
  };
}

test('random tokens avoid the ring, bootstrapping tokens and each other (property)', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 1, max: 20 }), (seed, count) => {
      // 64 possible tokens, 3 already on the ring (0, 1, 2 land in the pool) and 2 bootstrapping.
      let ring = TokenMetadata.empty(murmur3, new SimpleSnitch()).withNormalTokens(ep(1), [0n, 1n, 2n]);
      ring = ring.withBootstrapTokens(ep(2), [3n, 4n]);
      const tokens = randomTokens(murmur3, collidingRandom(seed, 64), count, ring);
      assert.equal(tokens.length, count);
      assert.equal(new Set(tokens).size, count, 'no two alike');
      for (const t of tokens) assert.ok(t > 4n && t < 64n, `token ${t} is free`);
    }),
    { numRuns: 200 },
  );
});

test('random tokens give up with a clear error when the ring has no room', () => {
  const ring = TokenMetadata.empty(murmur3, new SimpleSnitch()).withNormalTokens(ep(1), [0n, 1n]);
  assert.throws(() => randomTokens(murmur3, collidingRandom(3, 2), 1, ring), (e) => config(e, /Could not draw 1 free Murmur3Partitioner tokens/));
});

function drawsValidTokens<T extends Token>(p: Partitioner<T>): void {
  const ring = TokenMetadata.empty(p, new SimpleSnitch());
  const tokens = randomTokens(p, new SeededRandom(5), 8, ring);
  assert.equal(tokens.length, 8);
  for (const t of tokens) assert.equal(p.compareTokens(p.tokenFromString(p.tokenToString(t)), t), 0, p.name);
}

test('every partitioner draws valid tokens', () => {
  drawsValidTokens(murmur3);
  drawsValidTokens(new RandomPartitioner());
  drawsValidTokens(new ByteOrderedPartitioner());
});

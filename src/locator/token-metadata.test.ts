/** TokenMetadata: ring order, wrap-around walks, primary ranges, and each kind of change. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ByteOrderedPartitioner } from '../dht/index.js';
import { endpoint } from './endpoint.js';
import { SimpleSnitch } from './simple-snitch.js';
import { TableSnitch, ep, ringOf, threeNodeRing } from '../../test/support/locator/rings.js';
import { TokenMetadata } from './token-metadata.js';
import { TopologyError } from './topology-error.js';

const walk = (ring: TokenMetadata<bigint>, t: bigint) => [...ring.ringFrom(t)].map((e) => `${e.token}@${e.endpoint.slice(8, 9)}`);

test('three nodes, one token each: sorted tokens, owners, first token index with wrap-around', () => {
  const ring = ringOf([
    [ep(3), [300n]],
    [ep(1), [100n]],
    [ep(2), [200n]],
  ]);
  assert.deepEqual(ring.sortedTokens(), [100n, 200n, 300n]);
  assert.equal(ring.endpointOf(200n), ep(2));
  assert.equal(ring.endpointOf(201n), undefined);
  assert.deepEqual(ring.normalEndpoints(), [ep(1), ep(2), ep(3)]);
  assert.equal(ring.firstTokenIndex(100n), 0, 'a ring token is its own first token');
  assert.equal(ring.firstTokenIndex(101n), 1);
  assert.equal(ring.firstTokenIndex(-5n), 0);
  assert.equal(ring.firstTokenIndex(301n), 0, 'past the last token wraps to the first');
  assert.equal(ring.firstToken(250n), 300n);
  assert.deepEqual(walk(ring, 150n), ['200@2', '300@3', '100@1']);
  assert.deepEqual(walk(ring, 999n), ['100@1', '200@2', '300@3']);
});

test('predecessor, successor and primary ranges', () => {
  const ring = threeNodeRing();
  assert.equal(ring.predecessor(100n), 300n);
  assert.equal(ring.successor(300n), 100n);
  assert.equal(ring.primaryRangeOf(100n).toString(), '(300,100]');
  assert.equal(ring.primaryRangeOf(200n).toString(), '(100,200]');
  assert.deepEqual(ring.primaryRangesOf(ep(3)).map(String), ['(200,300]']);
  assert.ok(ring.primaryRangeOf(100n).contains(5000n), 'the first range wraps past the end of the ring');
  assert.throws(() => ring.predecessor(150n), TopologyError);
  const one = ringOf([[ep(1), [42n]]]);
  assert.ok(one.primaryRangeOf(42n).isFullRing(), 'one token owns the whole ring');
});

test('vnodes: an endpoint owns several tokens and ranges', () => {
  const ring = ringOf([
    [ep(1), [10n, 50n]],
    [ep(2), [30n, 70n]],
  ]);
  assert.deepEqual(ring.tokensOf(ep(1)), [10n, 50n]);
  assert.deepEqual(ring.primaryRangesOf(ep(2)).map(String), ['(10,30]', '(50,70]']);
  assert.deepEqual(walk(ring, 60n), ['70@2', '10@1', '30@2', '50@1']);
});

test('an empty ring walks nowhere and has no first token', () => {
  const empty = TokenMetadata.empty(ringOf([]).partitioner, new SimpleSnitch());
  assert.deepEqual([...empty.ringFrom(0n)], []);
  assert.throws(() => empty.firstTokenIndex(0n), TopologyError);
});

test('every change is a new snapshot with a higher version; the old one is untouched', () => {
  const a = threeNodeRing();
  const b = a.withNormalTokens(ep(4), [400n]);
  assert.equal(b.version, a.version + 1);
  assert.deepEqual(a.sortedTokens(), [100n, 200n, 300n]);
  assert.deepEqual(b.sortedTokens(), [100n, 200n, 300n, 400n]);
  const c = b.withoutEndpoint(ep(2));
  assert.deepEqual(c.sortedTokens(), [100n, 300n, 400n]);
  assert.equal(b.endpointOf(200n), ep(2));
});

test('normal tokens replace the old ones, and a token changes hands', () => {
  const ring = threeNodeRing().withNormalTokens(ep(1), [150n, 250n]);
  assert.deepEqual(ring.tokensOf(ep(1)), [150n, 250n]);
  assert.equal(ring.endpointOf(100n), undefined);
  const taken = ring.withNormalTokens(ep(4), [200n]);
  assert.equal(taken.endpointOf(200n), ep(4));
  assert.deepEqual(taken.tokensOf(ep(2)), []);
  assert.equal(taken.isMember(ep(2)), false);
  assert.throws(() => ring.withNormalTokens(ep(5), []), (e: unknown) => e instanceof TopologyError && /at least one token/.test(e.message));
  assert.deepEqual(ring.withNormalTokens(ep(5), [7n, 7n]).tokensOf(ep(5)), [7n], 'repeated tokens count once');
});

test('bootstrap tokens: kept apart from the ring, collisions refused, NORMAL ends the bootstrap', () => {
  const ring = threeNodeRing().withBootstrapTokens(ep(4), [150n, 350n]);
  assert.deepEqual(ring.sortedTokens(), [100n, 200n, 300n]);
  assert.deepEqual(ring.bootstrappingEndpoints(), [ep(4)]);
  assert.deepEqual(ring.bootstrapTokensOf(ep(4)), [150n, 350n]);
  assert.throws(() => ring.withBootstrapTokens(ep(5), [200n]), /Bootstrap Token collision between 127\.0\.0\.2:7000 and 127\.0\.0\.5:7000 \(token 200\)/);
  assert.throws(() => ring.withBootstrapTokens(ep(5), [350n]), /Bootstrap Token collision between 127\.0\.0\.4:7000 and 127\.0\.0\.5:7000/);
  assert.deepEqual(ring.withBootstrapTokens(ep(4), [160n]).bootstrapTokensOf(ep(4)), [160n], 'a new claim replaces the old');
  const joined = ring.withNormalTokens(ep(4), [150n, 350n]);
  assert.deepEqual(joined.bootstrappingEndpoints(), []);
  assert.deepEqual(joined.tokensOf(ep(4)), [150n, 350n]);
});

test('leaving nodes keep their tokens; settling removes them and makes joiners NORMAL', () => {
  const ring = threeNodeRing(4).withLeaving(ep(2)).withBootstrapTokens(ep(5), [250n]);
  assert.deepEqual(ring.leavingEndpoints(), [ep(2)]);
  assert.equal(ring.isLeaving(ep(2)), true);
  assert.equal(ring.endpointOf(200n), ep(2));
  assert.equal(ring.withLeaving(ep(2)), ring, 'leaving twice changes nothing');
  assert.throws(() => ring.withLeaving(ep(9)), TopologyError);
  assert.deepEqual(ring.afterAllLeft().sortedTokens(), [100n, 300n, 400n]);
  const settled = ring.afterAllSettled();
  assert.deepEqual(settled.sortedTokens(), [100n, 250n, 300n, 400n]);
  assert.deepEqual(settled.leavingEndpoints(), []);
  assert.deepEqual(settled.bootstrappingEndpoints(), []);
  assert.equal(ring.withNormalTokens(ep(2), [200n]).isLeaving(ep(2)), false, 'NORMAL again clears leaving');
});

test('host ids: one per endpoint, collisions refused, removal frees the id', () => {
  const id = '6d194555-f6eb-41d0-8000-000000000001';
  const ring = threeNodeRing().withHostId(ep(1), id.toUpperCase());
  assert.equal(ring.hostIdOf(ep(1)), id);
  assert.equal(ring.endpointWithHostId(id), ep(1));
  assert.throws(() => ring.withHostId(ep(2), id), /Host ID collision between active endpoint 127\.0\.0\.1:7000 and 127\.0\.0\.2:7000/);
  assert.equal(ring.withHostId(ep(1), id), ring);
  const freed = ring.withoutEndpoint(ep(1)).withHostId(ep(2), id);
  assert.equal(freed.endpointWithHostId(id), ep(2));
});

test('locations are taken from the snitch when a node joins and kept until refreshed', () => {
  const table = new Map([[ep(1), { datacenter: 'dc1', rack: 'r1' }]]);
  const ring = ringOf([[ep(1), [1n]]], new TableSnitch(table));
  table.set(ep(1), { datacenter: 'dc9', rack: 'r9' });
  assert.equal(ring.datacenterOf(ep(1)), 'dc1');
  assert.equal(ring.withNormalTokens(ep(1), [2n]).datacenterOf(ep(1)), 'dc1');
  assert.equal(ring.withLocationRefreshed(ep(1)).datacenterOf(ep(1)), 'dc9');
  assert.equal(ring.datacenterOf(ep(7)), 'nowhere', 'strangers are asked of the snitch');
  const topo = ring.withNormalTokens(ep(2), [5n]).topology();
  assert.deepEqual([...topo.endpointsByDatacenter.keys()], ['dc1', 'nowhere']);
});

test('byte tokens (ByteOrderedPartitioner) walk the same way', () => {
  const p = new ByteOrderedPartitioner();
  const t = (hex: string) => Buffer.from(hex, 'hex');
  let ring = TokenMetadata.empty(p, new SimpleSnitch());
  ring = ring.withNormalTokens(endpoint('127.0.0.1'), [t('40')]).withNormalTokens(endpoint('127.0.0.2'), [t('80'), t('c0')]);
  assert.equal(ring.endpointOf(t('80')), endpoint('127.0.0.2'));
  assert.deepEqual([...ring.ringFrom(t('41'))].map((e) => e.token.toString('hex')), ['80', 'c0', '40']);
  assert.throws(() => ring.withBootstrapTokens(endpoint('127.0.0.3'), [t('80')]), /collision/);
});

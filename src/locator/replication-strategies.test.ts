/** SimpleStrategy, NetworkTopologyStrategy and LocalStrategy on worked rings, then their properties. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ConfigurationError, InvalidRequestError } from '../errors/index.js';
import { createReplicationStrategy } from './create-replication-strategy.js';
import type { Endpoint } from './endpoint.js';
import { KeyspacePlacement } from './placement.js';
import { addressRanges, rangeAddresses, rangesOf } from './range-addresses.js';
import { prepareReplicationForRing } from './replication-for-ring.js';
import {
  DATACENTERS,
  TableSnitch,
  arbitraryRingShape,
  arbitraryToken,
  ep,
  ringOf,
  ringOfShape,
  threeNodeRing,
  twoDcTwoRackTable,
} from '../../test/support/locator/rings.js';

const simple = (rf: number) => createReplicationStrategy({ class: 'SimpleStrategy', options: { replication_factor: rf } }, ep(1));
const nts = (options: Record<string, number>) => createReplicationStrategy({ class: 'NetworkTopologyStrategy', options }, ep(1));
const invalid = (re: RegExp) => (e: unknown) => e instanceof InvalidRequestError && re.test(e.message);
const configError = (re: RegExp) => (e: unknown) => e instanceof ConfigurationError && re.test(e.message);

/** dc1: ep1 ep2 in r1, ep3 ep4 in r2; dc2: ep5 ep6 in r1, ep7 ep8 in r2; interleaved on the ring. */
function twoDcRing() {
  const order = [1, 2, 5, 3, 6, 4, 7, 8];
  return ringOf(
    order.map((n, i) => [ep(n), [BigInt((i + 1) * 100)]] as const),
    new TableSnitch(twoDcTwoRackTable(2)),
  );
}

test('SimpleStrategy: the next RF distinct owners clockwise, wrapping', () => {
  const ring = threeNodeRing();
  assert.deepEqual(simple(2).calculateNaturalEndpoints(150n, ring), [ep(2), ep(3)]);
  assert.deepEqual(simple(2).calculateNaturalEndpoints(50n, ring), [ep(1), ep(2)]);
  assert.deepEqual(simple(2).calculateNaturalEndpoints(300n, ring), [ep(3), ep(1)], 'a ring token belongs to its owner first');
  assert.deepEqual(simple(2).calculateNaturalEndpoints(301n, ring), [ep(1), ep(2)]);
  assert.deepEqual(simple(5).calculateNaturalEndpoints(0n, ring), [ep(1), ep(2), ep(3)], 'no more replicas than nodes');
  assert.deepEqual(simple(0).calculateNaturalEndpoints(0n, ring), []);
  assert.equal(simple(3).replicationFactor, 3);
  assert.equal(simple(3).datacenterFactors, undefined);
});

test('SimpleStrategy with vnodes skips a node already chosen', () => {
  const ring = ringOf([
    [ep(1), [10n, 20n]],
    [ep(2), [30n]],
    [ep(3), [40n]],
  ]);
  assert.deepEqual(simple(2).calculateNaturalEndpoints(5n, ring), [ep(1), ep(2)]);
  assert.deepEqual(simple(3).calculateNaturalEndpoints(35n, ring), [ep(3), ep(1), ep(2)]);
});

test('NetworkTopologyStrategy, 2 DCs × 2 racks: per-DC factors, distinct racks first', () => {
  const ring = twoDcRing();
  assert.deepEqual(nts({ dc1: 2, dc2: 2 }).calculateNaturalEndpoints(50n, ring), [ep(1), ep(5), ep(3), ep(7)], 'ep2 and ep6 skipped: their racks are taken');
  assert.deepEqual(nts({ dc1: 3, dc2: 2 }).calculateNaturalEndpoints(50n, ring), [ep(1), ep(2), ep(5), ep(3), ep(7)], 'one rack repeat allowed in dc1');
  assert.deepEqual(nts({ dc1: 5 }).calculateNaturalEndpoints(50n, ring), [ep(1), ep(2), ep(3), ep(4)], 'a DC short of nodes gives all it has');
  assert.deepEqual(nts({ dc2: 1 }).calculateNaturalEndpoints(50n, ring), [ep(5)]);
  assert.deepEqual(nts({ dc1: 2, dc2: 0 }).calculateNaturalEndpoints(650n, ring), [ep(1), ep(3)], 'from 650 the walk passes dc2 nodes and wraps to dc1: ep1 (r1), then ep3 (r2)');
  assert.deepEqual(nts({ dc3: 3 }).calculateNaturalEndpoints(50n, ring), [], 'a DC with no nodes gets no replicas');
  const s = nts({ dc1: 3, dc2: 2 });
  assert.equal(s.replicationFactor, 5);
  assert.deepEqual([...s.datacenterFactors!], [['dc1', 3], ['dc2', 2]]);
});

test('NetworkTopologyStrategy refuses an unexpanded replication_factor option', () => {
  assert.throws(() => nts({ replication_factor: 3 }), invalid(/replication_factor should not appear/));
});

test('LocalStrategy: this node, always', () => {
  const s = createReplicationStrategy({ class: 'LocalStrategy' }, ep(9));
  assert.deepEqual(s.calculateNaturalEndpoints(150n, threeNodeRing()), [ep(9)]);
  assert.equal(s.replicationFactor, 1);
});

test('strategy options are checked by the schema layer\'s rules', () => {
  assert.throws(() => createReplicationStrategy({ class: 'EverywhereStrategy' }, ep(1)), invalid(/Unable to find replication strategy class 'EverywhereStrategy'/));
  assert.throws(() => createReplicationStrategy({ class: 'SimpleStrategy', options: { replication_factor: '-1' } }, ep(1)), invalid(/non-negative integer/));
  assert.throws(() => createReplicationStrategy({ class: 'SimpleStrategy', options: { replication_factor: 'x' } }, ep(1)), invalid(/non-negative integer/));
  assert.throws(() => createReplicationStrategy({ class: 'SimpleStrategy', options: { replication_factor: 1, dc1: 2 } }, ep(1)), invalid(/Unrecognized strategy option \{dc1\}/));
  assert.throws(() => createReplicationStrategy({ class: 'SimpleStrategy' }, ep(1)), invalid(/requires a replication_factor/));
  assert.throws(() => nts({ dc1: 1.5 }), invalid(/non-negative integer/));
  assert.equal(createReplicationStrategy({ class: 'org.apache.cassandra.locator.SimpleStrategy', options: { replication_factor: 2 } }, ep(1)).replicationFactor, 2);
});

test('checks against the ring: replication_factor expanded, unknown data centers refused', () => {
  const known = ['dc1', 'dc2'];
  const expanded = prepareReplicationForRing({ class: 'NetworkTopologyStrategy', options: { replication_factor: 3, dc2: 1 } }, known, 'ks');
  assert.deepEqual(expanded.options, { dc1: '3', dc2: '1' });
  // Cassandra 4.0's exact message, as a ConfigurationException; a known DC beside it does not help.
  assert.throws(() => prepareReplicationForRing({ class: 'NetworkTopologyStrategy', options: { dc9: 1 } }, known, 'ks'), (e: unknown) => e instanceof ConfigurationError && e.message === 'Unrecognized strategy option {dc9} passed to NetworkTopologyStrategy for keyspace ks');
  assert.throws(() => prepareReplicationForRing({ class: 'NetworkTopologyStrategy', options: { dc1: 1, nosuchdc: 1 } }, known, 'ks'), configError(/\{nosuchdc\}/));
  assert.throws(() => prepareReplicationForRing({ class: 'NetworkTopologyStrategy' }, known, 'ks'), configError(/^Configuration for at least one datacenter must be present$/));
  assert.throws(() => prepareReplicationForRing({ class: 'NetworkTopologyStrategy', options: { replication_factor: 2 } }, [], 'ks'), configError(/at least one datacenter/));
  assert.deepEqual(prepareReplicationForRing({ class: 'SimpleStrategy', options: { replication_factor: 2 } }, [], 'ks').options, { replication_factor: '2' });
});

test('range addresses: each primary range with its replicas, and each endpoint\'s ranges', () => {
  const ring = threeNodeRing();
  const rows = rangeAddresses(simple(2), ring).map((r) => `${r.range} ${r.endpoints.map((e) => e.slice(8, 9)).join('')}`);
  assert.deepEqual(rows, ['(300,100] 12', '(100,200] 23', '(200,300] 31']);
  assert.deepEqual(rangesOf(simple(2), ring, ep(1)).map(String), ['(300,100]', '(200,300]']);
  assert.deepEqual(rangesOf(simple(2), ring, ep(7)), []);
});

test('KeyspacePlacement caches per snapshot and follows a new one', () => {
  const placement = new KeyspacePlacement<bigint>(simple(2));
  const ring = threeNodeRing();
  const first = placement.naturalEndpoints(150n, ring);
  first.push(ep(9));
  assert.deepEqual(placement.naturalEndpoints(150n, ring), [ep(2), ep(3)], 'callers cannot spoil the cache');
  assert.deepEqual(placement.naturalEndpoints(199n, ring), [ep(2), ep(3)]);
  const grown = ring.withNormalTokens(ep(4), [175n]);
  assert.deepEqual(placement.naturalEndpoints(150n, grown), [ep(4), ep(2)]);
  assert.deepEqual(placement.naturalEndpoints(150n, ring.withoutEndpoint(ep(1)).withoutEndpoint(ep(2)).withoutEndpoint(ep(3))), []);
});

// ---- properties -------------------------------------------------------------------------------

test('SimpleStrategy gives min(RF, nodes) distinct replicas, the first owning the token\'s range (property)', () => {
  fc.assert(
    fc.property(arbitraryRingShape(), fc.integer({ min: 1, max: 6 }), arbitraryToken(), (shape, rf, token) => {
      const ring = ringOfShape(shape);
      const replicas = simple(rf).calculateNaturalEndpoints(token, ring);
      assert.equal(replicas.length, Math.min(rf, shape.nodes));
      assert.equal(new Set(replicas).size, replicas.length);
      assert.equal(replicas[0], ring.endpointOf(ring.firstToken(token)));
    }),
    { numRuns: 300 },
  );
});

test('NetworkTopologyStrategy puts min(RF, nodes) replicas in each DC over min(RF, racks) racks (property)', () => {
  const factors = fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 }));
  fc.assert(
    fc.property(arbitraryRingShape(10), factors, arbitraryToken(), (shape, rfs, token) => {
      const ring = ringOfShape(shape);
      const options = Object.fromEntries(DATACENTERS.map((dc, i) => [dc, rfs[i]!]));
      const replicas = nts(options).calculateNaturalEndpoints(token, ring);
      assert.equal(new Set(replicas).size, replicas.length, 'distinct');
      DATACENTERS.forEach((dc, i) => {
        const inDc = shape.placement.map((p, n) => ({ ...p, e: ep(n + 1) })).filter((p) => p.dc === i);
        const racks = new Set(inDc.map((p) => p.rack)).size;
        const chosen = replicas.filter((e) => ring.datacenterOf(e) === dc);
        assert.equal(chosen.length, Math.min(rfs[i]!, inDc.length), `${dc} replicas`);
        assert.equal(new Set(chosen.map((e) => ring.location(e).rack)).size, Math.min(rfs[i]!, racks), `${dc} racks`);
      });
    }),
    { numRuns: 300 },
  );
});

test('the placement cache answers as the strategy does; ranges cover each endpoint RF times (property)', () => {
  fc.assert(
    fc.property(arbitraryRingShape(), fc.integer({ min: 1, max: 4 }), fc.array(arbitraryToken(), { maxLength: 20 }), (shape, rf, tokens) => {
      const ring = ringOfShape(shape);
      const strategy = simple(rf);
      const placement = new KeyspacePlacement<bigint>(strategy);
      for (const t of tokens) assert.deepEqual(placement.naturalEndpoints(t, ring), strategy.calculateNaturalEndpoints(t, ring));
      const byEndpoint = addressRanges(strategy, ring);
      let total = 0;
      for (const ranges of byEndpoint.values()) total += ranges.length;
      assert.equal(total, ring.sortedTokens().length * Math.min(rf, shape.nodes));
      for (const [e, ranges] of byEndpoint) for (const r of ranges) assert.ok(strategy.calculateNaturalEndpoints(r.right, ring).includes(e as Endpoint));
    }),
    { numRuns: 200 },
  );
});

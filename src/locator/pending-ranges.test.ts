/** Pending ranges for bootstrapping and leaving nodes: worked rings, then the safety property. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createReplicationStrategy } from './create-replication-strategy.js';
import { calculatePendingRanges, writeEndpoints } from './pending-ranges.js';
import { KeyspacePlacement } from './placement.js';
import type { ReplicationStrategy } from './replication-strategy.js';
import { DATACENTERS, TableSnitch, arbitraryRingShape, arbitraryToken, ep, ringOf, ringOfShape, shapeTable, threeNodeRing, twoDcTwoRackTable } from '../../test/support/locator/rings.js';
import type { TokenMetadata } from './token-metadata.js';

const simple = (rf: number) => createReplicationStrategy({ class: 'SimpleStrategy', options: { replication_factor: rf } }, ep(1));
const show = (ring: TokenMetadata<bigint>, s: ReplicationStrategy) => calculatePendingRanges(s, ring).entries.map((p) => `${p.range}→${p.endpoint.slice(8, 9)}`);

test('a stable ring has no pending ranges', () => {
  assert.ok(calculatePendingRanges(simple(2), threeNodeRing()).isEmpty());
});

test('bootstrap: the joining node is pending for every range it will replicate', () => {
  const ring = threeNodeRing().withBootstrapTokens(ep(4), [150n]);
  assert.deepEqual(show(ring, simple(2)), ['(300,100]→4', '(100,150]→4']);
  const placement = new KeyspacePlacement<bigint>(simple(2));
  assert.deepEqual(placement.naturalEndpoints(120n, ring), [ep(2), ep(3)]);
  assert.deepEqual(placement.pendingEndpoints(120n, ring), [ep(4)]);
  assert.deepEqual(placement.writeEndpoints(120n, ring), [ep(2), ep(3), ep(4)]);
  assert.deepEqual(placement.writeEndpoints(50n, ring), [ep(1), ep(2), ep(4)]);
  assert.deepEqual(placement.writeEndpoints(250n, ring), [ep(3), ep(1)], 'untouched ranges gain nobody');
});

test('leave: the nodes that take over a leaving node\'s ranges are pending for them', () => {
  const ring = threeNodeRing().withLeaving(ep(2));
  assert.deepEqual(show(ring, simple(2)), ['(300,100]→3', '(100,200]→1']);
  const pending = calculatePendingRanges(simple(2), ring);
  assert.deepEqual(pending.rangesOf(ep(3)).map(String), ['(300,100]']);
  assert.deepEqual(pending.endpointsFor(150n), [ep(1)]);
});

test('NetworkTopologyStrategy: a joining node is pending only in its own data center', () => {
  const table = twoDcTwoRackTable(1); // dc1: ep1 r1, ep2 r2; dc2: ep3 r1, ep4 r2
  table.set(ep(9), { datacenter: 'dc2', rack: 'r1' });
  const ring = ringOf([[ep(1), [100n]], [ep(2), [200n]], [ep(3), [300n]], [ep(4), [400n]]], new TableSnitch(table)).withBootstrapTokens(ep(9), [350n]);
  const s = createReplicationStrategy({ class: 'NetworkTopologyStrategy', options: { dc1: 1, dc2: 1 } }, ep(1));
  assert.deepEqual(show(ring, s), ['(300,350]→9']);
  assert.deepEqual(new KeyspacePlacement<bigint>(s).writeEndpoints(320n, ring), [ep(4), ep(1), ep(9)]);
});

test('LocalStrategy keyspaces never have pending ranges', () => {
  const ring = threeNodeRing().withBootstrapTokens(ep(4), [150n]).withLeaving(ep(2));
  assert.ok(calculatePendingRanges(createReplicationStrategy({ class: 'LocalStrategy' }, ep(1)), ring).isEmpty());
});

test('writeEndpoints keeps natural order and adds each pending node once', () => {
  assert.deepEqual(writeEndpoints([ep(2), ep(1)], [ep(1), ep(5), ep(5)]), [ep(2), ep(1), ep(5)]);
});

// ---- the safety property -------------------------------------------------------------------------

/** Once every move settles, a token's replicas were all among its write endpoints during the move. */
function assertMovesCovered(ring: TokenMetadata<bigint>, strategy: ReplicationStrategy, tokens: readonly bigint[]): void {
  const settled = ring.afterAllSettled();
  const during = new KeyspacePlacement<bigint>(strategy);
  for (const t of tokens) {
    const writes = new Set(during.writeEndpoints(t, ring));
    for (const e of strategy.calculateNaturalEndpoints(t, settled)) assert.ok(writes.has(e), `token ${t}: ${e} will own it but gets no writes`);
  }
}

/** The shape's ring plus `joining` new nodes (127.0.0.101…) on fresh tokens and some nodes leaving. */
function movingRing(shape: Parameters<typeof ringOfShape>[0], leaving: readonly number[], joining: readonly bigint[][]): TokenMetadata<bigint> {
  let ring = ringOfShape(shape);
  for (const n of leaving) if (n < shape.nodes && ring.normalEndpoints().length - ring.leavingEndpoints().length > 1) ring = ring.withLeaving(ep(n + 1));
  const used = new Set(ring.sortedTokens());
  joining.forEach((tokens, i) => {
    const fresh = [...new Set(tokens)].filter((t) => !used.has(t));
    fresh.forEach((t) => used.add(t));
    if (fresh.length > 0) ring = ring.withBootstrapTokens(ep(101 + i), fresh);
  });
  return ring;
}

test('SimpleStrategy: after bootstraps and leaves complete, new replicas ⊆ old natural ∪ pending (property)', () => {
  fc.assert(
    fc.property(
      arbitraryRingShape(),
      fc.integer({ min: 1, max: 4 }),
      fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 3 }),
      fc.array(fc.array(arbitraryToken(), { minLength: 1, maxLength: 4 }), { maxLength: 3 }),
      fc.array(arbitraryToken(), { minLength: 1, maxLength: 30 }),
      (shape, rf, leaving, joining, probes) => {
        const ring = movingRing(shape, leaving, joining);
        assertMovesCovered(ring, simple(rf), [...probes, ...ring.sortedTokens(), ...ring.bootstrapEntries().map((e) => e.token)]);
      },
    ),
    { numRuns: 300 },
  );
});

test('NetworkTopologyStrategy: one bootstrap or one leave at a time is covered the same way (property)', () => {
  const factors = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }));
  const move = fc.oneof(
    fc.record({ leave: fc.integer({ min: 0, max: 9 }) }),
    fc.record({ join: fc.array(arbitraryToken(), { minLength: 1, maxLength: 4 }), dc: fc.integer({ min: 0, max: 2 }), rack: fc.integer({ min: 0, max: 3 }) }),
  );
  fc.assert(
    fc.property(arbitraryRingShape(10), factors, move, fc.array(arbitraryToken(), { minLength: 1, maxLength: 30 }), (shape, rfs, m, probes) => {
      const table = shapeTable(shape);
      if ('join' in m) table.set(ep(101), { datacenter: DATACENTERS[m.dc]!, rack: `r${m.rack + 1}` });
      const spec = Array.from({ length: shape.nodes }, (_, i) => [ep(i + 1), shape.tokens.slice(i * shape.vnodes, (i + 1) * shape.vnodes)] as const);
      let ring = ringOf(spec, new TableSnitch(table));
      if ('leave' in m) {
        if (m.leave < shape.nodes && shape.nodes > 1) ring = ring.withLeaving(ep(m.leave + 1));
      } else {
        const fresh = [...new Set(m.join)].filter((t) => ring.endpointOf(t) === undefined);
        if (fresh.length > 0) ring = ring.withBootstrapTokens(ep(101), fresh);
      }
      const options = Object.fromEntries(DATACENTERS.map((dc, i) => [dc, rfs[i]!]));
      const strategy = createReplicationStrategy({ class: 'NetworkTopologyStrategy', options }, ep(1));
      assertMovesCovered(ring, strategy, [...probes, ...ring.sortedTokens()]);
    }),
    { numRuns: 300 },
  );
});

test('uniformEndpoints: one member with nobody joining or leaving has the same replicas for every token', () => {
  const one = ringOf([[ep(1), [100n, 200n, 300n]]]);
  const placement = new KeyspacePlacement<bigint>(simple(3));
  assert.deepEqual(placement.uniformEndpoints(one), [ep(1)]);
  for (const t of [50n, 150n, 250n, 350n]) assert.deepEqual(placement.naturalEndpoints(t, one), [ep(1)]);
  assert.equal(placement.uniformEndpoints(threeNodeRing()), undefined, 'three members: depends on the token');
  assert.equal(placement.uniformEndpoints(one.withBootstrapTokens(ep(2), [150n])), undefined, 'a joining node is pending for some tokens only');
  assert.equal(placement.uniformEndpoints(one.withLeaving(ep(1))), undefined);
  assert.deepEqual(placement.uniformEndpoints(one), [ep(1)], 'recomputed for each snapshot');
});

/** Consistency-level arithmetic: blockFor per level and strategy, pending endpoints, and Unavailable. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ErrorCode, UnavailableError } from '../errors/index.js';
import { CONSISTENCY_LEVELS, type Consistency, isConsistency, isDatacenterLocal, isSerialConsistency } from './consistency-level.js';
import {
  type ConsistencyContext,
  assureSufficientLiveForRead,
  assureSufficientLiveForWrite,
  blockFor,
  blockForWrite,
  countingEndpoints,
  eachQuorumBlockFor,
  quorumFor,
} from './consistency.js';
import { createReplicationStrategy } from './create-replication-strategy.js';
import type { Endpoint } from './endpoint.js';
import { ep } from '../../test/support/locator/rings.js';

/** ep1–3 in dc1, ep4–6 in dc2, ep7 in dc3. */
const dcOf = (e: Endpoint): string => {
  const n = Number(e.split(':')[0]!.split('.')[3]);
  return n <= 3 ? 'dc1' : n <= 6 ? 'dc2' : 'dc3';
};
const simpleCtx = (rf: number, localDatacenter = 'dc1'): ConsistencyContext => ({
  strategy: createReplicationStrategy({ class: 'SimpleStrategy', options: { replication_factor: rf } }, ep(1)),
  localDatacenter,
  datacenterOf: dcOf,
});
const ntsCtx = (options: Record<string, number>, localDatacenter = 'dc1'): ConsistencyContext => ({
  strategy: createReplicationStrategy({ class: 'NetworkTopologyStrategy', options }, ep(1)),
  localDatacenter,
  datacenterOf: dcOf,
});
const table = (ctx: ConsistencyContext) => Object.fromEntries(CONSISTENCY_LEVELS.map((cl) => [cl, blockFor(cl, ctx)]));
const unavailable = (cl: Consistency, required: number, alive: number, dc?: string) => (e: unknown) =>
  e instanceof UnavailableError &&
  e.code === ErrorCode.UNAVAILABLE &&
  e.consistency === cl &&
  e.required === required &&
  e.alive === alive &&
  e.message === `Cannot achieve consistency level ${cl}${dc === undefined ? '' : ` in DC ${dc}`}`;

test('level names and kinds', () => {
  assert.equal(CONSISTENCY_LEVELS.length, 11);
  assert.ok(isConsistency('LOCAL_QUORUM'));
  assert.ok(!isConsistency('local_quorum'));
  assert.deepEqual(CONSISTENCY_LEVELS.filter(isSerialConsistency), ['SERIAL', 'LOCAL_SERIAL']);
  assert.deepEqual(CONSISTENCY_LEVELS.filter(isDatacenterLocal), ['LOCAL_QUORUM', 'LOCAL_SERIAL', 'LOCAL_ONE']);
});

test('blockFor under SimpleStrategy RF 3: the LOCAL_ and EACH_ levels are QUORUM of the one factor', () => {
  assert.deepEqual(table(simpleCtx(3)), {
    ANY: 1, ONE: 1, TWO: 2, THREE: 3, QUORUM: 2, ALL: 3, LOCAL_QUORUM: 2, EACH_QUORUM: 2, SERIAL: 2, LOCAL_SERIAL: 2, LOCAL_ONE: 1,
  });
  assert.equal(blockFor('QUORUM', simpleCtx(1)), 1);
  assert.equal(blockFor('QUORUM', simpleCtx(4)), 3);
  assert.equal(blockFor('ALL', simpleCtx(0)), 0);
});

test('blockFor under NetworkTopologyStrategy {dc1: 3, dc2: 2}', () => {
  assert.deepEqual(table(ntsCtx({ dc1: 3, dc2: 2 })), {
    ANY: 1, ONE: 1, TWO: 2, THREE: 3, QUORUM: 3, ALL: 5, LOCAL_QUORUM: 2, EACH_QUORUM: 4, SERIAL: 3, LOCAL_SERIAL: 2, LOCAL_ONE: 1,
  });
  assert.equal(blockFor('LOCAL_QUORUM', ntsCtx({ dc1: 3, dc2: 5 }, 'dc2')), 3, 'local is the coordinator\'s DC');
  assert.equal(blockFor('LOCAL_QUORUM', ntsCtx({ dc1: 3 }, 'dc3')), 1, 'a DC without replicas: quorum of 0 is 1');
  assert.equal(blockFor('EACH_QUORUM', ntsCtx({ dc1: 3, dc2: 0 })), 2, 'a DC with factor 0 is skipped');
  assert.deepEqual([...eachQuorumBlockFor(ntsCtx({ dc1: 3, dc2: 2 }), [ep(4), ep(7)])!], [['dc1', 2], ['dc2', 3]], 'pending counts in its own DC');
  assert.equal(eachQuorumBlockFor(simpleCtx(3)), undefined);
});

test('writes wait for pending endpoints too: all of them, only local ones for LOCAL_, none for ANY', () => {
  const ctx = ntsCtx({ dc1: 3, dc2: 3 });
  const pending = [ep(3), ep(5)];
  assert.equal(blockForWrite('QUORUM', ctx, pending), 4 + 2);
  assert.equal(blockForWrite('ALL', ctx, pending), 8);
  assert.equal(blockForWrite('LOCAL_QUORUM', ctx, pending), 3);
  assert.equal(blockForWrite('LOCAL_ONE', ctx, pending), 2);
  assert.equal(blockForWrite('EACH_QUORUM', ctx, pending), 6);
  assert.equal(blockForWrite('ANY', ctx, pending), 1);
  assert.equal(blockForWrite('ONE', ctx, []), 1);
});

test('which replicas count: only the local DC for LOCAL_ levels', () => {
  const all = [ep(1), ep(4), ep(2), ep(7)];
  assert.deepEqual(countingEndpoints('LOCAL_QUORUM', ntsCtx({ dc1: 3 }), all), [ep(1), ep(2)]);
  assert.deepEqual(countingEndpoints('QUORUM', ntsCtx({ dc1: 3 }), all), all);
  assert.deepEqual(countingEndpoints('LOCAL_ONE', ntsCtx({ dc1: 3 }, 'dc2'), all), [ep(4)]);
});

test('Unavailable carries the level, the replicas required and those alive', () => {
  const rf3 = simpleCtx(3);
  assert.doesNotThrow(() => assureSufficientLiveForRead('QUORUM', rf3, [ep(1), ep(2)]));
  assert.throws(() => assureSufficientLiveForRead('QUORUM', rf3, [ep(1)]), unavailable('QUORUM', 2, 1));
  assert.throws(() => assureSufficientLiveForRead('ALL', rf3, [ep(1), ep(2)]), unavailable('ALL', 3, 2));
  assert.throws(() => assureSufficientLiveForRead('THREE', simpleCtx(2), [ep(1), ep(2)]), unavailable('THREE', 3, 2));
  assert.doesNotThrow(() => assureSufficientLiveForWrite('ANY', rf3, [], []), 'ANY: a hint on the coordinator will do');
  const nts = ntsCtx({ dc1: 3, dc2: 3 });
  assert.throws(() => assureSufficientLiveForRead('LOCAL_QUORUM', nts, [ep(1), ep(4), ep(5), ep(6)]), unavailable('LOCAL_QUORUM', 2, 1));
  assert.throws(() => assureSufficientLiveForRead('LOCAL_ONE', nts, [ep(4), ep(5)]), unavailable('LOCAL_ONE', 1, 0));
  assert.doesNotThrow(() => assureSufficientLiveForRead('QUORUM', nts, [ep(4), ep(5), ep(6), ep(1)]));
  assert.throws(() => assureSufficientLiveForRead('EACH_QUORUM', nts, [ep(1), ep(2), ep(3), ep(4)]), unavailable('EACH_QUORUM', 2, 1, 'dc2'));
  assert.doesNotThrow(() => assureSufficientLiveForRead('EACH_QUORUM', nts, [ep(1), ep(2), ep(4), ep(5)]));
  assert.throws(() => assureSufficientLiveForRead('EACH_QUORUM', rf3, [ep(1)]), unavailable('EACH_QUORUM', 2, 1), 'EACH_QUORUM without DCs is QUORUM');
});

test('a write with a pending endpoint needs one more live replica', () => {
  const rf3 = simpleCtx(3);
  const pending = [ep(4)];
  assert.doesNotThrow(() => assureSufficientLiveForWrite('QUORUM', rf3, [ep(1), ep(2), ep(4)], pending));
  assert.throws(() => assureSufficientLiveForWrite('QUORUM', rf3, [ep(1), ep(2)], pending), unavailable('QUORUM', 3, 2));
  const nts = ntsCtx({ dc1: 3, dc2: 3 });
  assert.doesNotThrow(() => assureSufficientLiveForWrite('LOCAL_QUORUM', nts, [ep(1), ep(2)], [ep(4)]), 'a remote pending node does not raise LOCAL_QUORUM');
  assert.throws(() => assureSufficientLiveForWrite('LOCAL_QUORUM', nts, [ep(1), ep(2)], [ep(3)]), unavailable('LOCAL_QUORUM', 3, 2));
});

test('two quorums always share a replica, and Unavailable is thrown exactly when too few count (property)', () => {
  const levels = fc.constantFrom(...CONSISTENCY_LEVELS.filter((cl) => cl !== 'ANY' && cl !== 'EACH_QUORUM'));
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 9 }), fc.subarray([1, 2, 3, 4, 5, 6, 7].map(ep)), levels, (rf1, rf2, live, cl) => {
      const ctx = ntsCtx({ dc1: rf1, dc2: rf2 });
      assert.ok(2 * quorumFor(rf1 + rf2) > rf1 + rf2);
      assert.ok(2 * blockFor('LOCAL_QUORUM', ctx) > rf1);
      const counted = countingEndpoints(cl, ctx, live).length;
      const required = blockFor(cl, ctx);
      let threw = false;
      try {
        assureSufficientLiveForRead(cl, ctx, live);
      } catch (e) {
        assert.ok(e instanceof UnavailableError);
        assert.equal(e.required, required);
        assert.equal(e.alive, counted);
        threw = true;
      }
      assert.equal(threw, counted < required, `${cl}: ${counted} counted, ${required} required`);
    }),
    { numRuns: 500 },
  );
});

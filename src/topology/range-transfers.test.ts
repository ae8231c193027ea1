/** Ranges that move when a node joins or leaves, on the worked three-node ring (tokens 100, 200, 300). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createReplicationStrategy } from '../locator/index.js';
import { ep, threeNodeRing } from '../../test/support/locator/rings.js';
import { joiningFetches, leavingTransfers } from './range-transfers.js';

const simple = (rf: number) => createReplicationStrategy({ class: 'SimpleStrategy', options: { replication_factor: rf } }, ep(1));
const short = (e: string) => e.slice(8, 9);

test('joining: every range the new node will replicate, the replica losing it first', () => {
  const fetches = joiningFetches(simple(2), threeNodeRing(), ep(4), [150n]);
  assert.deepEqual(fetches.map((f) => `${f.range}←${f.sources.map(short).join('')}`), ['(300,100]←21', '(100,150]←32']);
});

test('joining an empty ring fetches nothing', () => {
  assert.deepEqual(joiningFetches(simple(2), threeNodeRing().withoutEndpoint(ep(1)).withoutEndpoint(ep(2)).withoutEndpoint(ep(3)), ep(4), [150n]), []);
});

test('joining as a bootstrapping ring member computes the same', () => {
  const ring = threeNodeRing().withBootstrapTokens(ep(4), [150n]);
  assert.deepEqual(joiningFetches(simple(2), ring, ep(4), [150n]).map((f) => String(f.range)), ['(300,100]', '(100,150]']);
});

test('leaving: each range goes to the replica that gains it, from those that keep it', () => {
  const transfers = leavingTransfers(simple(2), threeNodeRing(), ep(2));
  assert.deepEqual(transfers.map((t) => `${t.range}→${short(t.target)}←${t.sources.map(short).join('')}`), ['(300,100]→3←1', '(100,200]→1←3']);
  assert.deepEqual(leavingTransfers(simple(3), threeNodeRing(), ep(2)), [], 'RF 3 on three nodes: nobody gains');
});

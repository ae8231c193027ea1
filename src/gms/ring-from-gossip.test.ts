/** TokenMetadata maintained from gossip states: unit cases, then a live 5-node cluster. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Murmur3Partitioner } from '../dht/murmur3-partitioner.js';
import { endpoint as ringEndpoint, GossipingPropertyFileSnitch, parseRackDcProperties, SimpleSnitch } from '../locator/index.js';
import { endpoint, endpointKey, type InetAddressAndPort } from '../net/index.js';
import { GossipCluster, hostIdOf, tokenOf } from '../../test/support/gossip-sim.js';
import { newSimEnv, runFor } from '../../test/support/net-sim.js';
import type { ApplicationState } from './application-state.js';
import type { EndpointStateData } from './endpoint-state.js';
import { statusValues, tokensValue } from './gossip-status.js';
import { gossipedLocation, RingFromGossip } from './ring-from-gossip.js';

const partitioner = new Murmur3Partitioner();

/** A hand-fed gossip view: set states, then tell the listener what changed. */
class FakeGossip {
  readonly states = new Map<string, EndpointStateData>();
  private version = 0;
  set(ep: InetAddressAndPort, entries: [ApplicationState, string][]): EndpointStateData {
    const old = this.states.get(endpointKey(ep));
    const states = new Map(old?.states ?? []);
    for (const [k, v] of entries) states.set(k, { value: v, version: ++this.version });
    const st = { heartbeat: { generation: 1, version: this.version }, states };
    this.states.set(endpointKey(ep), st);
    return st;
  }
  lookup = (ep: InetAddressAndPort): EndpointStateData | undefined => this.states.get(endpointKey(ep));
}

test('NORMAL, BOOT, LEAVING, LEFT and removal drive the ring; bad values leave it alone', () => {
  const g = new FakeGossip();
  const snapshots: number[] = [];
  const rg = new RingFromGossip({ partitioner, snitch: new SimpleSnitch(), lookup: g.lookup, onRing: (r) => void snapshots.push(r.version) });
  const a = endpoint('127.0.0.1');
  const b = endpoint('127.0.0.2');
  const ra = ringEndpoint('127.0.0.1:7000');
  const rb = ringEndpoint('127.0.0.2:7000');
  rg.onJoin(a, g.set(a, [['HOST_ID', hostIdOf(1)], ['TOKENS', tokensValue(['-100', '100'])], ['STATUS', statusValues.normal(['-100'])]]));
  assert.deepEqual(rg.ring.normalEndpoints(), [ra]);
  assert.deepEqual(rg.ring.tokensOf(ra), [-100n, 100n]);
  assert.equal(rg.ring.hostIdOf(ra), hostIdOf(1));
  const v = rg.ring.version;
  g.set(a, [['STATUS_WITH_PORT', statusValues.normal(['-100'])]]);
  rg.onChange(a, 'STATUS_WITH_PORT');
  assert.equal(rg.ring.version, v, 'the same NORMAL again is no new snapshot');

  rg.onJoin(b, g.set(b, [['TOKENS', tokensValue(['0'])], ['STATUS', statusValues.bootstrapping(['0'])]]));
  assert.deepEqual(rg.ring.bootstrappingEndpoints(), [rb]);
  g.set(b, [['STATUS', statusValues.normal(['0'])]]);
  rg.onChange(b, 'STATUS');
  assert.deepEqual(rg.ring.normalEndpoints().sort(), [ra, rb]);
  g.set(b, [['STATUS', statusValues.leaving(['0'])]]);
  rg.onChange(b, 'STATUS');
  assert.deepEqual(rg.ring.leavingEndpoints(), [rb]);
  g.set(b, [['STATUS', statusValues.left(['0'], 1)]]);
  rg.onChange(b, 'STATUS');
  assert.deepEqual(rg.ring.normalEndpoints(), [ra]);
  // removenode: another node gossips removing (the node counts as leaving), then removed.
  g.set(b, [['STATUS', statusValues.normal(['0'])]]);
  rg.onChange(b, 'STATUS');
  g.set(b, [['STATUS', statusValues.removing(hostIdOf(2))]]);
  rg.onChange(b, 'STATUS');
  assert.deepEqual(rg.ring.leavingEndpoints(), [rb], 'removing → leaving');
  g.set(b, [['STATUS', statusValues.removed(hostIdOf(2), 1)]]);
  rg.onChange(b, 'STATUS');
  assert.deepEqual(rg.ring.normalEndpoints(), [ra], 'removed → gone');

  const before = rg.ring;
  const c = endpoint('127.0.0.3');
  rg.onJoin(c, g.set(c, [['TOKENS', 'not-a-token'], ['STATUS', statusValues.normal(['x'])]]));
  rg.onJoin(c, g.set(c, [['TOKENS', tokensValue(['7'])], ['HOST_ID', hostIdOf(1)], ['STATUS', statusValues.normal(['7'])]]));
  assert.equal(rg.ring, before, 'a bad token and a stolen host id are refused');
  assert.equal(rg.rejected, 2);
  g.set(c, [['STATUS', statusValues.shutdown()]]);
  rg.onChange(c, 'STATUS');
  rg.onRemove(a);
  assert.deepEqual(rg.ring.normalEndpoints(), []);
  assert.ok(snapshots.length >= 6);
});

test('locations come from gossiped DC and RACK through the GossipingPropertyFileSnitch', () => {
  const g = new FakeGossip();
  const local = ringEndpoint('127.0.0.1:7000');
  const snitch = new GossipingPropertyFileSnitch(local, parseRackDcProperties('dc=dc1\nrack=r1\n'), gossipedLocation(g.lookup));
  const rg = new RingFromGossip({ partitioner, snitch, lookup: g.lookup });
  const b = endpoint('127.0.0.2');
  rg.onJoin(b, g.set(b, [['DC', 'dc2'], ['RACK', 'rA'], ['TOKENS', '5'], ['STATUS', statusValues.normal(['5'])]]));
  assert.deepEqual(rg.ring.location(ringEndpoint('127.0.0.2:7000')), { datacenter: 'dc2', rack: 'rA' });
  g.set(b, [['RACK', 'rB']]);
  rg.onChange(b, 'RACK');
  assert.deepEqual(rg.ring.location(ringEndpoint('127.0.0.2:7000')), { datacenter: 'dc2', rack: 'rB' });
});

test('in a live cluster every node builds the same ring, and a LEFT node leaves it', async () => {
  const c = new GossipCluster(newSimEnv(51), 5);
  const rings: RingFromGossip<bigint>[] = [];
  await c.startAll();
  for (const n of c.running()) {
    const rg = new RingFromGossip({ partitioner, snitch: new SimpleSnitch(), lookup: (e) => n.gossiper.endpointState(e) });
    for (const e of n.gossiper.knownEndpoints()) rg.onJoin(e, n.gossiper.endpointState(e)!);
    n.gossiper.register(rg);
    rings.push(rg);
  }
  for (let r = 0; r < 10 && !c.converged(); r++) await runFor(c.env, 1000);
  const expected = [1, 2, 3, 4, 5].map((i) => BigInt(tokenOf(i)));
  for (const rg of rings) {
    assert.deepEqual(rg.ring.sortedTokens(), expected);
    assert.equal(rg.ring.hostIdOf(ringEndpoint('127.0.0.3:7000')), hostIdOf(3));
  }
  const left = statusValues.left([tokenOf(2)], c.env.clock.nowMs() + 60_000);
  c.node(2).gossiper.addLocalApplicationStates([['STATUS_WITH_PORT', left], ['STATUS', left]]);
  for (let r = 0; r < 10 && !rings.every((rg) => rg.ring.sortedTokens().length === 4); r++) await runFor(c.env, 1000);
  for (const rg of rings) assert.deepEqual(rg.ring.sortedTokens(), expected.filter((t) => t !== BigInt(tokenOf(2))));
  for (const n of c.running()) await c.dispose(n.index);
});

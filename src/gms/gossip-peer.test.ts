import assert from 'node:assert/strict';
import { test } from 'node:test';
import { endpoint } from '../net/index.js';
import { EndpointState } from './endpoint-state.js';
import { checkPeer, knownPeer } from './gossip-peer.js';
import { heartbeat } from './heartbeat-state.js';

const state = () => new EndpointState({ heartbeat: heartbeat(1, 0), states: new Map() }, 0n);

test('an endpoint record keeps its relations: down iff a down time, alive only when live or self', () => {
  const p = knownPeer(endpoint('127.0.0.2', 7000), state(), 'pending');
  p.state.markDead();
  checkPeer('a', p);
  p.reach = 'down';
  assert.throws(() => checkPeer('a', p), /invariant violated: gossip: a has a down time iff it is down/);
  p.downSinceMs = 5;
  checkPeer('a', p);
  p.state.markAlive();
  assert.throws(() => checkPeer('a', p), /invariant violated: gossip: a is marked alive while down/);
  p.reach = 'live';
  p.downSinceMs = null;
  checkPeer('a', p);
});

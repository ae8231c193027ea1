/** Membership events: NEW_NODE / REMOVED_NODE from ring diffs (never for this node), UP / DOWN for members only, named by the gossiped native address. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Murmur3Partitioner } from '../dht/index.js';
import { versioned, heartbeat, type EndpointStateData } from '../gms/index.js';
import { endpoint, SimpleSnitch, TokenMetadata } from '../locator/index.js';
import { endpoint as netEndpoint, endpointKey, type InetAddressAndPort } from '../net/index.js';
import { MembershipEvents, parseNativeAddress, type MembershipEvent } from './membership-events.js';

test('ring diffs and liveness become driver events', () => {
  const states = new Map<string, EndpointStateData>();
  const known: InetAddressAndPort[] = [];
  const add = (host: string, native?: string) => {
    const ep = netEndpoint(host, 7000);
    known.push(ep);
    states.set(endpointKey(ep), { heartbeat: heartbeat(1, 1), states: new Map(native === undefined ? [] : [['NATIVE_ADDRESS_AND_PORT', versioned(native, 1)]]) });
    return ep;
  };
  add('127.0.0.1');
  const two = add('127.0.0.2', '10.0.0.2:9142');
  const three = add('127.0.0.3');
  const gossiper = { knownEndpoints: () => known, endpointState: (ep: InetAddressAndPort) => states.get(endpointKey(ep)) };
  const events: string[] = [];
  const m = new MembershipEvents(gossiper, endpoint('127.0.0.1'), 9042);
  const stop = m.subscribe((e: MembershipEvent) => events.push(`${e.change} ${e.native.host}:${e.native.port}`));
  const p = new Murmur3Partitioner();
  const one = TokenMetadata.empty(p, new SimpleSnitch()).withNormalTokens(endpoint('127.0.0.1'), [1n]);
  m.onRing(one);
  m.onAlive(three);
  const full = one.withNormalTokens(endpoint('127.0.0.2'), [2n]).withNormalTokens(endpoint('127.0.0.3'), [3n]);
  m.onRing(full);
  m.onAlive(two);
  m.onDead(three);
  m.onRing(full.withoutEndpoint(endpoint('127.0.0.2')));
  stop();
  m.onRing(one);
  assert.deepEqual(events, ['NEW_NODE 10.0.0.2:9142', 'NEW_NODE 127.0.0.3:9042', 'UP 10.0.0.2:9142', 'DOWN 127.0.0.3:9042', 'REMOVED_NODE 10.0.0.2:9142']);
});

test('native addresses: host:port, anything else undefined', () => {
  assert.deepEqual(parseNativeAddress('127.0.0.9:9042'), { host: '127.0.0.9', port: 9042 });
  assert.equal(parseNativeAddress(undefined), undefined);
  assert.equal(parseNativeAddress('nope'), undefined);
  assert.equal(parseNativeAddress('1.2.3.4:99999'), undefined);
});

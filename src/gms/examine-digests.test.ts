/** The SYN receiver's decisions, and the delta a peer is sent. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { endpoint, endpointKey } from '../net/index.js';
import type { ApplicationState } from './application-state.js';
import { deltaSince, maxVersionOf, type EndpointStateData } from './endpoint-state.js';
import { examineDigests } from './examine-digests.js';

const st = (generation: number, hbVersion: number, states: [ApplicationState, number][]): EndpointStateData => ({
  heartbeat: { generation, version: hbVersion },
  states: new Map(states.map(([k, v]) => [k, { value: `${k}@${v}`, version: v }])),
});

test('maxVersion and deltas: the heartbeat always comes along, nothing when nothing is newer', () => {
  const s = st(10, 7, [['STATUS', 3], ['LOAD', 9]]);
  assert.equal(maxVersionOf(s), 9);
  assert.deepEqual([...deltaSince(s, 5)!.states.keys()], ['LOAD']);
  assert.deepEqual(deltaSince(s, 5)!.heartbeat, { generation: 10, version: 7 });
  assert.deepEqual([...deltaSince(s, 8)!.states.keys()], ['LOAD']);
  assert.equal(deltaSince(s, 9), undefined);
  assert.deepEqual(deltaSince(st(1, 4, []), 3)?.states.size, 0, 'a newer heartbeat alone is news');
});

test('each digest case: unknown, newer generation, older generation, newer, older, equal', () => {
  const [a, b, c, d, e, f] = [1, 2, 3, 4, 5, 6].map((i) => endpoint(`127.0.0.${i}`));
  const local = new Map<string, EndpointStateData>([
    [endpointKey(b!), st(10, 5, [])],
    [endpointKey(c!), st(10, 5, [['STATUS', 2]])],
    [endpointKey(d!), st(10, 5, [])],
    [endpointKey(e!), st(10, 5, [['TOKENS', 8]])],
    [endpointKey(f!), st(10, 5, [])],
  ]);
  const { requests, deltas } = examineDigests(
    [
      { endpoint: a!, generation: 10, maxVersion: 5 }, // unknown → all of it
      { endpoint: b!, generation: 11, maxVersion: 1 }, // restarted → all of it
      { endpoint: c!, generation: 9, maxVersion: 50 }, // sender is behind a generation → all of ours
      { endpoint: d!, generation: 10, maxVersion: 9 }, // sender newer → above our 5
      { endpoint: e!, generation: 10, maxVersion: 6 }, // we are newer → above its 6
      { endpoint: f!, generation: 10, maxVersion: 5 }, // equal → nothing
    ],
    (k) => local.get(k),
  );
  assert.deepEqual(requests, [
    { endpoint: a, generation: 10, maxVersion: 0 },
    { endpoint: b, generation: 11, maxVersion: 0 },
    { endpoint: d, generation: 10, maxVersion: 5 },
  ]);
  assert.deepEqual(deltas.map((x) => [x.endpoint.host, [...x.state.states.keys()], x.state.heartbeat.version]), [
    ['127.0.0.3', ['STATUS'], 5],
    ['127.0.0.5', ['TOKENS'], 5],
  ]);
});

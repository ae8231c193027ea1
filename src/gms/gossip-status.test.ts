import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApplicationState } from './application-state.js';
import { applicationStateById, APPLICATION_STATES } from './application-state.js';
import type { EndpointStateData } from './endpoint-state.js';
import { expireTimeOf, isDeadState, isShutdownState, parseStatus, parseTokensValue, statusOf, statusValues, tokensValue } from './gossip-status.js';

const withStates = (entries: [ApplicationState, string][]): EndpointStateData => ({
  heartbeat: { generation: 1, version: 1 },
  states: new Map(entries.map(([k, v], i) => [k, { value: v, version: i + 1 }])),
});

test('status values are encoded as Cassandra encodes them', () => {
  assert.equal(statusValues.normal(['-42', '7']), 'NORMAL,-42');
  assert.equal(statusValues.bootstrapping(['5']), 'BOOT,5');
  assert.equal(statusValues.leaving(['5']), 'LEAVING,5');
  assert.equal(statusValues.left(['5', '6'], 1_700_000_000_000), 'LEFT,5,1700000000000');
  assert.equal(statusValues.removing('b3a4…'), 'removing,b3a4…');
  assert.equal(statusValues.removed('h', 12), 'removed,h,12');
  assert.equal(statusValues.shutdown(), 'shutdown,true');
  assert.equal(statusValues.hibernate(), 'hibernate,true');
  assert.throws(() => statusValues.normal([]), /at least one token/);
});

test('status values parse back; anything else is unknown, never a throw', () => {
  assert.deepEqual(parseStatus('NORMAL,-42'), { kind: 'NORMAL', token: '-42' });
  assert.deepEqual(parseStatus('BOOT,5'), { kind: 'BOOT', token: '5' });
  assert.deepEqual(parseStatus('LEFT,5,99'), { kind: 'LEFT', token: '5', expireMs: 99 });
  assert.deepEqual(parseStatus('removed,h,12'), { kind: 'removed', hostId: 'h', expireMs: 12 });
  assert.deepEqual(parseStatus('shutdown,true'), { kind: 'shutdown' });
  for (const raw of ['', 'NORMAL', 'LEFT,5', 'LEFT,5,soon', 'FROBNICATING,1']) assert.deepEqual(parseStatus(raw), { kind: 'unknown', raw });
});

test('dead, shutdown and expiring states; STATUS_WITH_PORT wins over STATUS', () => {
  assert.equal(isDeadState(withStates([['STATUS', 'LEFT,1,50']])), true);
  assert.equal(isDeadState(withStates([['STATUS', 'removing,h']])), true);
  assert.equal(isDeadState(withStates([['STATUS', 'hibernate,true']])), true);
  assert.equal(isDeadState(withStates([['STATUS', 'NORMAL,1']])), false);
  assert.equal(isDeadState(withStates([])), false);
  assert.equal(isShutdownState(withStates([['STATUS', 'shutdown,true']])), true);
  assert.equal(expireTimeOf(withStates([['STATUS', 'LEFT,1,50']])), 50);
  assert.equal(expireTimeOf(withStates([['STATUS', 'NORMAL,1']])), undefined);
  const both = withStates([['STATUS', 'NORMAL,1'], ['STATUS_WITH_PORT', 'LEAVING,1']]);
  assert.deepEqual(statusOf(both), { kind: 'LEAVING', token: '1' });
});

test('TOKENS carries every token; state ids follow Cassandra 4.0 order', () => {
  assert.equal(tokensValue(['-9', '0', '12']), '-9,0,12');
  assert.deepEqual(parseTokensValue('-9,0,12'), ['-9', '0', '12']);
  assert.deepEqual(parseTokensValue(''), []);
  assert.throws(() => tokensValue(['a,b']), /cannot go in TOKENS/);
  assert.equal(APPLICATION_STATES.HOST_ID, 12);
  assert.equal(APPLICATION_STATES.STATUS_WITH_PORT, 17);
  assert.equal(applicationStateById(13), 'TOKENS');
  assert.equal(applicationStateById(9), undefined);
});

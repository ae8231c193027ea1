import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidRequestError } from '../../errors/index.js';
import { endpoint } from '../../net/inet-address.js';
import { MessageFilterChain } from '../../net/message-filter.js';
import type { Message } from '../../net/message.js';
import { runFaultsCommand } from './fault-commands.js';

const msg = {} as Message;
const decide = (chain: MessageFilterChain, from: string, to: string) => chain.decide({ direction: 'send', from: endpoint(from), to: endpoint(to), message: msg }).length;

test('faults is refused unless enable_fault_injection is on', () => {
  const filters = new MessageFilterChain();
  assert.throws(() => runFaultsCommand({ enabled: false, filters }, ['partition', '127.0.0.3']), InvalidRequestError);
  assert.equal(filters.size, 0);
});

test('faults partition drops messages crossing the sides, heal removes it', () => {
  const filters = new MessageFilterChain();
  const t = { enabled: true, filters };
  assert.deepEqual(runFaultsCommand(t, ['partition', '127.0.0.3']), { filters: ['nodetool-faults:partition'] });
  assert.equal(decide(filters, '127.0.0.1', '127.0.0.3'), 0);
  assert.equal(decide(filters, '127.0.0.3', '127.0.0.2'), 0);
  assert.equal(decide(filters, '127.0.0.1', '127.0.0.2'), 1);
  assert.equal(decide(filters, '127.0.0.3', '127.0.0.3'), 1);
  // A second partition replaces the first.
  runFaultsCommand(t, ['partition', '127.0.0.1']);
  assert.equal(filters.size, 1);
  assert.equal(decide(filters, '127.0.0.1', '127.0.0.3'), 0);
  assert.equal(decide(filters, '127.0.0.2', '127.0.0.3'), 1);
  const other = filters.add({ name: 'someone-else', apply: () => undefined });
  assert.deepEqual(runFaultsCommand(t, ['heal']), { filters: [] });
  assert.deepEqual(filters.names(), ['someone-else']);
  other();
  assert.throws(() => runFaultsCommand(t, ['partition']), /needs the addresses/);
  assert.throws(() => runFaultsCommand(t, ['bogus']), /unknown faults command/);
});

test('faults delay holds what this node receives from the listed hosts; heal removes it', () => {
  const filters = new MessageFilterChain();
  const t = { enabled: true, filters };
  assert.deepEqual(runFaultsCommand(t, ['delay', '2500', '127.0.0.3']), { filters: ['nodetool-faults:delay'] });
  const received = (from: string) => filters.decide({ direction: 'receive', from: endpoint(from), to: endpoint('127.0.0.1'), message: msg });
  assert.deepEqual(received('127.0.0.3'), [2500]);
  assert.deepEqual(received('127.0.0.2'), [0]);
  assert.deepEqual(filters.decide({ direction: 'send', from: endpoint('127.0.0.1'), to: endpoint('127.0.0.3'), message: msg }), [0], 'what it sends goes at once');
  runFaultsCommand(t, ['delay', '10', '127.0.0.2']);
  assert.deepEqual(received('127.0.0.2'), [10], 'a second delay replaces the first');
  assert.deepEqual(received('127.0.0.3'), [0]);
  assert.throws(() => runFaultsCommand(t, ['delay', 'x', '127.0.0.3']), /whole number of milliseconds/);
  assert.throws(() => runFaultsCommand(t, ['delay', '100']), /whole number of milliseconds/);
  assert.deepEqual(runFaultsCommand(t, ['heal']), { filters: [] });
});

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

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { stepLogged } from './step-logged.js';

function recorder() {
  const warnings: [string, Record<string, unknown>][] = [];
  return { warnings, log: { debug: () => undefined, info: () => undefined, error: () => undefined, warn: (event: string, fields: Record<string, unknown> = {}) => void warnings.push([event, fields]) } };
}

test('a failing cleanup step is logged with what failed and why the cleanup ran, and returned; later steps still run', async () => {
  const { warnings, log } = recorder();
  const ran: string[] = [];
  const startError = new Error('cannot listen for CQL clients');
  const first = await stepLogged(log, 'start_cleanup_failed', 'hints', { name: 'hints' }, async () => {
    ran.push('hints');
    throw new Error('EIO closing a hints file');
  }, startError);
  const second = await stepLogged(log, 'start_cleanup_failed', 'storage engine', { name: 'engine' }, async (t) => void ran.push(t.name), startError);
  const never = await stepLogged<{ name: string }>(log, 'start_cleanup_failed', 'Thrift server', undefined, async () => void ran.push('thrift'));
  assert.deepEqual(ran, ['hints', 'engine'], 'a step on something never made does not run');
  assert.ok(first instanceof Error && first.message === 'EIO closing a hints file');
  assert.equal(second, undefined);
  assert.equal(never, undefined);
  assert.deepEqual(warnings, [['start_cleanup_failed', { what: 'hints', error: 'Error: EIO closing a hints file', startFailedWith: 'Error: cannot listen for CQL clients' }]]);
});

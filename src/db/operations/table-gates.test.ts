import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TableGates } from './table-gates.js';

const tick = () => new Promise((r) => setImmediate(r));

test('an exclusive holder waits for shared holders, and later shared holders wait for it', async () => {
  const g = new TableGates();
  const log: string[] = [];
  let release!: () => void;
  const first = g.shared('t', async () => {
    log.push('s1 start');
    await new Promise<void>((r) => (release = r));
    log.push('s1 end');
  });
  await tick();
  const ex = g.exclusive('t', async () => {
    log.push('x');
  });
  const second = g.shared('t', async () => {
    log.push('s2');
  });
  const other = g.shared('u', async () => {
    log.push('u');
  });
  await other;
  await tick();
  assert.deepEqual(log, ['s1 start', 'u']);
  release();
  await Promise.all([first, ex, second]);
  assert.deepEqual(log, ['s1 start', 'u', 's1 end', 'x', 's2']);
});

test('errors pass through and leave the gate usable', async () => {
  const g = new TableGates();
  await assert.rejects(g.shared('t', async () => Promise.reject(new Error('boom'))), /boom/);
  await assert.rejects(g.exclusive('t', async () => Promise.reject(new Error('bang'))), /bang/);
  assert.equal(await g.shared('t', async () => 1), 1);
  assert.equal(await g.exclusive('t', async () => 2), 2);
});

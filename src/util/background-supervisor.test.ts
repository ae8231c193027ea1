import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type BackgroundFailure, BackgroundSupervisor } from './background-supervisor.js';

class DiskError extends Error {
  override readonly name = 'DiskError';
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

test('a failing background task is logged and counted by task and error class, never rethrown', async () => {
  const logged: BackgroundFailure[] = [];
  const s = new BackgroundSupervisor((f) => logged.push(f));
  s.run('fake-sync', () => {
    throw new DiskError('EIO');
  });
  s.run('fake-async', async () => {
    await tick();
    throw new TypeError('bad record');
  });
  s.run('fake-async', () => Promise.reject(new TypeError('bad record again')), 'record 7');
  s.run('fake-ok', async () => 'fine');
  s.watch('fake-watched', Promise.reject(new DiskError('ENOSPC')));
  s.report('fake-caught', 'not an Error');
  await tick();
  await tick();
  assert.deepEqual(logged.map((f) => f.task).sort(), ['fake-async', 'fake-async', 'fake-caught', 'fake-sync', 'fake-watched']);
  assert.deepEqual(s.snapshot(), [
    { task: 'fake-async', errorClass: 'TypeError', message: 'bad record', count: 2 }, // the last one's message
    { task: 'fake-caught', errorClass: 'string', message: 'not an Error', count: 1 },
    { task: 'fake-sync', errorClass: 'DiskError', message: 'EIO', count: 1 },
    { task: 'fake-watched', errorClass: 'DiskError', message: 'ENOSPC', count: 1 },
  ]);
  assert.equal(s.failures('fake-async'), 2);
  assert.equal(s.failures(), 5);
  assert.equal(s.failures('fake-ok'), 0);
});

test('the counters are bounded: past the limit new error classes of a task count as Other', () => {
  const s = new BackgroundSupervisor(() => undefined);
  for (let i = 0; i < 300; i++) {
    const e = new Error(`e${i}`);
    e.name = `Class${i}`;
    s.report('noisy', e);
  }
  const snap = s.snapshot();
  assert.ok(snap.length <= 257, `${snap.length} counters`);
  assert.equal(snap.find((c) => c.errorClass === 'Other')?.count, 300 - 256);
  assert.equal(s.failures('noisy'), 300);
});

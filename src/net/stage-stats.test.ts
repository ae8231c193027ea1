import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StageStats } from './stage-stats.js';

test('StageStats counts synchronous tasks at once and asynchronous ones when they settle', async () => {
  const stats = new StageStats();
  const of = (stage: string) => stats.snapshot().find((s) => s.stage === stage)!;
  stats.executor('READ', () => undefined);
  assert.deepEqual(of('READ'), { stage: 'READ', active: 0, pending: 0, completed: 1 });
  let finish!: () => void;
  stats.executor('MUTATION', () => new Promise<void>((r) => (finish = r)));
  let failLater!: (e: Error) => void;
  stats.executor('MUTATION', () => new Promise<void>((_, reject) => (failLater = reject)).catch(() => undefined));
  assert.equal(of('MUTATION').active, 2);
  finish();
  failLater(new Error('x'));
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(of('MUTATION'), { stage: 'MUTATION', active: 0, pending: 0, completed: 2 });
  assert.throws(() => stats.executor('GOSSIP', () => { throw new Error('sync failure'); }), /sync failure/);
  assert.deepEqual(of('GOSSIP'), { stage: 'GOSSIP', active: 0, pending: 0, completed: 1 });
  assert.equal(stats.snapshot().length, 11, 'every stage listed');
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createSimEnv } from '../../env/index.js';
import { CommitLogSegment } from './commit-log-segment.js';

test('segment lifecycle invariants: no write after retirement, no deletion while a table is dirty in it, none twice', () => {
  const env = createSimEnv(3);
  env.fs.mkdirSync('/log');
  const s = CommitLogSegment.create(env.fs, '/log', 1);
  s.markDirty('t1', 100);
  s.retire();
  assert.throws(() => s.write(Buffer.alloc(4), 0, 4), /invariant violated: commit log segment: written after it was retired/);
  assert.throws(() => s.markDirty('t2', 200), /invariant violated: commit log segment: marked dirty after it was retired/);
  assert.throws(() => s.discard(), /invariant violated: commit log segment 1: discarded while tables are dirty in it/);
  assert.ok(env.fs.existsSync(s.path), 'the file stays');
  s.markClean('t1', { segmentId: 1, offset: 100 });
  s.discard();
  assert.ok(!env.fs.existsSync(s.path));
  assert.throws(() => s.discard(), /invariant violated: commit log segment 1: discarded twice/);
});

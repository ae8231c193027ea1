// Power-loss simulation and fault injection of MemoryFileSystem: only fsynced bytes and
// dir-synced entries survive a crash.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryFileSystem } from './memory-file-system.js';
import { SeededRandom } from './seeded-random.js';
import { createSimEnv } from './sim-env.js';

const code = (c: string) => (err: unknown) => (err as NodeJS.ErrnoException).code === c;
const text = (s: string) => Buffer.from(s, 'utf8');

/** A file system with a durable /db directory. */
function fresh(seed = 1): MemoryFileSystem {
  const fs = new MemoryFileSystem({ random: new SeededRandom(seed) });
  fs.mkdirSync('/db');
  fs.fsyncDirSync('/');
  return fs;
}

function append(fs: MemoryFileSystem, fd: number, s: string): void {
  fs.writeSync(fd, text(s), 0, Buffer.byteLength(s), null);
}

test('unsynced bytes are lost, fsynced bytes survive', () => {
  const fs = fresh();
  const fd = fs.openSync('/db/log', 'a');
  fs.fsyncDirSync('/db');
  append(fs, fd, 'first;');
  fs.fsyncSync(fd);
  append(fs, fd, 'second;');
  fs.crash();
  assert.equal(fs.readFileSync('/db/log').toString(), 'first;');
  assert.throws(() => fs.writeSync(fd, text('x'), 0, 1, null), code('EBADF'));
  assert.equal(fs.openFdCount(), 0);
});

test('a new file needs its directory synced, even when its data was', () => {
  const fs = fresh();
  const fd = fs.openSync('/db/a', 'w');
  append(fs, fd, 'data');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  fs.crash();
  assert.equal(fs.existsSync('/db/a'), false);
});

test('a created and dir-synced but never fsynced file comes back empty', () => {
  const fs = fresh();
  fs.writeFileSync('/db/a', text('data'));
  fs.fsyncDirSync('/db');
  fs.crash();
  assert.equal(fs.readFileSync('/db/a').length, 0);
});

test('rename and unlink become durable only with a directory sync', () => {
  const fs = fresh();
  const fd = fs.openSync('/db/tmp', 'w');
  append(fs, fd, 'v1');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  fs.fsyncDirSync('/db');
  fs.renameSync('/db/tmp', '/db/final');
  fs.crash();
  assert.deepEqual(fs.readdirSync('/db'), ['tmp']);

  fs.renameSync('/db/tmp', '/db/final');
  fs.fsyncDirSync('/db');
  fs.unlinkSync('/db/final');
  fs.crash();
  assert.deepEqual(fs.readdirSync('/db'), ['final']);
  assert.equal(fs.readFileSync('/db/final').toString(), 'v1');
});

test('mkdir is durable only once the parent is synced', () => {
  const fs = fresh();
  fs.mkdirSync('/db/ks/table');
  fs.fsyncDirSync('/db');
  fs.crash();
  assert.deepEqual(fs.readdirSync('/db'), ['ks']);
  assert.deepEqual(fs.readdirSync('/db/ks'), []);
});

test('overwrites and truncation inside synced bytes are undone by a crash', () => {
  const fs = fresh();
  const fd = fs.openSync('/db/f', 'w');
  fs.fsyncDirSync('/db');
  append(fs, fd, 'hello world');
  fs.fsyncSync(fd);
  fs.writeSync(fd, text('J'), 0, 1, 0);
  fs.ftruncateSync(fd, 5);
  assert.equal(fs.readFileSync('/db/f').toString(), 'Jello');
  fs.crash();
  assert.equal(fs.readFileSync('/db/f').toString(), 'hello world');
});

test('hard links stay one inode after a crash', () => {
  const fs = fresh();
  const fd = fs.openSync('/db/a', 'w');
  append(fs, fd, 'shared');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  fs.linkSync('/db/a', '/db/b');
  fs.fsyncDirSync('/db');
  fs.crash();
  const w = fs.openSync('/db/a', 'a');
  append(fs, w, '+');
  fs.closeSync(w);
  assert.equal(fs.readFileSync('/db/b').toString(), 'shared+');
});

test('torn writes keep a seeded random prefix of the unsynced tail', () => {
  const outcomes = new Set<string>();
  for (let seed = 0; seed < 40; seed++) {
    const fs = fresh(seed);
    const fd = fs.openSync('/db/log', 'a');
    fs.fsyncDirSync('/db');
    append(fs, fd, 'synced|');
    fs.fsyncSync(fd);
    append(fs, fd, 'abcdefghij');
    fs.crash({ tornWrites: true });
    const survived = fs.readFileSync('/db/log').toString();
    assert.ok('synced|abcdefghij'.startsWith(survived) && survived.startsWith('synced|'), survived);
    outcomes.add(survived);
  }
  assert.ok(outcomes.size > 3, `only ${outcomes.size} distinct torn outcomes`);
  const replay = (seed: number) => {
    const fs = fresh(seed);
    fs.writeFileSync('/db/x', text('0123456789'));
    fs.fsyncDirSync('/db');
    fs.crash({ tornWrites: true });
    return fs.readFileSync('/db/x').toString();
  };
  assert.equal(replay(7), replay(7));
});

test('failFsync makes matching syncs fail with EIO and keeps data unsynced', async () => {
  const fs = fresh();
  const fd = fs.openSync('/db/log', 'a');
  fs.fsyncDirSync('/db');
  append(fs, fd, 'x');
  fs.failFsync((p) => p.startsWith('/db/'));
  assert.throws(() => fs.fsyncSync(fd), (e: NodeJS.ErrnoException) => e.code === 'EIO' && e.syscall === 'fsync');
  await assert.rejects(fs.fsync(fd), code('EIO'));
  fs.failFsync(null);
  fs.crash();
  assert.equal(fs.readFileSync('/db/log').length, 0);
  fs.failFsync(() => true, 'ENOSPC');
  assert.throws(() => fs.fsyncDirSync('/db'), code('ENOSPC'));
});

test('failWrites makes matching writes fail (disk full)', () => {
  const fs = fresh();
  fs.failWrites((p) => p.endsWith('.db'));
  assert.throws(() => fs.writeFileSync('/db/a.db', text('x')), code('ENOSPC'));
  fs.writeFileSync('/db/a.log', text('x'));
  fs.failWrites(null);
  fs.writeFileSync('/db/a.db', text('x'));
  assert.equal(fs.openFdCount(), 0);
});

test('corrupt flips a bit in what is read now and after a crash', () => {
  const fs = fresh();
  const fd = fs.openSync('/db/f', 'w');
  fs.fsyncDirSync('/db');
  append(fs, fd, 'AAAA');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  fs.corrupt('/db/f', 2, 0);
  assert.equal(fs.readFileSync('/db/f').toString(), 'AA@A');
  fs.crash();
  assert.equal(fs.readFileSync('/db/f').toString(), 'AA@A');
  assert.throws(() => fs.corrupt('/db/f', 4), RangeError);
});

test('with fsync latency, durability lands when the fsync completes, never after a crash', async () => {
  const env = createSimEnv(42, { fsyncLatencyMs: 5 });
  const { fs, timers } = env;
  fs.mkdirSync('/db');
  fs.fsyncDirSync('/');
  const fd = fs.openSync('/db/log', 'a');
  fs.fsyncDirSync('/db');
  append(fs, fd, 'acked');
  let done = false;
  const sync = fs.fsync(fd).then(() => (done = true));
  await timers.runUntilIdleAsync();
  await sync;
  assert.equal(done, true);
  assert.equal(env.clock.nowMs(), 1_700_000_000_005);

  append(fs, fd, 'lost');
  const inFlight = fs.fsync(fd);
  fs.crash();
  timers.runUntilIdle();
  await assert.rejects(inFlight, code('EIO'));
  assert.equal(fs.readFileSync('/db/log').toString(), 'acked');
});

test('crashPath: power loss of one tree only; the rest keeps its unsynced bytes and descriptors', () => {
  const fs = fresh();
  for (const d of ['/db/n1', '/db/n2']) fs.mkdirSync(d);
  fs.fsyncDirSync('/db');
  const a = fs.openSync('/db/n1/log', 'a');
  const b = fs.openSync('/db/n2/log', 'a');
  fs.fsyncDirSync('/db/n1');
  fs.fsyncDirSync('/db/n2');
  append(fs, a, 'kept;');
  fs.fsyncSync(a);
  append(fs, a, 'lost;');
  append(fs, b, 'unsynced;');
  fs.crashPath('/db/n1');
  assert.equal(fs.readFileSync('/db/n1/log').toString(), 'kept;');
  assert.throws(() => fs.writeSync(a, text('x'), 0, 1, null), code('EBADF'));
  append(fs, b, 'more;');
  assert.equal(fs.readFileSync('/db/n2/log').toString(), 'unsynced;more;');
  assert.equal(fs.openFdCount(), 1);
  fs.mkdirSync('/db/n3');
  fs.crashPath('/db/n3');
  assert.equal(fs.existsSync('/db/n3'), false, 'a directory never made durable is gone');
});

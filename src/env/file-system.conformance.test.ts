// One suite, two file systems: MemoryFileSystem must behave like node:fs (RealFileSystem in a
// fresh temporary directory) for everything Ilium relies on, error codes included.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileSystem } from './env.js';
import { MemoryFileSystem } from './memory-file-system.js';
import { RealFileSystem } from './real-env.js';

interface Subject {
  readonly fs: FileSystem;
  readonly base: string;
  readonly cleanup: () => void;
}

const code = (c: string) => (err: unknown) => (err as NodeJS.ErrnoException).code === c;
const text = (s: string) => Buffer.from(s, 'utf8');

function conformance(name: string, make: () => Subject): void {
  describe(`FileSystem conformance: ${name}`, () => {
    let fs: FileSystem;
    let base: string;
    let cleanup: () => void;
    let n = 0;
    /** A fresh directory per test, so tests never see each other's files. */
    const dir = () => {
      const d = join(base, `t${n++}`);
      fs.mkdirSync(d);
      return d;
    };

    before(() => ({ fs, base, cleanup } = make()));
    after(() => cleanup());

    test('open flags: r/r+ need the file, wx refuses it, w truncates, a appends', () => {
      const d = dir();
      const f = join(d, 'f');
      assert.throws(() => fs.openSync(f, 'r'), code('ENOENT'));
      assert.throws(() => fs.openSync(f, 'r+'), code('ENOENT'));
      let fd = fs.openSync(f, 'wx');
      fs.writeSync(fd, text('hello'), 0, 5, null);
      fs.closeSync(fd);
      assert.throws(() => fs.openSync(f, 'wx'), code('EEXIST'));
      fd = fs.openSync(f, 'a');
      fs.writeSync(fd, text('!!'), 0, 2, null);
      fs.closeSync(fd);
      assert.equal(fs.readFileSync(f).toString(), 'hello!!');
      fd = fs.openSync(f, 'w');
      fs.closeSync(fd);
      assert.equal(fs.statSync(f).size, 0);
      fd = fs.openSync(join(d, 'new-by-append'), 'a');
      fs.closeSync(fd);
      assert.ok(fs.existsSync(join(d, 'new-by-append')));
    });

    test('errors carry node-style code, syscall and path', () => {
      const d = dir();
      const missing = join(d, 'missing');
      assert.throws(
        () => fs.openSync(missing, 'r'),
        (err: NodeJS.ErrnoException) => err.code === 'ENOENT' && err.syscall === 'open' && err.path === missing && err.message.startsWith('ENOENT'),
      );
      assert.throws(() => fs.openSync(join(d, 'no-dir', 'f'), 'w'), code('ENOENT'));
      fs.writeFileSync(join(d, 'file'), text('x'));
      assert.throws(() => fs.openSync(join(d, 'file', 'f'), 'w'), code('ENOTDIR'));
      assert.throws(() => fs.statSync(join(d, 'file', 'f')), code('ENOTDIR'));
      assert.throws(() => fs.statSync(missing), code('ENOENT'));
    });

    test('positions: null writes and reads follow the cursor, explicit ones do not move it', () => {
      const d = dir();
      const f = join(d, 'f');
      const fd = fs.openSync(f, 'w');
      fs.writeSync(fd, text('abc'), 0, 3, null);
      fs.writeSync(fd, text('de'), 0, 2, null);
      fs.writeSync(fd, text('X'), 0, 1, 0);
      fs.writeSync(fd, text('f'), 0, 1, null);
      fs.closeSync(fd);
      assert.equal(fs.readFileSync(f).toString(), 'Xbcdef');
      const r = fs.openSync(f, 'r');
      const buf = Buffer.alloc(4);
      assert.equal(fs.readSync(r, buf, 0, 4, 4), 2);
      assert.equal(buf.subarray(0, 2).toString(), 'ef');
      assert.equal(fs.readSync(r, buf, 0, 4, 6), 0);
      assert.equal(fs.readSync(r, buf, 1, 3, 1), 3);
      assert.equal(buf.toString(), 'ebcd');
      fs.closeSync(r);
    });

    test('a write past the end leaves zeros; ftruncate shrinks and zero-extends', () => {
      const d = dir();
      const f = join(d, 'f');
      const fd = fs.openSync(f, 'w');
      fs.writeSync(fd, text('x'), 0, 1, 3);
      assert.deepEqual([...fs.readFileSync(f)], [0, 0, 0, 0x78]);
      fs.ftruncateSync(fd, 2);
      assert.equal(fs.fstatSync(fd).size, 2);
      fs.writeSync(fd, text('ab'), 0, 2, 0);
      fs.ftruncateSync(fd, 4);
      assert.deepEqual([...fs.readFileSync(f)], [0x61, 0x62, 0, 0]);
      fs.closeSync(fd);
      const r = fs.openSync(f, 'r');
      assert.throws(() => fs.ftruncateSync(r, 0), code('EINVAL'));
      fs.closeSync(r);
    });

    test('r+ reads and overwrites in place', () => {
      const d = dir();
      const f = join(d, 'f');
      fs.writeFileSync(f, text('hello'));
      const fd = fs.openSync(f, 'r+');
      fs.writeSync(fd, text('J'), 0, 1, 0);
      const buf = Buffer.alloc(5);
      assert.equal(fs.readSync(fd, buf, 0, 5, 0), 5);
      assert.equal(buf.toString(), 'Jello');
      fs.closeSync(fd);
    });

    test('read (asynchronous, positional) answers as readSync does, and fails as it does', async () => {
      const d = dir();
      const f = join(d, 'f');
      fs.writeFileSync(f, text('abcdef'));
      const r = fs.openSync(f, 'r');
      const buf = Buffer.alloc(4);
      assert.equal(await fs.read(r, buf, 0, 4, 4), 2);
      assert.equal(buf.subarray(0, 2).toString(), 'ef');
      assert.equal(await fs.read(r, buf, 0, 4, 6), 0);
      assert.equal(await fs.read(r, buf, 1, 3, 1), 3);
      assert.equal(buf.toString(), 'ebcd');
      await assert.rejects(fs.read(r, Buffer.alloc(1), 0, 5, 0), code('ERR_OUT_OF_RANGE'));
      fs.closeSync(r);
      await assert.rejects(fs.read(r, Buffer.alloc(1), 0, 1, 0), code('EBADF'));
    });

    test('descriptor misuse: EBADF for wrong direction or closed fds', () => {
      const d = dir();
      const f = join(d, 'f');
      fs.writeFileSync(f, text('data'));
      const r = fs.openSync(f, 'r');
      assert.throws(() => fs.writeSync(r, text('x'), 0, 1, 0), code('EBADF'));
      fs.closeSync(r);
      assert.throws(() => fs.closeSync(r), code('EBADF'));
      assert.throws(() => fs.readSync(r, Buffer.alloc(1), 0, 1, 0), code('EBADF'));
      const w = fs.openSync(f, 'a');
      assert.throws(() => fs.readSync(w, Buffer.alloc(1), 0, 1, 0), code('EBADF'));
      assert.throws(() => fs.readSync(w, Buffer.alloc(1), 0, 5, 0), code('ERR_OUT_OF_RANGE'));
      fs.closeSync(w);
    });

    test('directories: open r for sync, refuse writes and reads', () => {
      const d = dir();
      const fd = fs.openSync(d, 'r');
      assert.equal(fs.fstatSync(fd).isDirectory, true);
      assert.throws(() => fs.readSync(fd, Buffer.alloc(1), 0, 1, 0), code('EISDIR'));
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      assert.throws(() => fs.openSync(d, 'w'), code('EISDIR'));
      assert.throws(() => fs.openSync(d, 'a'), code('EISDIR'));
      assert.throws(() => fs.openSync(d, 'wx'), code('EEXIST'));
      assert.throws(() => fs.readFileSync(d), code('EISDIR'));
      assert.throws(() => fs.writeFileSync(d, text('x')), code('EISDIR'));
      fs.fsyncDirSync(d);
    });

    test('fsyncDir (asynchronous) syncs a directory, and fails on a missing one', async () => {
      const d = dir();
      await fs.fsyncDir(d);
      await assert.rejects(fs.fsyncDir(join(d, 'missing')), code('ENOENT'));
    });

    test('stat, exists and readdir', () => {
      const d = dir();
      fs.writeFileSync(join(d, 'b'), text('12345'));
      fs.writeFileSync(join(d, 'a'), text(''));
      fs.mkdirSync(join(d, 'c'));
      assert.deepEqual(fs.readdirSync(d), ['a', 'b', 'c']);
      assert.deepEqual(fs.statSync(join(d, 'b')), { size: 5, isDirectory: false, isFile: true });
      assert.equal(fs.statSync(join(d, 'c')).isDirectory, true);
      assert.equal(fs.existsSync(join(d, 'c')), true);
      assert.equal(fs.existsSync(join(d, 'nope')), false);
      assert.equal(fs.existsSync(join(d, 'b', 'x')), false);
      assert.throws(() => fs.readdirSync(join(d, 'b')), code('ENOTDIR'));
      assert.throws(() => fs.readdirSync(join(d, 'nope')), code('ENOENT'));
    });

    test('mkdir is recursive and idempotent, but not over a file', () => {
      const d = dir();
      fs.mkdirSync(join(d, 'x', 'y', 'z'));
      fs.mkdirSync(join(d, 'x', 'y', 'z'));
      assert.equal(fs.statSync(join(d, 'x', 'y')).isDirectory, true);
      fs.writeFileSync(join(d, 'f'), text('1'));
      assert.throws(() => fs.mkdirSync(join(d, 'f')), code('EEXIST'));
      assert.throws(() => fs.mkdirSync(join(d, 'f', 'g')), code('ENOTDIR'));
    });

    test('rename replaces files and follows the directory rules', () => {
      const d = dir();
      const [a, b] = [join(d, 'a'), join(d, 'b')];
      fs.writeFileSync(a, text('A'));
      fs.writeFileSync(b, text('B'));
      fs.renameSync(a, b);
      assert.equal(fs.existsSync(a), false);
      assert.equal(fs.readFileSync(b).toString(), 'A');
      fs.renameSync(b, b);
      assert.throws(() => fs.renameSync(a, b), code('ENOENT'));
      assert.throws(() => fs.renameSync(b, join(d, 'nope', 'b')), code('ENOENT'));
      fs.mkdirSync(join(d, 'full', 'sub'));
      fs.mkdirSync(join(d, 'empty'));
      fs.mkdirSync(join(d, 'mover'));
      assert.throws(() => fs.renameSync(b, join(d, 'full')), code('EISDIR'));
      assert.throws(() => fs.renameSync(join(d, 'mover'), join(d, 'full')), code('ENOTEMPTY'));
      assert.throws(() => fs.renameSync(join(d, 'mover'), b), code('ENOTDIR'));
      assert.throws(() => fs.renameSync(join(d, 'full'), join(d, 'full', 'sub', 'x')), code('EINVAL'));
      fs.renameSync(join(d, 'mover'), join(d, 'empty'));
      assert.deepEqual(fs.readdirSync(d), ['b', 'empty', 'full']);
    });

    test('unlink removes names; an open descriptor still reads the data', () => {
      const d = dir();
      const f = join(d, 'f');
      fs.writeFileSync(f, text('data'));
      const fd = fs.openSync(f, 'r');
      fs.unlinkSync(f);
      assert.equal(fs.existsSync(f), false);
      const buf = Buffer.alloc(4);
      assert.equal(fs.readSync(fd, buf, 0, 4, 0), 4);
      assert.equal(buf.toString(), 'data');
      fs.closeSync(fd);
      assert.throws(() => fs.unlinkSync(f), code('ENOENT'));
      assert.throws(() => fs.unlinkSync(d), code('EISDIR'));
    });

    test('hard links share one inode', () => {
      const d = dir();
      const [a, b] = [join(d, 'a'), join(d, 'b')];
      fs.writeFileSync(a, text('one'));
      fs.linkSync(a, b);
      const fd = fs.openSync(a, 'a');
      fs.writeSync(fd, text('+two'), 0, 4, null);
      fs.closeSync(fd);
      assert.equal(fs.readFileSync(b).toString(), 'one+two');
      fs.unlinkSync(a);
      assert.equal(fs.readFileSync(b).toString(), 'one+two');
      assert.throws(() => fs.linkSync(join(d, 'nope'), join(d, 'c')), code('ENOENT'));
      fs.writeFileSync(a, text('again'));
      assert.throws(() => fs.linkSync(a, b), code('EEXIST'));
      fs.mkdirSync(join(d, 'sub'));
      assert.throws(() => fs.linkSync(join(d, 'sub'), join(d, 'sub-link')), code('EPERM'));
    });

    test('rmSync is recursive and quiet about missing paths', () => {
      const d = dir();
      fs.mkdirSync(join(d, 'x', 'y'));
      fs.writeFileSync(join(d, 'x', 'y', 'f'), text('1'));
      fs.rmSync(join(d, 'x'));
      assert.equal(fs.existsSync(join(d, 'x')), false);
      fs.rmSync(join(d, 'x'));
      fs.writeFileSync(join(d, 'f'), text('1'));
      fs.rmSync(join(d, 'f'));
      assert.deepEqual(fs.readdirSync(d), []);
    });

    test('fsync variants succeed on good descriptors and reject bad ones', async () => {
      const d = dir();
      const fd = fs.openSync(join(d, 'f'), 'w');
      fs.writeSync(fd, text('x'), 0, 1, null);
      await fs.fsync(fd);
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      fs.fsyncDirSync(d);
      await assert.rejects(fs.fsync(fd), code('EBADF'));
      assert.throws(() => fs.fsyncSync(fd), code('EBADF'));
    });
  });
}

conformance('RealFileSystem', () => {
  const base = mkdtempSync(join(tmpdir(), 'ilium-fs-'));
  return { fs: new RealFileSystem(), base, cleanup: () => rmSync(base, { recursive: true, force: true }) };
});

conformance('MemoryFileSystem', () => {
  const fs = new MemoryFileSystem();
  fs.mkdirSync('/data');
  return { fs, base: '/data', cleanup: () => assert.equal(fs.openFdCount(), 0) };
});

/**
 * `open()` owns its data directory until `close()`: the same LOCK as `ilium start`, so a second
 * `open()` of the directory — in this process too — is refused before anything is replayed.
 * (A real node holding the directory: test/crash/open-live-node.test.ts.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemoryFileSystem, SimNetwork, createRealEnv } from '../env/index.js';
import { DataDirectoryInUseError } from '../errors/index.js';
import { open } from './open.js';
import { tempEnv } from '../../test/support/temp-env.js';

test('a second open() of one directory in this process is refused naming this process; after close() it opens', async () => {
  const t = tempEnv('ilium-open-lock-');
  try {
    const first = await open({ dataDir: t.dir, env: t.env });
    assert.equal(readFileSync(join(t.dir, 'LOCK'), 'utf8'), `${process.pid}\n`);
    await first.addKeyspace({ name: 'ks', tables: [{ name: 'cf', comparator: 'UTF8Type' }] });
    await first.keyspace('ks').insert('cf', 'k', { c: 'v' });
    await assert.rejects(open({ dataDir: t.dir, env: t.env }), (e: unknown) => {
      assert.ok(e instanceof DataDirectoryInUseError);
      assert.equal(e.pid, process.pid);
      assert.equal(e.dataDir, t.dir);
      assert.match(e.message, new RegExp(`^data directory ${t.dir} is in use by process ${process.pid} \\(its LOCK file ${join(t.dir, 'LOCK')}\\); that is this process`));
      return true;
    });
    // The refused open() touched nothing: the first still reads and writes.
    await first.keyspace('ks').insert('cf', 'k2', { c: 'v2' });
    assert.equal(await first.keyspace('ks').get('cf', 'k', 'c'), 'v');
    await first.close();
    assert.ok(!existsSync(join(t.dir, 'LOCK')), 'close() releases the LOCK');
    const second = await open({ dataDir: t.dir, env: t.env });
    try {
      assert.equal(await second.keyspace('ks').get('cf', 'k2', 'c'), 'v2');
    } finally {
      await second.close();
    }
  } finally {
    t.cleanup();
  }
});

test('open() on an env with an in-memory file system locks there; a failed open releases the LOCK', async () => {
  // Real clock and timers (the node's start waits on them), files and network in memory.
  const env = { ...createRealEnv(), fs: new MemoryFileSystem(), net: new SimNetwork() };
  const db = await open({ dataDir: '/db', env });
  assert.equal(env.fs.readFileSync('/db/LOCK').toString(), `${env.processes.selfPid}\n`);
  await assert.rejects(open({ dataDir: '/db', env }), DataDirectoryInUseError);
  await db.close();
  assert.ok(!env.fs.existsSync('/db/LOCK'));
  // Storage that cannot open (its commit log cannot be written) leaves the directory free.
  env.fs.failWrites((path) => path.includes('commitlog'));
  await assert.rejects(open({ dataDir: '/db', env }));
  assert.ok(!env.fs.existsSync('/db/LOCK'), 'the LOCK of a failed open() is released');
  env.fs.failWrites(null);
  await (await open({ dataDir: '/db', env })).close();
});

/**
 * The engine's background work reports to its supervisor: a flush that fails on a faulty file
 * system (fsync EIO) is logged and counted as task `flush` with the table it was flushing, and
 * the engine stops taking writes (its state is unknown) instead of failing silently.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BackgroundSupervisor, type BackgroundFailure } from '../util/background-supervisor.js';
import { BOTTOM, TOP, cellName } from './model/cell-name.js';
import { liveCell } from './model/cell.js';
import { StorageEngine } from './storage-engine.js';
import type { StorageOptions } from './storage-options.js';
import type { TableDef } from './table-def.js';
import { BYTE_ORDER, tempEnv } from '../../test/support/temp-env.js';
import { FaultyFileSystem } from '../../test/support/faulty-fs.js';

const T: TableDef = { id: '11111111-2222-3333-4444-666666666666', keyspace: 'ks', name: 't', partitioner: BYTE_ORDER, gcGraceSeconds: 10 };
const ALL = { slices: [{ start: BOTTOM, end: TOP }], reversed: false };

const put = (key: string, value: Buffer) => ({ key: Buffer.from(key), partitionDeletion: null, rangeTombstones: [], cells: [liveCell(cellName([Buffer.from('c')]), value, 1n)] });

/** An engine on a file system whose fsync fails on demand, reporting to a supervisor that records what it is told. */
async function withFaultyEngine(options: Partial<StorageOptions>, body: (e: StorageEngine, fs: FaultyFileSystem, background: BackgroundSupervisor, logged: BackgroundFailure[]) => Promise<void>): Promise<void> {
  const { env, dir, cleanup } = tempEnv();
  const fs = new FaultyFileSystem();
  const logged: BackgroundFailure[] = [];
  const background = new BackgroundSupervisor((f) => logged.push(f));
  try {
    const e = await StorageEngine.open({ env: { ...env, fs }, dataDir: dir, options: { autoSnapshot: false, ...options }, tables: [T], background });
    try {
      await body(e, fs, background, logged);
    } finally {
      fs.failFsync = false;
      await e.close().catch((err: unknown) => assert.ok(err instanceof Error, 'closing after the failure refuses, as it should'));
    }
  } finally {
    cleanup();
  }
}

test('a background flush failing on a faulty file system is logged and counted, and later writes are refused', async () => {
  // Periodic sync with a long period: only the flush fsyncs while the fault is on. Inline: the fault is on this thread's file system.
  await withFaultyEngine({ commitlogSync: 'periodic', commitlogSyncPeriodMs: 3_600_000, compactionInWorker: false, memtableFlushThresholdBytes: 4096 }, async (e, fs, background, logged) => {
    fs.failFsync = true;
    for (let i = 0; background.failures('flush') === 0 && i < 200; i++) {
      await e.apply(T.id, put(`k${i}`, Buffer.alloc(200, 1))).catch(() => undefined);
      await new Promise((resolve) => setImmediate(resolve));
    }
    assert.deepEqual(background.snapshot().map((f) => [f.task, f.count]), [['flush', 1]]);
    assert.equal(logged.length, 1);
    assert.match(logged[0]!.message, /^table ks\.t in .* \(disk_failure_policy stop\): EIO/);
    await assert.rejects(e.apply(T.id, { key: Buffer.from('after'), partitionDeletion: null, rangeTombstones: [], cells: [] }));
    assert.ok(e.read(T.id, Buffer.from('k0'), ALL) !== null, 'what was written is still served');
  });
});

test('a commit-log fsync failure is reported once as task commitlog, with the file system error and what it means', async () => {
  await withFaultyEngine({ commitlogSync: 'batch' }, async (e, fs, background) => {
    fs.failFsync = true;
    await assert.rejects(e.apply(T.id, put('a', Buffer.from('v'))));
    await assert.rejects(e.apply(T.id, put('b', Buffer.from('v'))));
    const [failure, ...more] = background.snapshot();
    assert.deepEqual(more, []);
    assert.equal(failure?.task, 'commitlog');
    assert.equal(failure?.count, 1, 'reported when the log fails, not again for each refused write');
    assert.match(failure?.message ?? '', /^commit log is in an unknown state after a failed sync; restart the node: EIO/);
  });
});

test('without a supervisor given, the engine reports to its log', async () => {
  const { env, dir, cleanup } = tempEnv();
  const events: [string, Record<string, unknown>][] = [];
  try {
    const e = await StorageEngine.open({ env, dataDir: dir, options: { autoSnapshot: false }, tables: [T], log: (event, fields) => events.push([event, fields]) });
    e.background.report('compaction', new Error('disk full'));
    assert.deepEqual(events, [['background_task_failed', { task: 'compaction', errorClass: 'Error', message: 'disk full' }]]);
    await e.close();
  } finally {
    cleanup();
  }
});

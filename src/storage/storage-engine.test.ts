import { test } from 'node:test';
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { OverloadedError, WriteFailureError } from '../errors/index.js';
import { BOTTOM, TOP, cellName } from './model/cell-name.js';
import { liveCell } from './model/cell.js';
import type { PartitionUpdate } from './model/partition-update.js';
import { StorageEngine } from './storage-engine.js';
import type { StorageOptions } from './storage-options.js';
import type { TableDef } from './table-def.js';
import { BYTE_ORDER, tempEnv } from '../../test/support/temp-env.js';
import { FaultyFileSystem } from '../../test/support/faulty-fs.js';

const T: TableDef = { id: '11111111-2222-3333-4444-555555555555', keyspace: 'ks', name: 't', partitioner: BYTE_ORDER, gcGraceSeconds: 10 };
const ALL = { slices: [{ start: BOTTOM, end: TOP }], reversed: false };
const put = (key: string, col: string, value: string, ts = 1n): PartitionUpdate => ({
  key: Buffer.from(key),
  partitionDeletion: null,
  rangeTombstones: [],
  cells: [liveCell(cellName([Buffer.from(col)]), Buffer.from(value), ts)],
});
const values = (e: StorageEngine, key: string): string[] => (e.read(T.id, Buffer.from(key), ALL)?.cells ?? []).map((c) => c.value.toString());

async function withEngine(options: Partial<StorageOptions>, body: (open: () => Promise<StorageEngine>, dir: string) => Promise<void>, fs?: FaultyFileSystem): Promise<void> {
  const { env, dir, cleanup } = tempEnv();
  const e = fs ? { ...env, fs } : env;
  try {
    await body(() => StorageEngine.open({ env: e, dataDir: dir, options: { autoSnapshot: false, ...options }, tables: [T] }), dir);
  } finally {
    cleanup();
  }
}

test('writes survive flush and restart; scans page in key order', async () => {
  await withEngine({ commitlogSync: 'batch' }, async (open) => {
    let e = await open();
    for (let i = 0; i < 30; i++) await e.apply(T.id, put(`k${String(i).padStart(2, '0')}`, 'c', `v${i}`));
    await e.flush();
    await e.apply(T.id, put('k05', 'c', 'newer', 2n));
    await e.close();
    e = await open();
    assert.deepEqual(values(e, 'k05'), ['newer']);
    const page1 = e.scan(T.id, undefined, undefined, ALL, 10);
    const page2 = e.scan(T.id, { position: page1[9]!.position, inclusive: false }, undefined, ALL, 100);
    assert.deepEqual([...page1, ...page2].map((p) => p.key.toString()), Array.from({ length: 30 }, (_, i) => `k${String(i).padStart(2, '0')}`));
    await e.close();
  });
});

test('after a failed fsync every write fails until restart, and nothing acknowledged is lost', async () => {
  const fs = new FaultyFileSystem();
  await withEngine({ commitlogSync: 'batch' }, async (open) => {
    let e = await open();
    await e.apply(T.id, put('a', 'c', 'before'));
    fs.failFsync = true;
    await assert.rejects(e.apply(T.id, put('b', 'c', 'during')), WriteFailureError);
    fs.failFsync = false;
    await assert.rejects(e.apply(T.id, put('c', 'c', 'after')), WriteFailureError);
    await e.close().catch(() => undefined);
    e = await open();
    assert.deepEqual(values(e, 'a'), ['before']);
    await e.apply(T.id, put('c', 'c', 'after restart'));
    assert.deepEqual(values(e, 'c'), ['after restart']);
    await e.close();
  }, fs);
});

test('truncate is durable: nothing written before it comes back after restart', async () => {
  await withEngine({ commitlogSync: 'batch' }, async (open) => {
    let e = await open();
    await e.apply(T.id, put('a', 'c', 'flushed'));
    await e.flush();
    await e.apply(T.id, put('b', 'c', 'in memtable'));
    await e.truncate(T.id);
    await e.apply(T.id, put('c', 'c', 'after'));
    assert.deepEqual(e.scan(T.id, undefined, undefined, ALL, 10).map((p) => p.key.toString()), ['c']);
    await e.close();
    e = await open();
    assert.deepEqual(e.scan(T.id, undefined, undefined, ALL, 10).map((p) => p.key.toString()), ['c']);
    await e.close();
  });
});

test('snapshots hard-link the live SSTables', async () => {
  await withEngine({}, async (open) => {
    const e = await open();
    await e.apply(T.id, put('a', 'c', 'v'));
    const [dir] = await e.snapshot('before-upgrade');
    const data = e.table(T.id).sstables[0]!.files[0]!;
    assert.ok(statSync(data).nlink >= 2, 'the SSTable file has a second link');
    assert.ok(statSync(`${dir}/${data.slice(data.lastIndexOf('/') + 1)}`).isFile());
    await e.close();
  });
});

test('writers stop above memtableWriterStopBytes and fail with OverloadedError when flushes lag', async () => {
  await withEngine({ memtableFlushThresholdBytes: 4096, memtableWriterSlowdownBytes: 2048, memtableWriterStopBytes: 4096, memtableWriterStopTimeoutMs: 1 }, async (open) => {
    const e = await open();
    const results = await Promise.allSettled(Array.from({ length: 3000 }, (_, i) => e.apply(T.id, put(`k${i}`, 'c', 'x'.repeat(200)))));
    const overloaded = results.filter((r) => r.status === 'rejected' && r.reason instanceof OverloadedError).length;
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    assert.ok(overloaded > 0, 'some writes were refused');
    assert.equal(ok + overloaded, 3000, 'every write either succeeded or was refused as overloaded');
    for (let i = 0; i < 3000; i++) if (results[i]!.status === 'fulfilled') assert.deepEqual(values(e, `k${i}`), ['x'.repeat(200)]);
    await e.close();
  });
});

test('commit-log space pressure flushes the tables that pin old segments', async () => {
  await withEngine({ commitlogSegmentSizeBytes: 8192, commitlogTotalSpaceBytes: 32768, memtableFlushThresholdBytes: 1 << 30 }, async (open, dir) => {
    const e = await open();
    for (let i = 0; i < 3000; i++) await e.apply(T.id, put(`k${i % 50}`, `c${i}`, 'v'.repeat(60)));
    await e.flush();
    assert.ok(e.table(T.id).sstables.length > 1, 'pressure caused flushes before the explicit one');
    const { readdirSync } = await import('node:fs');
    const segments = readdirSync(`${dir}/commitlog`).filter((f) => f.endsWith('.log'));
    assert.ok(segments.length <= 6, `${segments.length} segments kept`);
    assert.equal(e.read(T.id, Buffer.from('k7'), ALL)?.cells.length, 60);
    await e.close();
  });
});

test('a table compacted down to nothing does not get old commit-log entries replayed back', async () => {
  const { env, clock, dir, cleanup } = tempEnv();
  const U: TableDef = { ...T, id: '66666666-2222-3333-4444-555555555555', name: 'pins_the_log' };
  const G: TableDef = { ...T, gcGraceSeconds: 0 };
  const V: TableDef = { ...T, id: '77777777-2222-3333-4444-555555555555', name: 'rolls_the_log' };
  const open = (): Promise<StorageEngine> => StorageEngine.open({ env, dataDir: dir, tables: [G, U, V], options: { commitlogSync: 'batch', commitlogSegmentSizeBytes: 4096, autoSnapshot: false } });
  try {
    const e = await open();
    await e.apply(U.id, put('u', 'c', 'keeps segment 1 dirty'));
    await e.apply(G.id, put('p', 'victim', 'must stay deleted', 1n));
    for (let i = 0; i < 80; i++) await e.apply(G.id, put('filler', `c${i}`, 'x'.repeat(100), 1n));
    await e.apply(G.id, { key: Buffer.from('p'), partitionDeletion: { markedForDeleteAt: 2n, localDeletionTime: Math.floor(clock.nowMs() / 1000) }, rangeTombstones: [], cells: [] });
    await e.apply(G.id, { key: Buffer.from('filler'), partitionDeletion: { markedForDeleteAt: 2n, localDeletionTime: Math.floor(clock.nowMs() / 1000) }, rangeTombstones: [], cells: [] });
    // Roll the log past the deletions so their segment is discarded once everything is flushed.
    for (let i = 0; i < 80; i++) await e.apply(V.id, put('v', `c${i}`, 'x'.repeat(100)));
    await e.flush(G.id);
    await e.flush(V.id);
    clock.advanceSeconds(5);
    await e.compact(G.id);
    assert.equal(e.table(G.id).sstables.length, 0, 'everything was purged');
    // Crash: no close, so table U still pins the oldest segment with G's first writes in it.
    const again = await open();
    assert.deepEqual(values(again, 'p'), []);
    assert.deepEqual(again.scan(G.id, undefined, undefined, ALL, 10), []);
    await again.close();
  } finally {
    cleanup();
  }
});

test('dropTable snapshots then deletes the data; the table id is then unknown; clearSnapshot removes snapshots', async () => {
  const { existsSync, readdirSync } = await import('node:fs');
  const { env, dir, cleanup } = tempEnv();
  try {
    const e = await StorageEngine.open({ env, dataDir: dir, tables: [T], options: { autoSnapshot: true } });
    await e.apply(T.id, put('a', 'c', 'v'));
    const tableDir = e.table(T.id).dir;
    await e.dropTable(T.id);
    assert.throws(() => e.read(T.id, Buffer.from('a'), ALL), /unknown table id/);
    await assert.rejects(e.apply(T.id, put('a', 'c', 'v')), /unknown table id/);
    assert.deepEqual(readdirSync(tableDir), ['snapshots'], 'only the automatic snapshot is left');
    assert.equal(readdirSync(`${tableDir}/snapshots`).length, 1);
    await e.close();
    // Regression: re-registering the same table after a restart found its data again, replayed from
    // the live commit-log segment; a durable replay floor now keeps it dropped.
    const again = await StorageEngine.open({ env, dataDir: dir, tables: [T], options: { autoSnapshot: true } });
    assert.deepEqual(values(again, 'a'), []);
    await again.snapshot('manual');
    assert.ok(existsSync(`${tableDir}/snapshots/manual`));
    // Regression: clearSnapshot passed any tag to rm -r, so '..' or 'a/b' could reach outside snapshots/.
    assert.throws(() => again.clearSnapshot('bad/tag'), /snapshot tag/);
    assert.throws(() => again.clearSnapshot('..'), /snapshot tag/);
    again.clearSnapshot();
    assert.ok(!existsSync(`${tableDir}/snapshots`));
    await again.close();
  } finally {
    cleanup();
  }
});

test('writesSettled waits for applies in flight; dropTable without a snapshot leaves no directory', async () => {
  const { existsSync } = await import('node:fs');
  const { env, dir, cleanup } = tempEnv();
  try {
    const e = await StorageEngine.open({ env, dataDir: dir, tables: [T], options: { autoSnapshot: true, commitlogSync: 'batch' } });
    const write = e.apply(T.id, put('a', 'c', 'v'));
    assert.deepEqual(values(e, 'a'), [], 'not applied until its log entry is synced');
    await e.writesSettled(T.id);
    assert.deepEqual(values(e, 'a'), ['v']);
    await write;
    await assert.rejects(e.writesSettled('nope'), /unknown table id/);
    await e.flush();
    const tableDir = e.table(T.id).dir;
    await e.dropTable(T.id, { snapshot: false });
    assert.ok(!existsSync(tableDir), 'no snapshot taken, directory removed');
    await e.close();
  } finally {
    cleanup();
  }
});

test('a closed engine refuses reads and writes with EngineStateError; close is idempotent', async () => {
  const { EngineStateError } = await import('../errors/index.js');
  await withEngine({}, async (open) => {
    const e = await open();
    await e.apply(T.id, put('a', 'c', 'v'));
    await e.close();
    await e.close();
    await assert.rejects(e.apply(T.id, put('a', 'c', 'v')), EngineStateError);
    assert.throws(() => e.read(T.id, Buffer.from('a'), ALL), EngineStateError);
    assert.throws(() => e.scan(T.id, undefined, undefined, ALL, 1), EngineStateError);
  });
});

test('applyAll: each update applied and durable like apply; survives restart; errors as Promise.all over apply', async () => {
  await withEngine({ commitlogSync: 'batch', commitlogSegmentSizeBytes: 8192 }, async (open) => {
    let e = await open();
    await e.applyAll(Array.from({ length: 20 }, (_, i) => ({ tableId: T.id, update: put(`k${i}`, 'c', `v${i}`) })));
    for (let i = 0; i < 20; i++) assert.deepEqual(values(e, `k${i}`), [`v${i}`]);
    // Two updates of one partition apply in order (the later timestamp wins either way).
    await e.applyAll([
      { tableId: T.id, update: put('k1', 'c', 'older', 5n) },
      { tableId: T.id, update: put('k1', 'c', 'newer', 6n) },
    ]);
    assert.deepEqual(values(e, 'k1'), ['newer']);
    // An oversized update is refused alone; the rest are written. So is an unknown table.
    const big = put('big', 'c', 'x'.repeat(6000));
    await assert.rejects(e.applyAll([{ tableId: T.id, update: put('a1', 'c', 'ok') }, { tableId: T.id, update: big }, { tableId: T.id, update: put('a2', 'c', 'ok') }]), /max_mutation_size/);
    assert.deepEqual(values(e, 'a1'), ['ok']);
    assert.deepEqual(values(e, 'a2'), ['ok']);
    assert.deepEqual(values(e, 'big'), []);
    await assert.rejects(e.applyAll([{ tableId: T.id, update: put('u1', 'c', 'ok') }, { tableId: 'nope', update: put('u2', 'c', 'ok') }]), /unknown table id/);
    await e.apply(T.id, put('z', 'c', 'z')); // acknowledged after u1 (Promise.all rejected before u1 was applied)
    assert.deepEqual(values(e, 'u1'), ['ok']);
    await e.close();
    e = await open();
    for (let i = 2; i < 20; i++) assert.deepEqual(values(e, `k${i}`), [`v${i}`]);
    assert.deepEqual(values(e, 'k1'), ['newer']);
    assert.deepEqual(values(e, 'a2'), ['ok']);
    await e.close();
  });
});

test('applyAll: after a failed fsync the batch and every later write fail; nothing acknowledged is lost', async () => {
  const fs = new FaultyFileSystem();
  await withEngine({ commitlogSync: 'batch' }, async (open) => {
    let e = await open();
    await e.applyAll([{ tableId: T.id, update: put('a', 'c', 'before') }, { tableId: T.id, update: put('b', 'c', 'before') }]);
    fs.failFsync = true;
    await assert.rejects(e.applyAll([{ tableId: T.id, update: put('c', 'c', 'during') }, { tableId: T.id, update: put('d', 'c', 'during') }]), WriteFailureError);
    fs.failFsync = false;
    await assert.rejects(e.applyAll([{ tableId: T.id, update: put('c', 'c', 'after') }, { tableId: T.id, update: put('d', 'c', 'after') }]), WriteFailureError);
    await e.close().catch(() => undefined);
    e = await open();
    assert.deepEqual(values(e, 'a'), ['before']);
    assert.deepEqual(values(e, 'b'), ['before']);
    await e.close();
  }, fs);
});

test('applyAll: over the stop limit the batch waits or is refused as apply would be', async () => {
  await withEngine({ memtableFlushThresholdBytes: 4096, memtableWriterSlowdownBytes: 2048, memtableWriterStopBytes: 4096, memtableWriterStopTimeoutMs: 1 }, async (open) => {
    const e = await open();
    const batches = Array.from({ length: 300 }, (_, b) => Array.from({ length: 10 }, (_, i) => ({ tableId: T.id, update: put(`k${b}-${i}`, 'c', 'x'.repeat(200)) })));
    const results = await Promise.allSettled(batches.map((w) => e.applyAll(w)));
    assert.ok(results.some((r) => r.status === 'rejected' && r.reason instanceof OverloadedError), 'some batches were refused');
    // The batch is admitted as a whole before anything is logged: all of it is written, or none.
    for (const [b, r] of results.entries()) {
      const expected = r.status === 'rejected' ? [] : ['x'.repeat(200)];
      if (r.status === 'rejected') assert.ok(r.reason instanceof OverloadedError);
      for (let i = 0; i < 10; i++) assert.deepEqual(values(e, `k${b}-${i}`), expected);
    }
    await e.close();
  });
});

test('applyAll of nothing resolves; apply is applyAll of one, refusing an unknown table alone', async () => {
  await withEngine({}, async (open) => {
    const e = await open();
    await e.applyAll([]); // rejected with null before the write path was one
    await assert.rejects(e.apply('nope', put('a', 'c', 'v')), /unknown table id nope/);
    await e.apply(T.id, put('a', 'c', 'v'));
    assert.deepEqual(values(e, 'a'), ['v']);
    assert.equal(e.unflushedBytes() > 0, true);
    await e.writesSettled(T.id);
    await e.close();
  });
});

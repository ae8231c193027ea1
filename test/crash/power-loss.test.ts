/**
 * Power loss, simulated: the engine runs on MemoryFileSystem, which on crash() keeps only what was
 * fsynced (file bytes, and directory entries whose directory was fsynced). In batch and group
 * modes every acknowledged write must survive, including data already flushed to SSTables.
 * Periodic mode may lose writes acknowledged since the last sync, but nothing synced before it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRealEnv } from '../../src/env/index.js';
import { MemoryFileSystem } from '../../src/env/memory-file-system.js';
import { BOTTOM, TOP } from '../../src/storage/model/cell-name.js';
import { liveCell } from '../../src/storage/model/cell.js';
import { StorageEngine } from '../../src/storage/storage-engine.js';
import type { CommitLogSync } from '../../src/storage/storage-options.js';
import { TestRandom } from '../support/temp-env.js';
import { processFs } from '../support/process-fs.js';
import { CRASH_TABLE, PARTITIONS, seqKey, seqName } from './crash-table.js';

async function trial(mode: CommitLogSync, seed: number): Promise<{ acked: number; lost: number }> {
  const fs = new MemoryFileSystem();
  // The crashed process must not touch the disk again: its handle dies with it.
  const proc = processFs(fs);
  const env = { ...createRealEnv(), fs: proc.fs };
  const options = { commitlogSync: mode, commitlogSyncPeriodMs: 20, memtableFlushThresholdBytes: 64 * 1024, compactionMinThreshold: 1000, compactionMaxThreshold: 1000 };
  const engine = await StorageEngine.open({ env, dataDir: '/data', options, tables: [CRASH_TABLE] });
  const r = new TestRandom(seed);
  const crashAfter = 500 + r.int(3000);
  const acked: number[] = [];
  let crashed = false;
  await new Promise<void>((resolve) => {
    let next = 0;
    const pump = (): void => {
      while (!crashed && next < crashAfter + 5000 && next - acked.length < 64) {
        const seq = next++;
        engine
          .apply(CRASH_TABLE.id, { key: seqKey(seq), partitionDeletion: null, rangeTombstones: [], cells: [liveCell(seqName(seq), Buffer.from(`value-${seq}`), 1n)] })
          .then(() => {
            if (crashed) return;
            acked.push(seq);
            if (acked.length >= crashAfter) {
              crashed = true;
              proc.crash();
              resolve();
            } else pump();
          }, () => undefined);
      }
    };
    pump();
  });
  const reopened = await StorageEngine.open({ env: { ...env, fs }, dataDir: '/data', options, tables: [CRASH_TABLE] });
  const present = new Set<number>();
  for (let p = 0; p < PARTITIONS; p++) {
    for (const c of reopened.read(CRASH_TABLE.id, seqKey(p), { slices: [{ start: BOTTOM, end: TOP }], reversed: false })?.cells ?? []) {
      present.add(Number(c.name.readBigUInt64BE(1)));
    }
  }
  await reopened.close();
  return { acked: acked.length, lost: acked.filter((s) => !present.has(s)).length };
}

for (const mode of ['batch', 'group'] as const) {
  test(`power loss loses no acknowledged write (${mode})`, { timeout: 120_000 }, async () => {
    for (let seed = 1; seed <= 5; seed++) {
      const { acked, lost } = await trial(mode, seed);
      assert.equal(lost, 0, `seed ${seed}: ${lost} of ${acked} acknowledged writes lost`);
    }
  });
}

test('periodic mode: power loss loses at most the writes of the last sync period', { timeout: 120_000 }, async () => {
  const periodMs = 25;
  const fs = new MemoryFileSystem();
  const proc = processFs(fs);
  const env = { ...createRealEnv(), fs: proc.fs };
  const options = { commitlogSync: 'periodic' as const, commitlogSyncPeriodMs: periodMs, memtableFlushThresholdBytes: 64 * 1024, compactionMinThreshold: 1000, compactionMaxThreshold: 1000 };
  const engine = await StorageEngine.open({ env, dataDir: '/data', options, tables: [CRASH_TABLE] });
  const ackedAt = new Map<number, number>();
  const started = performance.now();
  let seq = 0;
  while (performance.now() - started < 600) {
    const batch = Array.from({ length: 32 }, () => seq++);
    await Promise.all(batch.map((s) => engine.apply(CRASH_TABLE.id, { key: seqKey(s), partitionDeletion: null, rangeTombstones: [], cells: [liveCell(seqName(s), Buffer.from(`value-${s}`), 1n)] }).then(() => ackedAt.set(s, performance.now()))));
  }
  const crashAt = performance.now();
  proc.crash();
  const reopened = await StorageEngine.open({ env: { ...env, fs }, dataDir: '/data', options, tables: [CRASH_TABLE] });
  const present = new Set<number>();
  for (let p = 0; p < PARTITIONS; p++) {
    for (const c of reopened.read(CRASH_TABLE.id, seqKey(p), { slices: [{ start: BOTTOM, end: TOP }], reversed: false })?.cells ?? []) present.add(Number(c.name.readBigUInt64BE(1)));
  }
  await reopened.close();
  // A generous margin over one period: timers and the sync itself take time on a loaded machine.
  const safeBefore = crashAt - periodMs - 150;
  const old = [...ackedAt].filter(([, t]) => t < safeBefore).map(([s]) => s);
  const lostOld = old.filter((s) => !present.has(s));
  assert.ok(old.length > 100, `only ${old.length} writes old enough to check`);
  assert.deepEqual(lostOld.slice(0, 5), [], `${lostOld.length} of ${old.length} writes acknowledged > ${periodMs + 150} ms before the crash were lost`);
});

/**
 * Damaged files, engine level. A torn commit-log tail (cut at any offset) is truncated on restart
 * and reported, and every entry before the cut is replayed. A flipped bit in the middle of the
 * commit log stops the engine from opening (CorruptionError). A flipped bit in an SSTable is
 * refused — the engine throws CorruptionError and never returns damaged data.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { closeSync, openSync, readFileSync, readdirSync, statSync, truncateSync, writeSync, cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CorruptionError } from '../../src/errors/index.js';
import { BOTTOM, TOP } from '../../src/storage/model/cell-name.js';
import { liveCell } from '../../src/storage/model/cell.js';
import { StorageEngine } from '../../src/storage/storage-engine.js';
import { TestRandom, tempEnv } from '../support/temp-env.js';
import { CRASH_TABLE, PARTITIONS, seqKey, seqName } from './crash-table.js';

const ALL = { slices: [{ start: BOTTOM, end: TOP }], reversed: false };
const write = (e: StorageEngine, seq: number): Promise<void> =>
  e.apply(CRASH_TABLE.id, { key: seqKey(seq), partitionDeletion: null, rangeTombstones: [], cells: [liveCell(seqName(seq), Buffer.from(`value-${seq}`), 1n)] });

function readAll(e: StorageEngine): Map<number, string> {
  const out = new Map<number, string>();
  for (let p = 0; p < PARTITIONS; p++) {
    for (const c of e.read(CRASH_TABLE.id, seqKey(p), ALL)?.cells ?? []) out.set(Number(c.name.readBigUInt64BE(1)), c.value.toString());
  }
  return out;
}

/** Writes `n` entries in batch mode and leaves the engine unclosed, as a crash would. */
async function crashedLog(dir: string, env: ReturnType<typeof tempEnv>['env'], n: number): Promise<string> {
  const e = await StorageEngine.open({ env, dataDir: dir, options: { commitlogSync: 'batch' }, tables: [CRASH_TABLE] });
  for (let i = 0; i < n; i++) await write(e, i);
  const logDir = join(dir, 'commitlog');
  const segs = readdirSync(logDir).filter((f) => f.endsWith('.log')).sort();
  return join(logDir, segs[segs.length - 1]!);
}

test('a torn commit-log tail is truncated and reported; entries before the cut replay', { timeout: 120_000 }, async () => {
  const { env, dir, cleanup } = tempEnv('ilium-torn-');
  try {
    const seg = await crashedLog(join(dir, 'orig'), env, 40);
    const size = statSync(seg).size;
    const r = new TestRandom(7);
    const cuts = Array.from({ length: 25 }, () => size - 1 - r.int(Math.min(size - 1, 600)));
    for (const cut of cuts) {
      const copy = join(dir, `cut-${cut}`);
      cpSync(join(dir, 'orig'), copy, { recursive: true });
      const copiedSeg = join(copy, 'commitlog', seg.slice(seg.lastIndexOf('/') + 1));
      truncateSync(copiedSeg, cut);
      const e = await StorageEngine.open({ env, dataDir: copy, tables: [CRASH_TABLE] });
      const got = readAll(e);
      assert.ok(e.replayReport?.tornTail, `cut at ${cut}: torn tail reported`);
      // Entries are replayed as a prefix: 0..k-1 present, nothing after, values intact.
      const k = got.size;
      for (let i = 0; i < k; i++) assert.equal(got.get(i), `value-${i}`, `cut at ${cut}: entry ${i}`);
      assert.ok(k < 40, `cut at ${cut}: the cut entry is gone`);
      await e.close();
      rmSync(copy, { recursive: true, force: true });
    }
  } finally {
    cleanup();
  }
});

test('a flipped bit in the middle of the commit log stops the engine from opening', { timeout: 60_000 }, async () => {
  const { env, dir, cleanup } = tempEnv('ilium-flip-log-');
  try {
    const seg = await crashedLog(dir, env, 60);
    const bytes = readFileSync(seg);
    const at = Math.floor(bytes.length / 2);
    const fd = openSync(seg, 'r+');
    writeSync(fd, Buffer.from([bytes[at]! ^ 0x10]), 0, 1, at);
    closeSync(fd);
    await assert.rejects(StorageEngine.open({ env, dataDir: dir, tables: [CRASH_TABLE] }), CorruptionError);
    const e = await StorageEngine.open({ env, dataDir: dir, tables: [CRASH_TABLE], options: { commitlogIgnoreReplayErrors: true } });
    assert.equal(e.replayReport?.skipped.length, 1, 'the damaged region is reported');
    const got = readAll(e);
    for (const [seq, v] of got) assert.equal(v, `value-${seq}`);
    await e.close();
  } finally {
    cleanup();
  }
});

test('a flipped bit in an SSTable is refused, never served', { timeout: 120_000 }, async () => {
  const { env, dir, cleanup } = tempEnv('ilium-flip-sst-');
  try {
    const e = await StorageEngine.open({ env, dataDir: join(dir, 'orig'), options: { compression: 'none' }, tables: [CRASH_TABLE] });
    for (let i = 0; i < 500; i++) await write(e, i);
    await e.close();
    const tableDir = join(dir, 'orig', 'data', CRASH_TABLE.keyspace);
    const files = readdirSync(tableDir, { recursive: true }).map(String).filter((f) => f.endsWith('.db'));
    assert.ok(files.length >= 3, `SSTable components: ${files.join(', ')}`);
    const r = new TestRandom(11);
    let refused = 0;
    for (let trial = 0; trial < 30; trial++) {
      const copy = join(dir, `t${trial}`);
      cpSync(join(dir, 'orig'), copy, { recursive: true });
      const file = join(copy, 'data', CRASH_TABLE.keyspace, r.pick(files));
      const bytes = readFileSync(file);
      const at = r.int(bytes.length);
      const fd = openSync(file, 'r+');
      writeSync(fd, Buffer.from([bytes[at]! ^ (1 << r.int(8))]), 0, 1, at);
      closeSync(fd);
      try {
        const damaged = await StorageEngine.open({ env, dataDir: copy, tables: [CRASH_TABLE] });
        try {
          const got = readAll(damaged);
          // Either the damage is somewhere no read touched (then all data is exactly right)…
          assert.equal(got.size, 500, `${file}@${at}: all rows`);
          for (const [seq, v] of got) assert.equal(v, `value-${seq}`);
        } finally {
          await damaged.close();
        }
      } catch (err) {
        // …or the engine refused it with a CorruptionError.
        if (!(err instanceof CorruptionError)) throw err;
        refused++;
      }
      rmSync(copy, { recursive: true, force: true });
    }
    assert.ok(refused > 0, 'at least one flip was detected');
  } finally {
    cleanup();
  }
});

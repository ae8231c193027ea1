import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRealEnv } from '../../env/real-env.js';
import { CorruptionError } from '../../errors/ilium-error.js';
import { ChunkCache } from './chunk-cache.js';
import { Component, Descriptor } from './descriptor.js';
import { scrubSSTable, verifySSTable } from './sstable-check.js';
import { SSTableReader } from './sstable-reader.js';
import { SSTableWriter } from './sstable-writer.js';
import { assertSamePartition, makeTmpDir, mixedPartitions } from '../../../test/support/storage/sstable-fixtures.js';

const env = createRealEnv();
const parts = mixedPartitions(53, 60, { wideEvery: 0, wideCells: 0 });

async function writeTable(dir: string): Promise<void> {
  const w = SSTableWriter.create({ env, dir, generation: 1, compression: 'none', expectedPartitions: parts.length, commitLogUpperBound: null, chunkLengthBytes: 4096 });
  for (const p of parts) w.append(p);
  (await w.finish()).close();
}

/** Flips a byte in the Data.db chunk that holds the middle of the stream. */
function damageData(dir: string): void {
  const path = new Descriptor(dir, 1).path(Component.DATA);
  const bytes = env.fs.readFileSync(path);
  const at = Math.floor(bytes.length / 2);
  bytes[at] = bytes[at]! ^ 0x08;
  env.fs.writeFileSync(path, bytes);
}

describe('verify and scrub', () => {
  it('verify of an intact sstable reports every partition and cell, nothing damaged', async () => {
    const tmp = makeTmpDir();
    try {
      await writeTable(tmp.dir);
      const r = verifySSTable(env, tmp.dir, 1);
      assert.equal(r.partitions, parts.length);
      assert.equal(r.cells, parts.reduce((n, p) => n + p.cells.length, 0));
      assert.deepEqual([r.damagedPartitions, r.damagedCells, r.damagedBytes, r.damagedIndexBlocks, r.errors.length], [0, 0, 0, 0, 0]);
    } finally {
      tmp.cleanup();
    }
  });

  it('verify counts the partitions, cells and bytes a damaged chunk makes unreadable; scrub keeps exactly the rest', async () => {
    const tmp = makeTmpDir();
    try {
      await writeTable(tmp.dir);
      damageData(tmp.dir);
      const v = verifySSTable(env, tmp.dir, 1);
      assert.ok(v.damagedPartitions > 0 && v.damagedBytes > 0 && v.damagedCells > 0, JSON.stringify(v));
      assert.equal(v.partitions + v.damagedPartitions, parts.length);
      assert.equal(v.cells + v.damagedCells, parts.reduce((n, p) => n + p.cells.length, 0));
      assert.ok(v.errors.every((e) => e.includes('Data.db @')), 'each damage names its file and position');
      const { report, reader } = await scrubSSTable(env, tmp.dir, 1, 2);
      assert.deepEqual({ ...report, file: '' }, { ...v, file: '' }, 'scrub drops what verify found');
      assert.ok(reader !== null);
      reader.close();
      // The new generation reads back whole: every intact partition, none of the damaged ones.
      const fresh = SSTableReader.open(env, tmp.dir, 2, new ChunkCache(1 << 20));
      const kept = [...fresh.scan()];
      fresh.close();
      assert.equal(kept.length, v.partitions);
      const byPosition = new Map(parts.map((p) => [p.position.toString('hex'), p]));
      for (const p of kept) assertSamePartition(p, byPosition.get(p.position.toString('hex'))!);
      assert.equal(verifySSTable(env, tmp.dir, 2).damagedPartitions, 0);
    } finally {
      tmp.cleanup();
    }
  });

  it('damaged data and a damaged Statistics.db: verify cannot open the set, scrub still keeps every intact partition', async () => {
    const tmp = makeTmpDir();
    try {
      await writeTable(tmp.dir);
      const intact = verifySSTable(env, tmp.dir, 1).partitions;
      damageData(tmp.dir);
      const expected = verifySSTable(env, tmp.dir, 1).partitions;
      assert.ok(expected < intact);
      const stats = new Descriptor(tmp.dir, 1).path(Component.STATISTICS);
      const bytes = env.fs.readFileSync(stats);
      bytes[7] = bytes[7]! ^ 0x10;
      env.fs.writeFileSync(stats, bytes);
      assert.throws(() => verifySSTable(env, tmp.dir, 1), CorruptionError);
      const { report, reader } = await scrubSSTable(env, tmp.dir, 1, 2);
      assert.ok(report.rebuilt.includes('Statistics.db'));
      assert.equal(report.partitions, expected);
      assert.ok(report.damagedPartitions > 0);
      reader?.close();
      assert.equal(verifySSTable(env, tmp.dir, 2).partitions, expected);
    } finally {
      tmp.cleanup();
    }
  });

  it('a missing Filter.db is rebuilt by verify, and said so', async () => {
    const tmp = makeTmpDir();
    try {
      await writeTable(tmp.dir);
      env.fs.unlinkSync(new Descriptor(tmp.dir, 1).path(Component.FILTER));
      assert.deepEqual(verifySSTable(env, tmp.dir, 1).rebuilt, ['Filter.db']);
      assert.deepEqual(verifySSTable(env, tmp.dir, 1).rebuilt, []);
    } finally {
      tmp.cleanup();
    }
  });
});

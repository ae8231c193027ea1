import assert from 'node:assert/strict';
import { copyFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import { createRealEnv } from '../../env/real-env.js';
import { assertSamePartition, makeTmpDir, mixedPartitions } from '../../../test/support/storage/sstable-fixtures.js';
import { ChunkCache } from './chunk-cache.js';
import { rebuildDerived } from './component-rebuild.js';
import { Component, Descriptor } from './descriptor.js';
import { SSTableReader } from './sstable-reader.js';
import { SSTableWriter } from './sstable-writer.js';
import { readStats } from './statistics.js';

/**
 * Statistics.db version 2 records partition sizes and cells per partition; version 1 files (the
 * stored fixture test/fixtures/sstable-statistics-v1, written on 2026-11-28 by the writer before
 * version 2: `mixedPartitions(19, 40, { wideEvery: 20, wideCells: 300, extremeTimestamps: false })`,
 * no compression) still open and read, without sizes; rewriting or rebuilding them records sizes.
 */
const env = createRealEnv();
const FIXTURE = fileURLToPath(new URL('../../../../test/fixtures/sstable-statistics-v1', import.meta.url));
const parts = () => mixedPartitions(19, 40, { wideEvery: 20, wideCells: 300, extremeTimestamps: false });

function fixtureCopy(): { dir: string; cleanup: () => void } {
  const tmp = makeTmpDir();
  for (const f of readdirSync(FIXTURE)) copyFileSync(join(FIXTURE, f), join(tmp.dir, f));
  return tmp;
}

/** Each partition's record width in Data.db, from Index.db (what the histogram must count). */
function widths(reader: SSTableReader): number[] {
  return [...reader.walk()].map((item) => {
    assert.equal(item.kind, 'partition');
    return item.kind === 'partition' ? item.dataWidth : 0;
  });
}

describe('Statistics.db partition sizes', () => {
  const tmps: { cleanup: () => void }[] = [];
  after(() => tmps.forEach((t) => t.cleanup()));

  it('a version 1 SSTable (stored fixture) opens and reads back whole, without sizes', () => {
    const tmp = fixtureCopy();
    tmps.push(tmp);
    const reader = SSTableReader.open(env, tmp.dir, 1, new ChunkCache(1 << 20));
    try {
      assert.equal(reader.stats.partitionSizes, null);
      assert.equal(reader.stats.cellCounts, null);
      assert.equal(reader.stats.partitionCount, 40);
      const expected = parts();
      const got = [...reader.scan()];
      assert.equal(got.length, expected.length);
      got.forEach((p, i) => assertSamePartition(p, expected[i]!));
    } finally {
      reader.close();
    }
  });

  it('a written SSTable records each partition record width and cell count; reopened, the same', async () => {
    const tmp = makeTmpDir();
    tmps.push(tmp);
    const old = fixtureCopy();
    tmps.push(old);
    // As a compaction of the old SSTable would: its partitions, in order, into a new writer.
    const source = SSTableReader.open(env, old.dir, 1, new ChunkCache(1 << 20));
    const w = SSTableWriter.create({ env, dir: tmp.dir, generation: 2, compression: 'lz4', expectedPartitions: 40, commitLogUpperBound: null });
    for (const p of source.scan()) w.append(p);
    source.close();
    const written = await w.finish();
    const sizes = written.stats.partitionSizes!;
    const cells = written.stats.cellCounts!;
    const recordWidths = widths(written);
    written.close();
    assert.equal(sizes.count, 40);
    assert.equal(sizes.sum, written.stats.dataSizeBytes, 'the records cover the uncompressed stream');
    assert.equal(sizes.sum, recordWidths.reduce((a, b) => a + b, 0));
    assert.equal(sizes.max() >= Math.max(...recordWidths) && sizes.max() < Math.max(...recordWidths) * 1.2 + 1, true, 'max is the bucket holding the widest record');
    assert.equal(cells.count, 40);
    assert.equal(cells.sum, written.stats.cellCount);
    const reread = readStats(env.fs, new Descriptor(tmp.dir, 2).path(Component.STATISTICS));
    assert.deepEqual(reread.partitionSizes!.nonEmptyBuckets(), sizes.nonEmptyBuckets());
    assert.equal(reread.partitionSizes!.sum, sizes.sum);
    assert.deepEqual(reread.cellCounts!.nonEmptyBuckets(), cells.nonEmptyBuckets());
  });

  it('rebuilding a damaged version 1 Statistics.db writes version 2, sizes from the walk', () => {
    const tmp = fixtureCopy();
    tmps.push(tmp);
    const statsPath = new Descriptor(tmp.dir, 1).path(Component.STATISTICS);
    writeFileSync(statsPath, Buffer.alloc(91, 7));
    assert.deepEqual(rebuildDerived(env, tmp.dir, 1), [Component.STATISTICS]);
    const reader = SSTableReader.open(env, tmp.dir, 1, new ChunkCache(1 << 20));
    try {
      assert.equal(reader.stats.partitionSizes!.count, 40);
      assert.equal(reader.stats.partitionSizes!.sum, reader.stats.dataSizeBytes);
      assert.equal(reader.stats.cellCounts!.sum, reader.stats.cellCount);
    } finally {
      reader.close();
    }
  });
});

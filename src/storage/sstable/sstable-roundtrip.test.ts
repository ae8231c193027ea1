import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createRealEnv } from '../../env/real-env.js';
import { CellKind } from '../model/cell.js';
import { isLiveDeletion } from '../model/deletion.js';
import type { PartitionData } from '../model/partition-data.js';
import { compareBytes } from './bytes.js';
import { ChunkCache } from './chunk-cache.js';
import type { Compression } from './compression.js';
import { SSTableReader } from './sstable-reader.js';
import { assertSamePartition, makeTmpDir, mixedPartitions, randomBytes, rng } from '../../../test/support/storage/sstable-fixtures.js';
import { SSTableWriter } from './sstable-writer.js';

const env = createRealEnv();
const everything = { start: Buffer.alloc(0), end: Buffer.alloc(64, 0xff), reversed: false };

function expectedStats(parts: readonly PartitionData[]) {
  let cells = 0;
  let tombstones = 0;
  let min = 2n ** 63n - 1n;
  let max = -(2n ** 63n);
  const ts = (t: bigint) => {
    if (t < min) min = t;
    if (t > max) max = t;
  };
  for (const p of parts) {
    cells += p.cells.length;
    tombstones += p.rangeTombstones.length + (isLiveDeletion(p.partitionDeletion) ? 0 : 1);
    if (!isLiveDeletion(p.partitionDeletion)) ts(p.partitionDeletion.markedForDeleteAt);
    for (const rt of p.rangeTombstones) ts(rt.deletion.markedForDeleteAt);
    for (const c of p.cells) {
      ts(c.timestamp);
      if (c.kind === CellKind.TOMBSTONE) tombstones++;
    }
  }
  return { cells, tombstones, min, max };
}

for (const compression of ['none', 'lz4', 'snappy'] as Compression[]) {
  describe(`sstable round trip (${compression})`, () => {
    const parts = mixedPartitions(11, 450, { wideEvery: 225, wideCells: 20_000 });
    const tmp = makeTmpDir();
    let reader: SSTableReader;

    before(async () => {
      const w = SSTableWriter.create({
        env, dir: tmp.dir, generation: 5, compression, expectedPartitions: parts.length,
        commitLogUpperBound: { segmentId: 12, offset: 3456 }, level: 2, cache: new ChunkCache(8 << 20),
      });
      for (const p of parts) w.append(p);
      reader = await w.finish();
    });
    after(() => {
      reader.close();
      tmp.cleanup();
    });

    it('scans back exactly what was written', () => {
      const got = [...reader.scan()];
      assert.equal(got.length, parts.length);
      for (let i = 0; i < parts.length; i++) assertSamePartition(got[i]!, parts[i]!);
    });

    it('reads every partition whole, forward and reverse', () => {
      for (const p of parts) {
        assertSamePartition(reader.readPartition(p.position, everything), p);
        const rev = reader.readPartition(p.position, { ...everything, reversed: true });
        assertSamePartition(rev, { ...p, cells: [...p.cells].reverse() });
      }
    });

    it('records statistics', () => {
      const s = reader.stats;
      const e = expectedStats(parts);
      assert.equal(s.partitionCount, parts.length);
      assert.equal(s.cellCount, e.cells);
      assert.equal(s.tombstoneCount, e.tombstones);
      assert.equal(s.minTimestamp, e.min);
      assert.equal(s.maxTimestamp, e.max);
      assert.deepStrictEqual(s.firstPosition, parts[0]!.position);
      assert.deepStrictEqual(s.lastKey, parts[parts.length - 1]!.key);
      assert.deepStrictEqual(s.commitLogUpperBound, { segmentId: 12, offset: 3456 });
      assert.equal(s.level, 2);
      assert.equal(s.compression, compression);
      assert.ok(s.maxLocalDeletionTime >= s.minLocalDeletionTime);
      assert.equal(s.onDiskBytes, env.fs.statSync(reader.files[0]!).size);
      if (compression !== 'none') assert.ok(s.onDiskBytes < s.dataSizeBytes, 'compressible values shrink');
    });

    it('returns null for absent partitions', () => {
      const r = rng(99);
      const present = new Set(parts.map((p) => p.position.toString('hex')));
      const probes = [Buffer.alloc(0), Buffer.alloc(40, 0xff), ...Array.from({ length: 3000 }, () => randomBytes(r, 4 + Math.floor(r() * 8)))];
      for (const pos of probes) {
        if (present.has(pos.toString('hex'))) continue;
        assert.equal(reader.readPartition(pos, everything), null);
        assert.equal(reader.openPartition(pos, everything), null);
      }
    });

    it('scans position ranges with inclusive and exclusive bounds', () => {
      const r = rng(5);
      const bound = () => {
        const position = r() < 0.5 ? parts[Math.floor(r() * parts.length)]!.position : randomBytes(r, 5);
        return { position, inclusive: r() < 0.5 };
      };
      for (let i = 0; i < 16; i++) {
        const from = r() < 0.9 ? bound() : undefined;
        const to = r() < 0.9 ? bound() : undefined;
        const want = parts.filter((p) => {
          const a = from === undefined ? 1 : compareBytes(p.position, from.position);
          const b = to === undefined ? -1 : compareBytes(p.position, to.position);
          return (a > 0 || (a === 0 && from!.inclusive)) && (b < 0 || (b === 0 && to!.inclusive));
        });
        const got = [...reader.scan(from, to, { fillCache: i % 2 === 0 })].map((p) => p.position.toString('hex'));
        assert.deepStrictEqual(got, want.map((p) => p.position.toString('hex')));
      }
    });

    it('scans without filling the cache, reading each chunk once', () => {
      let reads = 0;
      const counting = { ...env, fs: Object.create(env.fs, { readSync: { value: (...a: Parameters<typeof env.fs.readSync>) => (reads++, env.fs.readSync(...a)) } }) };
      const cache = new ChunkCache(64 << 20);
      const cold = SSTableReader.open(counting, tmp.dir, 5, cache);
      try {
        let n = 0;
        for (const p of cold.scan(undefined, undefined, { fillCache: false })) assertSamePartition(p, parts[n++]!);
        assert.equal(n, parts.length);
        assert.equal(cache.entryCount, 0);
        const chunks = Math.ceil(cold.stats.dataSizeBytes / (16 * 1024));
        const indexBlocks = Math.ceil(parts.length / 128);
        assert.ok(reads <= chunks + indexBlocks + 4, `${reads} reads for ${chunks} chunks and ${indexBlocks} index blocks`);
      } finally {
        cold.close();
      }
    });

    it('reopens from disk with the same contents', () => {
      const again = SSTableReader.open(env, tmp.dir, 5, new ChunkCache(1 << 20));
      try {
        assert.deepStrictEqual(again.stats, reader.stats);
        for (const p of parts.slice(0, 50)) assertSamePartition(again.readPartition(p.position, everything), p);
      } finally {
        again.close();
      }
    });
  });
}

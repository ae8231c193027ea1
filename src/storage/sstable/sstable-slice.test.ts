import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { createRealEnv } from '../../env/real-env.js';
import type { Cell } from '../model/cell.js';
import { ChunkCache } from './chunk-cache.js';
import { SSTableReader } from './sstable-reader.js';
import { assertSamePartition, expectedSlice, makeTmpDir, mixedPartitions, randomSlice, rng } from '../../../test/support/storage/sstable-fixtures.js';
import { SSTableWriter } from './sstable-writer.js';

const env = createRealEnv();

for (const cellBlockBytes of [4096, 96]) {
  describe(`slices (cell blocks of ${cellBlockBytes} bytes)`, () => {
    const parts = mixedPartitions(23, 120, { wideEvery: 40, wideCells: 20_000, compressible: true });
    const wide = parts.filter((p) => p.cells.length >= 20_000);
    const tmp = makeTmpDir();
    let reader: SSTableReader;

    before(async () => {
      const w = SSTableWriter.create({
        env, dir: tmp.dir, generation: 1, compression: 'lz4', expectedPartitions: parts.length,
        commitLogUpperBound: null, cellBlockBytes, cache: new ChunkCache(16 << 20),
      });
      for (const p of parts) w.append(p);
      reader = await w.finish();
    });
    after(() => {
      reader.close();
      tmp.cleanup();
    });

    it('readPartition returns exactly the input cells in the slice, forward and reverse', () => {
      fc.assert(
        fc.property(fc.nat(parts.length - 1), fc.boolean(), fc.integer(), (i, reversed, seed) => {
          const p = i % 3 === 0 ? wide[i % wide.length]! : parts[i]!;
          const slice = randomSlice(rng(seed), p, reversed);
          assertSamePartition(reader.readPartition(p.position, slice), expectedSlice(p, slice));
        }),
        { numRuns: 250 },
      );
    });

    it('a cursor yields the slice lazily and can stop early', () => {
      fc.assert(
        fc.property(fc.nat(wide.length * 10), fc.boolean(), fc.integer(), fc.nat(200), (i, reversed, seed, limit) => {
          const p = i % 10 === 0 ? parts[i % parts.length]! : wide[i % wide.length]!;
          const slice = randomSlice(rng(seed), p, reversed);
          const want = expectedSlice(p, slice);
          const cursor = reader.openPartition(p.position, slice);
          assert.ok(cursor !== null);
          assert.deepStrictEqual(cursor.key, p.key);
          assert.deepStrictEqual(cursor.partitionDeletion, p.partitionDeletion);
          assert.deepStrictEqual(cursor.rangeTombstones, want.rangeTombstones);
          const got: Cell[] = [];
          for (let c = cursor.next(); c !== null && got.length < limit; c = got.length < limit ? cursor.next() : null) got.push(c);
          assertSamePartition({ ...want, cells: got }, { ...want, cells: want.cells.slice(0, limit) });
        }),
        { numRuns: 250 },
      );
    });

    it('seeks with the cell index instead of decoding a wide partition from its start', () => {
      const p = wide[0]!;
      for (const reversed of [false, true]) {
        const cache = new ChunkCache(64 << 20);
        const cold = SSTableReader.open(env, tmp.dir, 1, cache);
        try {
          const mid = Math.floor(p.cells.length / 2);
          const slice = { start: p.cells[mid]!.name, end: p.cells[mid + 49]!.name, reversed };
          const cursor = cold.openPartition(p.position, slice)!;
          const got: Cell[] = [];
          for (let c = cursor.next(); c !== null; c = cursor.next()) got.push(c);
          assertSamePartition({ ...p, cells: got }, expectedSlice({ ...p, rangeTombstones: [] }, slice));
          // Header chunk + index block + the one or two chunks holding the 50 cells.
          assert.ok(cache.misses <= 5, `${cache.misses} chunks read for a 50-cell slice`);
        } finally {
          cold.close();
        }
      }
    });

    it('returns no cells for an inverted slice, but keeps the partition', () => {
      const p = wide[0]!;
      const slice = { start: Buffer.from([0xff]), end: Buffer.from([0x00]), reversed: false };
      const got = reader.readPartition(p.position, slice);
      assert.ok(got !== null);
      assert.equal(got.cells.length, 0);
      assert.deepStrictEqual(got.partitionDeletion, p.partitionDeletion);
    });
  });
}

describe('slices over long names (100-byte shared prefix)', () => {
  const prefix = Buffer.alloc(100, 0x41);
  const withPrefix = (b: Buffer): Buffer => Buffer.concat([prefix, b]);
  const parts = mixedPartitions(29, 30, { wideEvery: 10, wideCells: 3000 }).map((p) => ({
    ...p,
    cells: p.cells.map((c) => ({ ...c, name: withPrefix(c.name) })),
    rangeTombstones: p.rangeTombstones.map((rt) => ({ ...rt, start: withPrefix(rt.start), end: withPrefix(rt.end) })),
  }));
  const tmp = makeTmpDir();
  let reader: SSTableReader;

  before(async () => {
    const w = SSTableWriter.create({ env, dir: tmp.dir, generation: 1, compression: 'snappy', expectedPartitions: parts.length, commitLogUpperBound: null });
    for (const p of parts) w.append(p);
    reader = await w.finish();
  });
  after(() => {
    reader.close();
    tmp.cleanup();
  });

  it('matches the input in both directions', () => {
    fc.assert(
      fc.property(fc.nat(parts.length - 1), fc.boolean(), fc.integer(), (i, reversed, seed) => {
        const p = parts[i]!;
        const s = randomSlice(rng(seed), p, reversed);
        const slice = { ...s, start: s.start.length > 0 && s.start[0] !== 0xff ? withPrefix(s.start) : s.start, end: s.end[0] === 0xff ? s.end : withPrefix(s.end) };
        assertSamePartition(reader.readPartition(p.position, slice), expectedSlice(p, slice));
      }),
      { numRuns: 150 },
    );
  });
});

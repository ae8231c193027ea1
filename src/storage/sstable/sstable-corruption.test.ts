import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createRealEnv } from '../../env/real-env.js';
import { CorruptionError } from '../../errors/ilium-error.js';
import type { PartitionData } from '../model/partition-data.js';
import { ChunkCache } from './chunk-cache.js';
import type { Compression } from './compression.js';
import { Component, dataComponents, Descriptor } from './descriptor.js';
import { SSTableReader } from './sstable-reader.js';
import { assertSamePartition, expectedSlice, makeTmpDir, mixedPartitions, randomSlice, rng } from '../../../test/support/storage/sstable-fixtures.js';
import { SSTableWriter } from './sstable-writer.js';

const env = createRealEnv();
const everything = { start: Buffer.alloc(0), end: Buffer.alloc(64, 0xff), reversed: false };
const flipsPerComponent = 150;

/** Opens the sstable with a cold cache and reads all of it every way; throws on any difference. */
function readEverything(dir: string, parts: readonly PartitionData[]): void {
  const reader = SSTableReader.open(env, dir, 1, new ChunkCache(1 << 20));
  try {
    const scanned = [...reader.scan()];
    assert.equal(scanned.length, parts.length);
    scanned.forEach((p, i) => assertSamePartition(p, parts[i]!));
    const r = rng(3);
    for (const p of parts) {
      assertSamePartition(reader.readPartition(p.position, { ...everything, reversed: true }), { ...p, cells: [...p.cells].reverse() });
      const slice = randomSlice(r, p, r() < 0.5);
      assertSamePartition(reader.readPartition(p.position, slice), expectedSlice(p, slice));
    }
  } finally {
    reader.close();
  }
}

/** Offsets to damage: the first and last bytes, then an even spread with random jitter. */
function flipOffsets(size: number, r: () => number): number[] {
  const set = new Set<number>();
  for (let i = 0; i < Math.min(8, size); i++) set.add(i).add(size - 1 - i);
  while (set.size < Math.min(size, flipsPerComponent)) set.add(Math.floor(r() * size));
  return [...set].sort((a, b) => a - b);
}

for (const compression of ['none', 'lz4', 'snappy'] as Compression[]) {
  describe(`bit flips (${compression})`, () => {
    const parts = mixedPartitions(31, 40, { wideEvery: 20, wideCells: 1500, compressible: true });
    const tmp = makeTmpDir();
    const desc = new Descriptor(tmp.dir, 1);

    before(async () => {
      const w = SSTableWriter.create({
        env, dir: tmp.dir, generation: 1, compression, expectedPartitions: parts.length, commitLogUpperBound: null,
        chunkLengthBytes: 4096, cellBlockBytes: 256, indexBlockEntries: 8,
      });
      for (const p of parts) w.append(p);
      (await w.finish()).close();
      readEverything(tmp.dir, parts); // the undamaged table reads back exactly
    });
    after(() => tmp.cleanup());

    for (const component of [...dataComponents, Component.TOC]) {
      it(`detects every flipped bit in ${component}`, () => {
        const path = desc.path(component);
        const original = env.fs.readFileSync(path);
        const r = rng(component.length * 7919 + compression.length);
        let detected = 0;
        const offsets = flipOffsets(original.length, r);
        try {
          for (const offset of offsets) {
            const damaged = Buffer.from(original);
            damaged[offset] = damaged[offset]! ^ (1 << Math.floor(r() * 8));
            env.fs.writeFileSync(path, damaged);
            try {
              readEverything(tmp.dir, parts);
            } catch (e) {
              if (!(e instanceof CorruptionError)) throw e;
              detected++;
            }
          }
        } finally {
          env.fs.writeFileSync(path, original);
        }
        // Every component is checksummed, so no single flip can go unnoticed.
        assert.equal(detected, offsets.length);
      });
    }

    it('refuses truncated, extended and missing components', () => {
      for (const component of dataComponents) {
        const path = desc.path(component);
        const original = env.fs.readFileSync(path);
        try {
          for (const damaged of [original.subarray(0, original.length - 1), Buffer.concat([original, Buffer.alloc(1)])]) {
            env.fs.writeFileSync(path, damaged);
            assert.throws(() => readEverything(tmp.dir, parts), CorruptionError);
          }
          env.fs.unlinkSync(path);
          assert.throws(() => readEverything(tmp.dir, parts), CorruptionError);
        } finally {
          env.fs.writeFileSync(path, original);
        }
      }
      readEverything(tmp.dir, parts);
    });
  });
}

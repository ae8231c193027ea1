/**
 * SSTable read-path microbenchmark (not a test). Run after a build:
 *
 *   node dist/bench/sstable-microbench.js [lz4|snappy|none]
 *
 *   node dist/bench/sstable-microbench.js lz4 wide      (one part: narrow|medium|wide)
 *
 * Writes three tables in a temporary directory — 200k partitions × 10 cells, 2k partitions × 500
 * cells, one partition of 100k cells — then, with a warm chunk cache, measures point reads, absent
 * lookups and 50-cell slices (forward and reverse, from a random start) through the cursor.
 */
import { createRealEnv } from '../src/env/real-env.js';
import type { Env } from '../src/env/env.js';
import { type Cell, CellKind, NO_DELETION_TIME } from '../src/storage/model/cell.js';
import { LIVE_DELETION } from '../src/storage/model/deletion.js';
import type { PartitionData } from '../src/storage/model/partition-data.js';
import { ChunkCache } from '../src/storage/sstable/chunk-cache.js';
import type { Compression } from '../src/storage/sstable/compression.js';
import type { Slice } from '../src/storage/sstable/partition-cursor.js';
import type { SSTableReader } from '../src/storage/sstable/sstable-reader.js';
import { makeTmpDir, randomBytes, rng } from '../test/support/storage/sstable-fixtures.js';
import { SSTableWriter } from '../src/storage/sstable/sstable-writer.js';

const BOTTOM = Buffer.from([0x20]);
const TOP = Buffer.from([0x60]);
const sliceCells = 50;

function rowName(row: number, column: number): Buffer {
  const b = Buffer.allocUnsafe(1 + 8 + 1 + 4 + 1);
  b[0] = 0x40;
  b.writeBigUInt64BE(BigInt(row), 1);
  b[9] = 0x40;
  b.write(`c${column.toString().padStart(3, '0')}`, 10, 'latin1');
  b[14] = 0x38;
  return b;
}

function makePartition(r: () => number, id: number, token: number, cells: number): PartitionData {
  const key = Buffer.from(`user:${id.toString().padStart(8, '0')}`);
  const position = Buffer.concat([Buffer.alloc(8), key]);
  position.writeUInt32BE(token, 0);
  position.writeUInt32BE(id, 4);
  const out: Cell[] = [];
  let ts = 1_700_000_000_000_000n + BigInt(id) * 1000n;
  for (let i = 0; i < cells; i++) {
    if (i % 3 === 0) ts += BigInt(1 + Math.floor(r() * 1000)); // a row's cells share a timestamp
    const value = randomBytes(r, 20, 16);
    out.push({ name: rowName(Math.floor(i / 3), i % 3), kind: CellKind.LIVE, value, timestamp: ts, ttl: 0, localDeletionTime: NO_DELETION_TIME });
  }
  return { key, position, partitionDeletion: LIVE_DELETION, rangeTombstones: [], cells: out };
}

/** Writes `count` generated partitions (not kept in memory); returns the reader and a sample. */
async function build(env: Env, dir: string, gen: number, compression: Compression, count: number, cells: number, cache: ChunkCache) {
  const r = rng(gen);
  // Positions start with a random token: generate ids in position order by sorting tokens first.
  const order = Array.from({ length: count }, (_, i) => ({ id: i, token: Math.floor(r() * 2 ** 32) }));
  order.sort((a, b) => a.token - b.token || a.id - b.id);
  const t0 = env.clock.monotonicNs();
  const w = SSTableWriter.create({ env, dir, generation: gen, compression, expectedPartitions: count, commitLogUpperBound: null, cache });
  const sample: PartitionData[] = [];
  for (const { id, token } of order) {
    const p = makePartition(r, id, token, cells);
    w.append(p);
    if (r() < 4096 / count) sample.push(p);
  }
  const reader = await w.finish();
  const secs = Number(env.clock.monotonicNs() - t0) / 1e9;
  console.log(
    `  write ${count} partitions, ${count * cells} cells: ${((count * cells) / secs / 1e3).toFixed(0)}k cells/s; ` +
      `data ${(reader.stats.dataSizeBytes / 1e6).toFixed(1)} MB -> ${(reader.stats.onDiskBytes / 1e6).toFixed(1)} MB on disk`,
  );
  for (const p of reader.scan()) void p; // warm the cache
  return { reader, sample };
}

function rate(env: Env, label: string, ops: number, fn: (i: number) => number): void {
  for (let i = 0; i < Math.min(ops, 2000); i++) fn(i); // warm up (JIT and cache)
  const t0 = env.clock.monotonicNs();
  let items = 0;
  for (let i = 0; i < ops; i++) items += fn(i);
  const secs = Number(env.clock.monotonicNs() - t0) / 1e9;
  console.log(`  ${label}: ${(ops / secs / 1e3).toFixed(1)}k ops/s (${((secs / ops) * 1e6).toFixed(2)} µs/op, ${(items / ops).toFixed(1)} items/op)`);
}

function takeSlice(reader: SSTableReader, position: Buffer, slice: Slice): number {
  const cursor = reader.openPartition(position, slice)!;
  let n = 0;
  while (n < sliceCells && cursor.next() !== null) n++;
  return n;
}

function benchSlices(env: Env, label: string, reader: SSTableReader, parts: PartitionData[], ops: number): void {
  const r = rng(3);
  const picks = Array.from({ length: 4096 }, () => {
    const p = parts[Math.floor(r() * parts.length)]!;
    const from = p.cells[Math.floor(r() * p.cells.length)]!.name;
    const forward: Slice = { start: from, end: TOP, reversed: false };
    const reverse: Slice = { start: BOTTOM, end: from, reversed: true };
    return { position: p.position, forward, reverse };
  });
  rate(env, `${label} 50-cell slices forward`, ops, (i) => takeSlice(reader, picks[i & 4095]!.position, picks[i & 4095]!.forward));
  rate(env, `${label} 50-cell slices reverse`, ops, (i) => takeSlice(reader, picks[i & 4095]!.position, picks[i & 4095]!.reverse));
}

async function main(): Promise<void> {
  const compression = (process.argv[2] ?? 'lz4') as Compression;
  const only = process.argv[3]; // 'narrow' | 'medium' | 'wide' to run one part
  const env = createRealEnv();
  const tmp = makeTmpDir('ilium-sstable-bench-');
  const cache = new ChunkCache(512 << 20);
  const everything = { start: BOTTOM, end: TOP, reversed: false };
  try {
    if (only === undefined || only === 'narrow') await benchNarrow(env, tmp.dir, compression, cache);
    if (only === undefined || only === 'medium') {
      console.log(`compression ${compression}; 2k partitions x 500 cells`);
      const b = await build(env, tmp.dir, 2, compression, 2000, 500, cache);
      benchSlices(env, '500-cell partitions:', b.reader, b.sample, 200_000);
      b.reader.close();
    }
    if (only === undefined || only === 'wide') {
      console.log(`compression ${compression}; 1 partition x 100k cells`);
      const c = await build(env, tmp.dir, 3, compression, 1, 100_000, cache);
      const wide = [...c.reader.scan()];
      benchSlices(env, '100k-cell partition:', c.reader, wide, 200_000);
      rate(env, '100k-cell partition: whole read', 20, () => c.reader.readPartition(wide[0]!.position, everything)!.cells.length);
      c.reader.close();
    }
    console.log(`  cache: ${cache.entryCount} chunks, ${(cache.sizeBytes / 1e6).toFixed(1)} MB, hits ${cache.hits}, misses ${cache.misses}`);
  } finally {
    tmp.cleanup();
  }
}

async function benchNarrow(env: Env, dir: string, compression: Compression, cache: ChunkCache): Promise<void> {
  const r = rng(1);
  const everything = { start: BOTTOM, end: TOP, reversed: false };
  console.log(`compression ${compression}; 200k partitions x 10 cells`);
  const a = await build(env, dir, 1, compression, 200_000, 10, cache);
  const present = a.sample.map((p) => p.position);
  const absent = Array.from({ length: 4096 }, () => randomBytes(r, 16));
  rate(env, 'point reads (whole partition)', 300_000, (i) => a.reader.readPartition(present[i % present.length]!, everything)!.cells.length);
  rate(env, 'absent lookups', 300_000, (i) => (a.reader.readPartition(absent[i & 4095]!, everything) === null ? 1 : 0));
  a.reader.close();
}

await main();

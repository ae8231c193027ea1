import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRealEnv } from '../env/index.js';
import { Murmur3Partitioner } from '../dht/murmur3-partitioner.js';
import { CHUNK_BYTES, type FlushJob, encodeFlushData, flushDataBytes, flushTransferList, runFlushJob } from './flush-job.js';
import { Memtable } from './memtable/memtable.js';
import { liveCell } from './model/cell.js';
import { ChunkCache } from './sstable/chunk-cache.js';
import { SSTableReader } from './sstable/sstable-reader.js';

test('a flush is packed into chunks of their own ArrayBuffer (a partition larger than a chunk alone in one), handed over by transfer, and written back whole', async () => {
  const env = createRealEnv();
  const partitioner = new Murmur3Partitioner();
  const mem = new Memtable(0);
  const value = (n: number, size: number) => Buffer.alloc(size, n % 251);
  // ~2.5 MiB of small partitions, and one partition whose cell is larger than a chunk.
  const keys: Buffer[] = [];
  for (let i = 0; i < 12_000; i++) keys.push(Buffer.from(`k${i}`));
  const big = Buffer.from('big');
  keys.push(big);
  for (const key of keys) {
    const size = key === big ? CHUNK_BYTES + 12_345 : 200;
    mem.apply(key, partitioner.position(key), { key, partitionDeletion: null, rangeTombstones: [], cells: [liveCell(Buffer.from([0, 1, 0x76, 0]), value(key.length, size), 7n)] }, 0);
  }
  const chunks = await encodeFlushData(env, mem.range());
  assert.ok(chunks.length >= 4, `${chunks.length} chunks`);
  const buffers = new Set(chunks.map((c) => c.buffer));
  assert.equal(buffers.size, chunks.length, 'each chunk on an ArrayBuffer of its own');
  for (const c of chunks) assert.ok(c.buffer.byteLength >= CHUNK_BYTES && c.byteLength <= c.buffer.byteLength, 'never a pooled buffer');
  assert.ok(chunks.some((c) => c.byteLength > CHUNK_BYTES), 'the large partition has a chunk of its size');

  const dir = mkdtempSync(join(tmpdir(), 'ilium-flush-job-'));
  try {
    const job: FlushJob = { kind: 'flush', dir, generation: 1, compression: 'none', expectedPartitions: keys.length, commitLogUpperBound: null, data: chunks };
    const bytes = flushDataBytes(job);
    assert.ok(bytes > 2 * CHUNK_BYTES);
    // What the worker executor transfers: after a transfer the chunks are detached here.
    const { port1, port2 } = new MessageChannel();
    const received = new Promise<FlushJob>((resolve) => port2.once('message', (m: FlushJob) => resolve(m)));
    port1.postMessage(job, flushTransferList(job));
    const moved = await received;
    port1.close();
    port2.close();
    assert.equal(chunks[0]!.byteLength, 0, 'transferred, not copied');
    assert.equal(flushDataBytes(moved), bytes);

    await runFlushJob(env, moved);
    const reader = SSTableReader.open(env, dir, 1, new ChunkCache(8 << 20));
    try {
      let n = 0;
      for (const p of reader.scan()) {
        n++;
        const size = p.key.equals(big) ? CHUNK_BYTES + 12_345 : 200;
        assert.deepEqual(p.cells.map((c) => c.value), [value(p.key.length, size)], `partition ${p.key.toString()}`);
      }
      assert.equal(n, keys.length);
    } finally {
      reader.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

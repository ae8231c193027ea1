import type { Env } from '../env/index.js';
import { ByteReader } from '../util/byte-reader.js';
import { ByteWriter } from '../util/byte-writer.js';
import { LogBuffer } from './commitlog/log-buffer.js';
import { decodeMutation, encodeMutationInto } from './commitlog/mutation-codec.js';
import type { MemPartition } from './memtable/mem-partition.js';
import type { CommitLogPosition } from './model/commit-log-position.js';
import { LIVE_DELETION } from './model/deletion.js';
import { SSTableWriter } from './sstable/index.js';
import type { Compression } from './storage-options.js';
import { YieldBudget } from './yield-budget.js';

/**
 * A memtable flush as plain data, so the SSTable can be written on another thread. The main
 * thread only serializes the memtable (the commit log's mutation codec, a fraction of the cost of
 * writing an SSTable); the job decodes it and writes generation `generation` of `dir`.
 *
 *   data      = chunks, each ( varint positionLength, position, varint mutationLength, mutation )*
 *   mutation  = mutation-codec.ts encoding of the partition (table id empty)
 *
 * The partitions are written into chunks of CHUNK_BYTES, each its own ArrayBuffer, a partition
 * never split between two (a larger one gets a chunk of its own size): no buffer grows by copying
 * what it holds, nothing is copied whole at the end, and the chunks are handed to the worker
 * thread by transfer, not copied (a flush of 300k partitions had three single copies of ~45 MB
 * on the event loop: growth, the final buffer, postMessage's clone).
 */
export interface FlushJob {
  readonly kind: 'flush';
  readonly dir: string;
  readonly generation: number;
  readonly compression: Compression;
  readonly expectedPartitions: number;
  readonly commitLogUpperBound: CommitLogPosition | null;
  /** The chunks, in position order; each on an ArrayBuffer of its own (see flushTransferList). */
  readonly data: readonly Uint8Array[];
}

/** A flush chunk's size: partitions are packed into chunks this large (a larger one alone). */
export const CHUNK_BYTES = 1 << 20;

/** The flush's bytes in all. */
export function flushDataBytes(job: FlushJob): number {
  let n = 0;
  for (const c of job.data) n += c.byteLength;
  return n;
}

/** The ArrayBuffers a flush job may hand over to another thread (its chunks own theirs). */
export function flushTransferList(job: FlushJob): ArrayBuffer[] {
  return job.data.map((c) => c.buffer as ArrayBuffer);
}

/** Packs records into chunks of CHUNK_BYTES, each on its own ArrayBuffer. */
class ChunkWriter {
  readonly chunks: Buffer[] = [];
  private writer: ByteWriter | null = null;

  /** Appends varint(a.length) a varint(b.length) b, in the current chunk or a new one. */
  append(a: Uint8Array, b: Uint8Array): void {
    // At most this many bytes (two varints of up to 9 bytes each): a chunk never grows by copying.
    const most = a.length + b.length + 18;
    if (this.writer === null || this.writer.length + most > this.writer.buf.length) {
      this.seal();
      // A megabyte or more: never Buffer's shared pool, so the ArrayBuffer is the chunk's alone.
      this.writer = new ByteWriter(Math.max(CHUNK_BYTES, most));
    }
    this.writer.lenBytes(a).lenBytes(b);
  }

  /** Ends the current chunk (its written part). */
  seal(): void {
    if (this.writer !== null && this.writer.length > 0) this.chunks.push(this.writer.buf.subarray(0, this.writer.length));
    this.writer = null;
  }
}

/** Serializes a memtable's partitions (in position order) into chunks, yielding as it goes. */
export async function encodeFlushData(env: Env, partitions: Iterable<MemPartition>): Promise<Buffer[]> {
  const out = new ChunkWriter();
  // Each partition is encoded into one reused buffer, then copied behind its length: no buffer
  // per partition (the commit log's encoder, as `encodeMutation` uses it).
  const scratch = new LogBuffer(1 << 12, 1 << 20);
  const budget = new YieldBudget(env);
  for (const p of partitions) {
    scratch.clear();
    encodeMutationInto(scratch, {
      tableId: '',
      update: { key: p.key, partitionDeletion: p.partitionDeletion, rangeTombstones: p.rangeTombstoneList, cells: p.cells.values() },
    });
    out.append(p.position, scratch.view());
    await budget.tick(0);
  }
  out.seal();
  return out.chunks;
}

export async function runFlushJob(env: Env, job: FlushJob): Promise<{ generation: number }> {
  const writer = SSTableWriter.create({
    env,
    dir: job.dir,
    generation: job.generation,
    compression: job.compression,
    expectedPartitions: job.expectedPartitions,
    commitLogUpperBound: job.commitLogUpperBound,
  });
  try {
    for (const chunk of job.data) {
      const r = new ByteReader(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      while (r.remaining > 0) {
        const position = Buffer.from(r.lenBytes());
        const { update } = decodeMutation(Buffer.from(r.lenBytes()), 'flush job');
        writer.append({ key: update.key, position, partitionDeletion: update.partitionDeletion ?? LIVE_DELETION, rangeTombstones: update.rangeTombstones, cells: update.cells });
      }
    }
    (await writer.finish()).close();
    return { generation: job.generation };
  } catch (e) {
    writer.abort();
    throw e;
  }
}

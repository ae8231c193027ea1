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
 *   data      = ( varint positionLength, position, varint mutationLength, mutation )*
 *   mutation  = mutation-codec.ts encoding of the partition (table id empty)
 */
export interface FlushJob {
  readonly kind: 'flush';
  readonly dir: string;
  readonly generation: number;
  readonly compression: Compression;
  readonly expectedPartitions: number;
  readonly commitLogUpperBound: CommitLogPosition | null;
  readonly data: Uint8Array;
}

/** Serializes a memtable's partitions (in position order), yielding as it goes. */
export async function encodeFlushData(env: Env, partitions: Iterable<MemPartition>): Promise<Buffer> {
  const out = new ByteWriter(1 << 16);
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
    out.lenBytes(p.position).lenBytes(scratch.view());
    await budget.tick(0);
  }
  return out.toBuffer();
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
    const data = Buffer.from(job.data.buffer, job.data.byteOffset, job.data.byteLength);
    const r = new ByteReader(data);
    while (r.remaining > 0) {
      const position = Buffer.from(r.lenBytes());
      const { update } = decodeMutation(Buffer.from(r.lenBytes()), 'flush job');
      writer.append({ key: update.key, position, partitionDeletion: update.partitionDeletion ?? LIVE_DELETION, rangeTombstones: update.rangeTombstones, cells: update.cells });
    }
    (await writer.finish()).close();
    return { generation: job.generation };
  } catch (e) {
    writer.abort();
    throw e;
  }
}

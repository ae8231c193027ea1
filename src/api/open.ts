/**
 * `open({ dataDir })`: the embedded database — the storage engine, durable schema and operations
 * in this process — behind the Ilium API. It owns the directory until `close()`: it takes the
 * same LOCK as `ilium start` (src/env/data-dir-lock.ts), so a directory a node or another
 * `open()` holds — in any process, this one included — is refused with `DataDirectoryInUseError`.
 */
import { createPartitioner } from '../dht/index.js';
import { type Env, createRealEnv } from '../env/index.js';
import type { CommitLogSync } from '../storage/storage-options.js';
import { EmbeddedBackend } from './embedded-backend.js';
import { Ilium } from './ilium.js';

export type PartitionerName = 'Murmur3Partitioner' | 'RandomPartitioner' | 'ByteOrderedPartitioner' | 'OrderPreservingPartitioner';

export interface OpenOptions {
  /** Where the node keeps its commit log, SSTables and schema; created when missing. Locked until `close()`: one owner at a time. */
  readonly dataDir: string;
  /** Murmur3Partitioner by default. Key ranges (`getRange`) follow key order only under the order-preserving two. It must stay the same for a data directory. */
  readonly partitioner?: PartitionerName;
  /** 'periodic' by default (the engine's); 'batch' makes each write durable before it resolves. */
  readonly commitlogSync?: CommitLogSync;
  /** Return values (and BytesType names and keys) as stored bytes instead of decoded JS values. */
  readonly raw?: boolean;
  /** The clock, random source and file system; the real ones by default (tests pass a simulated env). */
  readonly env?: Env;
}

export async function open(options: OpenOptions): Promise<Ilium> {
  const env = options.env ?? createRealEnv();
  const partitioner = createPartitioner(options.partitioner ?? 'Murmur3Partitioner');
  const engineOptions = options.commitlogSync === undefined ? undefined : { commitlogSync: options.commitlogSync };
  const backend = await EmbeddedBackend.open({ env, dataDir: options.dataDir, partitioner, options: engineOptions });
  return new Ilium(backend, env, { raw: options.raw ?? false });
}

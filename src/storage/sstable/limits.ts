/**
 * Bounds on everything an SSTable holds or a reader will believe. A writer refuses input beyond
 * them; a reader treats a length beyond them as corruption (checksums make that unreachable
 * unless the file was written by a buggy writer, but a bound turns a bug into an error instead of
 * a multi-gigabyte allocation).
 */

/** A partition key (Cassandra caps keys at 64 KiB - 1). */
export const keyBytesMax = 0xffff;
/** A partition position: the partitioner's token bytes followed by the key. */
export const positionBytesMax = 0x20000;
/** A cell name or a range-tombstone bound (Cassandra caps names at 64 KiB - 1). */
export const nameBytesMax = 0xffff;
/** One cell value. */
export const valueBytesMax = 64 * 1024 * 1024;
/** Cells in one partition. */
export const cellsPerPartitionMax = 1 << 26;
/** Range tombstones in one partition. */
export const rangeTombstonesPerPartitionMax = 1 << 22;
/** Encoded bytes of one partition record (Data.db). */
export const partitionBytesMax = 2 ** 40;

/** Data.db chunk sizes (uncompressed); powers of two. */
export const chunkLengthMin = 4 * 1024;
export const chunkLengthMax = 1024 * 1024;
export const chunkLengthDefault = 16 * 1024;
/** Chunks in one Data.db (the chunk cache keys on a 32-bit chunk number). */
export const chunkCountMax = 0xffffffff;

/**
 * A new cell block (a per-partition index point) starts after this many encoded cell bytes.
 * Small blocks keep seeks cheap: a slice decodes on average half a block before its first cell,
 * and a reverse slice materializes whole blocks. Measured on 50-cell slices of a 100k-cell
 * partition: 1 KiB blocks served 82k/s forward and 62k/s reverse, 2 KiB 73k/53k, 4 KiB 67k/32k.
 * The cost is a larger index entry for wide partitions (~4% of their data).
 */
export const cellBlockBytesDefault = 1024;
export const cellBlockBytesMin = 64;
/** Cell blocks recorded for one partition. */
export const cellBlocksPerPartitionMax = 1 << 24;

/** Index entries per Index.db block; the summary holds one entry per block. */
export const indexBlockEntriesDefault = 128;
export const indexBlockEntriesMax = 4096;
/** An index block is closed early once it holds this many bytes. */
export const indexBlockBytesTarget = 64 * 1024;
/** A single index block (one very wide partition's cell index may exceed the target). */
export const indexBlockBytesMax = 256 * 1024 * 1024;

/** Bloom filter size and probes. */
export const bloomBitsMax = 2 ** 32 - 64;
export const bloomHashCountMax = 20;
export const fpChanceDefault = 0.01;

/** Whole-file components read into memory at open. */
export const tocBytesMax = 64 * 1024;
export const statisticsBytesMax = 1024 * 1024;
export const summaryBytesMax = 512 * 1024 * 1024;
export const filterBytesMax = 512 * 1024 * 1024 + 64;
export const compressionInfoBytesMax = 512 * 1024 * 1024;

/** Generations are positive safe integers. */
export const generationMax = Number.MAX_SAFE_INTEGER;

/** Distinct files registered with one chunk cache at a time. */
export const cacheFilesMax = 1 << 21;

/**
 * Data a point read loads off the event loop per SSTable and slice before its synchronous pass
 * (`SSTableReader.prefetch`): a page of a few thousand small rows. A read that goes further reads
 * the rest on the loop, counted in `ChunkCache.syncReads`.
 */
export const prefetchBytesMax = 256 * 1024;
/** A read of many partitions (an IN) shares prefetchBytesMax among them, down to this each. */
export const prefetchBytesPerKeyMin = 16 * 1024;

/**
 * SSTables: immutable sorted tables of partitions, one file per component.
 *
 *   ila-<gen>-Data.db             partition records (partition-codec.ts) in checksummed,
 *                                 optionally compressed chunks (data-file-format.ts)
 *   ila-<gen>-CompressionInfo.db  where each chunk starts (compression-info.ts)
 *   ila-<gen>-Index.db            one entry per partition, with the cell index of wide partitions,
 *                                 in checksummed blocks (partition-index.ts)
 *   ila-<gen>-Summary.db          first position of each index block, held in memory (summary.ts)
 *   ila-<gen>-Filter.db           bloom filter over positions (bloom-filter.ts)
 *   ila-<gen>-Statistics.db       counts, timestamps, bounds (statistics.ts)
 *   ila-<gen>-TOC.txt             written last; its presence marks a complete sstable (toc.ts)
 *
 * The small components share one checksummed envelope (component-io.ts). Writing:
 * SSTableWriter; reading: SSTableReader through a shared ChunkCache; directory housekeeping
 * (incomplete sets moved to quarantine/, never deleted): sstable-directory.ts; Summary, Filter and
 * Statistics rebuilt: component-rebuild.ts; verify and scrub: sstable-check.ts;
 * `ilium sstable dump`: sstable-dump.ts.
 */
export { BloomFilter } from './bloom-filter.js';
export { ChunkCache } from './chunk-cache.js';
export type { Compression } from './compression.js';
export { Component, Descriptor, parseFileName } from './descriptor.js';
export type { PartitionCursor, Slice } from './partition-cursor.js';
export { generationsEverSeen, listSSTables, quarantineDirName, quarantineGeneration, quarantineIncomplete, removeGeneration, renameGeneration } from './sstable-directory.js';
export { type CheckReport, formatCheckReport, scrubSSTable, verifySSTable } from './sstable-check.js';
export { rebuildDerived } from './component-rebuild.js';
export { dumpLines, dumpSSTable, partitionToJson } from './sstable-dump.js';
export { type LazyPartition, type ScanBound, type ScanOptions, SSTableReader } from './sstable-reader.js';
export { SSTableWriter, type SSTableWriterOptions } from './sstable-writer.js';
export type { SSTableStats } from './statistics.js';

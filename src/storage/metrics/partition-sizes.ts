/**
 * A table's partition sizes as Cassandra's TableMetrics gauges report them (checked in
 * apache/cassandra metrics/TableMetrics: EstimatedPartitionSizeHistogram and
 * EstimatedColumnCountHistogram merge the live SSTables' StatsMetadata histograms;
 * EstimatedPartitionCount adds the memtables' partitions to the SSTables' key counts; Min/Max/
 * MeanPartitionSize back tablestats' "Compacted partition …" lines). Read when asked (a scrape, a
 * nodetool command, a system_views select): one pass over the table's SSTables, each adding two
 * fixed-size histograms, so the cost is bounded by the SSTable count, never by the data.
 *
 * SSTables written before their Statistics.db recorded sizes (version 1) are not in the
 * histograms; `sstablesWithoutSizes` counts them so every report can say so. A partition present
 * in several SSTables is counted in each (as Cassandra's merged histograms count it).
 */
import type { SSTableStats } from '../sstable/statistics.js';
import { EstimatedHistogram } from './estimated-histogram.js';

export interface PartitionSizes {
  /** Partition record bytes (uncompressed) over the SSTables that record them. */
  readonly sizes: EstimatedHistogram;
  /** Cells per partition over the same SSTables. */
  readonly cellCounts: EstimatedHistogram;
  /** Live SSTables whose statistics predate partition sizes (not in the histograms). */
  readonly sstablesWithoutSizes: number;
  /** Partitions in the live SSTables plus those in the memtables (Cassandra's EstimatedPartitionCount). */
  readonly estimatedPartitions: number;
}

export function partitionSizesOf(sstables: readonly { readonly stats: SSTableStats }[], memtablePartitions: number): PartitionSizes {
  const sizes = new EstimatedHistogram();
  const cellCounts = new EstimatedHistogram();
  let sstablesWithoutSizes = 0;
  let estimatedPartitions = memtablePartitions;
  for (const { stats } of sstables) {
    estimatedPartitions += stats.partitionCount;
    if (stats.partitionSizes === null || stats.cellCounts === null) sstablesWithoutSizes++;
    else {
      sizes.addAll(stats.partitionSizes);
      cellCounts.addAll(stats.cellCounts);
    }
  }
  return { sizes, cellCounts, sstablesWithoutSizes, estimatedPartitions };
}

/** The mean partition size in bytes, 0 when none is recorded (Cassandra's MeanPartitionSize gauge). */
export function meanPartitionBytes(p: PartitionSizes): number {
  return p.sizes.count === 0 ? 0 : Math.floor(p.sizes.sum / p.sizes.count);
}

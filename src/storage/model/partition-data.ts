import type { Cell } from './cell.js';
import type { DeletionTime, RangeTombstone } from './deletion.js';

/**
 * The full, reconciled contents of one partition as the engine moves it around (memtable flush,
 * SSTable reads and writes, compaction). Unlike a `PartitionUpdate` it is normalised:
 * - `cells` sorted by `name` (Buffer.compare), names unique, tombstone cells included;
 * - `rangeTombstones` sorted by `start`, possibly overlapping;
 * - `partitionDeletion` is `LIVE_DELETION` when the partition is not deleted.
 * `position` is the partitioner's sort key for `key` (token order, then key bytes).
 */
export interface PartitionData {
  readonly key: Buffer;
  readonly position: Buffer;
  readonly partitionDeletion: DeletionTime;
  readonly rangeTombstones: readonly RangeTombstone[];
  readonly cells: readonly Cell[];
}

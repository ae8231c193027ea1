/**
 * What every operation needs, handed down by LocalOperations: the live schema, the engine, the
 * node's partitioner, the wall clock in seconds, the KEYS indexes of a column family and the CQL
 * indexes of a CQL table (their tables registered by the SchemaKeeper), and the per-row write locks index maintenance uses
 * (the SchemaKeeper's, so an index build can wait for the writers holding them).
 */
import type { Partitioner } from '../../dht/index.js';
import type { ColumnFamilyDef, Schema } from '../../schema/index.js';
import type { StorageEngine } from '../../storage/storage-engine.js';
import type { PartitionUpdate } from '../../storage/model/index.js';
import type { PartitionWrites } from '../cql-index/partition-writes.js';
import type { CqlIndexSet } from '../cql-index/write-with-cql-indexes.js';
import type { ViewLog } from '../view/view-log.js';
import type { KeysIndex } from './keys-index.js';
import type { RowLocks } from './row-locks.js';
import type { TableGates } from './table-gates.js';

export interface OperationContext {
  schema(): Schema;
  readonly engine: StorageEngine;
  readonly partitioner: Partitioner;
  nowSec(): number;
  indexesOf(cf: ColumnFamilyDef): readonly KeysIndex[];
  /** The CQL secondary indexes of a CQL table with its layout; null when it has none. */
  cqlIndexesOf(cf: ColumnFamilyDef): CqlIndexSet | null;
  readonly rowLocks: RowLocks;
  /** Per-table gates: writes with CQL index entries pass shared, TRUNCATE of an indexed table exclusive. */
  readonly tableGates: TableGates;
  /** Partitions with CQL-indexed writes in flight. */
  readonly indexedWrites: PartitionWrites;
  /** Where materialized view updates go (the SchemaKeeper's route: local, or the paired view replica). */
  writeView(view: ColumnFamilyDef, baseKey: Buffer, update: PartitionUpdate): Promise<void>;
  /** Where a base write's view updates are logged first (this node's batch log). */
  readonly viewLog: ViewLog;
}

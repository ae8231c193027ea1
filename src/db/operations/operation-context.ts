/**
 * What every operation needs, handed down by LocalOperations: the live schema, the engine, the
 * node's partitioner, the wall clock in seconds, the KEYS indexes of a column family (their
 * tables registered by the SchemaKeeper), and the per-row write locks index maintenance uses
 * (the SchemaKeeper's, so an index build can wait for the writers holding them).
 */
import type { Partitioner } from '../../dht/index.js';
import type { ColumnFamilyDef, Schema } from '../../schema/index.js';
import type { StorageEngine } from '../../storage/storage-engine.js';
import type { KeysIndex } from './keys-index.js';
import type { RowLocks } from './row-locks.js';

export interface OperationContext {
  schema(): Schema;
  readonly engine: StorageEngine;
  readonly partitioner: Partitioner;
  nowSec(): number;
  indexesOf(cf: ColumnFamilyDef): readonly KeysIndex[];
  readonly rowLocks: RowLocks;
}

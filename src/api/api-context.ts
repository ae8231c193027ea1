/**
 * What every keyspace and column-family handle of one opened database shares: the operations
 * backend, the strictly increasing write-timestamp source, whether values come back raw, and the
 * column families' accesses.
 */
import type { ColumnFamilyDef } from '../schema/index.js';
import type { ColumnFamilyAccess } from './column-family-access.js';
import type { OperationsBackend } from './operations-backend.js';
import type { TimestampSource } from '../env/index.js';

export interface ApiContext {
  readonly backend: OperationsBackend;
  readonly timestamps: TimestampSource;
  /** Values (and BytesType names and keys) as stored bytes instead of decoded JS values. */
  readonly raw: boolean;
  /** Column-family accesses (with their codecs) by definition: a schema change makes a new definition object, and so a new access. */
  readonly accesses: WeakMap<ColumnFamilyDef, ColumnFamilyAccess>;
}

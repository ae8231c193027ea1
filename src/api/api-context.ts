/**
 * What every keyspace and column-family handle of one opened database shares: the operations
 * backend, the strictly increasing write-timestamp source, whether values come back raw, and the
 * column families' codecs.
 */
import type { ColumnFamilyDef } from '../schema/index.js';
import type { ColumnFamilyCodec } from './column-family-codec.js';
import type { OperationsBackend } from './operations-backend.js';
import type { TimestampSource } from '../env/index.js';

export interface ApiContext {
  readonly backend: OperationsBackend;
  readonly timestamps: TimestampSource;
  /** Values (and BytesType names and keys) as stored bytes instead of decoded JS values. */
  readonly raw: boolean;
  /** Codecs by definition: a schema change makes a new definition object, and so a new codec. */
  readonly codecs: WeakMap<ColumnFamilyDef, ColumnFamilyCodec>;
}

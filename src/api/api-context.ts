/**
 * What every keyspace and column-family handle of one opened database shares: the operations
 * backend, the strictly increasing write-timestamp source, and whether values come back raw.
 */
import type { OperationsBackend } from './operations-backend.js';
import type { TimestampSource } from './timestamp-source.js';

export interface ApiContext {
  readonly backend: OperationsBackend;
  readonly timestamps: TimestampSource;
  /** Values (and BytesType names and keys) as stored bytes instead of decoded JS values. */
  readonly raw: boolean;
}

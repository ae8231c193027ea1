/**
 * How the processor runs a protocol BATCH: its statements, already prepared (from text or a
 * prepared id) with their values, handed to the CQL layer's batch execution
 * (`executeBatch` in src/cql/statements/batch.ts). Kept behind this type so the processor does
 * not care where batches are implemented; until the CQL layer provides one, batches are refused
 * with a clear error.
 */
import type { BoundValue, ClientState, CqlContext, CqlResult, CqlStatement, QueryOptions } from '../cql/execution/index.js';
import { InvalidRequestError } from '../errors/index.js';
import type { BatchType } from '../transport/index.js';

export interface BatchItem {
  readonly statement: CqlStatement;
  readonly values: readonly BoundValue[];
}

/** `options.values` is empty: each item carries its own. */
export type ExecuteBatch = (ctx: CqlContext, state: ClientState, batchType: BatchType, items: readonly BatchItem[], options: QueryOptions) => Promise<CqlResult>;

export const BATCHES_UNSUPPORTED: ExecuteBatch = () => Promise.reject(new InvalidRequestError('BATCH requests are not supported by this node yet'));

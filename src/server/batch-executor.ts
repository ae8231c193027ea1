/**
 * How the processor runs a protocol BATCH: its statements, already prepared (from text or a
 * prepared id) with their values, handed to the CQL layer's batch execution (`executeBatch` in
 * src/cql/statements/batch.ts: batch validation, one timestamp, logged/unlogged/counter rules).
 * A type of its own so tests can watch what the processor hands over.
 */
import type { BoundValue, ClientState, CqlContext, CqlResult, CqlStatement, QueryOptions } from '../cql/execution/index.js';
import { executeBatch } from '../cql/statements/index.js';
import type { BatchType } from '../transport/index.js';

export interface BatchItem {
  readonly statement: CqlStatement;
  readonly values: readonly BoundValue[];
}

/** `options.values` is empty: each item carries its own. */
export type ExecuteBatch = (ctx: CqlContext, state: ClientState, batchType: BatchType, items: readonly BatchItem[], options: QueryOptions) => Promise<CqlResult>;

/** The CQL layer's batches (its batch types are the lower-case CQL keywords). */
export const CQL_BATCHES: ExecuteBatch = (ctx, state, batchType, items, options) => {
  const type = batchType === 'LOGGED' ? 'logged' : batchType === 'UNLOGGED' ? 'unlogged' : 'counter';
  return executeBatch(ctx, state, type, items, options);
};

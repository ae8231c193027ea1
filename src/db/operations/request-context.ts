/**
 * What a 0.7 operation needs to translate a request: the live schema (to find and check the column
 * family), the node's partitioner (key ranges, index entries), the wall clock in seconds, the
 * RowStore that runs the reads and writes — the coordinator on a node, the local store embedded —
 * and the Env and request timeouts a read paces itself with (RequestBudget).
 * Nothing here touches the engine: index upkeep, row locks and table gates are the replica's
 * (OperationContext, row-writer.ts), behind the store.
 */
import type { Partitioner } from '../../dht/index.js';
import type { Env } from '../../env/index.js';
import type { RequestTimeouts } from '../request-budget.js';
import type { Schema } from '../../schema/index.js';
import type { RowStore } from './row-store.js';

export interface RequestContext {
  schema(): Schema;
  readonly partitioner: Partitioner;
  nowSec(): number;
  readonly store: RowStore;
  readonly env: Env;
  /** read_request_timeout_in_ms for reads by key, range_request_timeout_in_ms for range and index scans. */
  readonly timeouts: RequestTimeouts;
}

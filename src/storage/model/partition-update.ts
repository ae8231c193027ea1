import type { Cell } from './cell.js';
import type { DeletionTime, RangeTombstone } from './deletion.js';

/**
 * Everything one mutation does to one partition; applied atomically and in isolation
 * (record-level atomicity). `cells` need not be sorted and may repeat a name (reconciled on apply).
 */
export interface PartitionUpdate {
  /** The partition key's serialized bytes. */
  readonly key: Buffer;
  /** Set when the mutation deletes the whole partition (at that timestamp). */
  readonly partitionDeletion: DeletionTime | null;
  readonly rangeTombstones: readonly RangeTombstone[];
  readonly cells: readonly Cell[];
}

/** A partition update addressed to a table (by its id). The commit log records these. */
export interface Mutation {
  readonly tableId: string;
  readonly update: PartitionUpdate;
}

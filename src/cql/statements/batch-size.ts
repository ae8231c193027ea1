/**
 * The batch size guard, after Cassandra 4.0's BatchStatement.verifyBatchSize (checked in
 * apache/cassandra cql3/statements/BatchStatement.java): a batch whose writes reach more than one
 * partition (Cassandra: more than one mutation, i.e. partition key of a keyspace) and whose data
 * size is above `batch_size_warn_threshold_in_kb` (5) is logged and the client warned; above
 * `batch_size_fail_threshold_in_kb` (50) it is logged as an error and refused with InvalidRequest
 * "Batch too large", nothing written. Conditional batches (one partition by rule) are not checked,
 * as in Cassandra. The data size is the cells' (name, value, timestamp, TTL and deletion time) and
 * the deletions', Cassandra's PartitionUpdate.dataSize in spirit; writes that read first (counters,
 * list elements by index) are built under their partition's lock later and are not counted.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { ClientState, CqlContext, TableWrite } from '../execution/index.js';
import type { PartitionUpdate } from '../../storage/model/partition-update.js';

/** timestamp (8) + TTL (4) + local deletion time (4), as Cassandra's Cell.dataSize counts them. */
const CELL_FIXED_BYTES = 16;
/** markedForDeleteAt (8) + localDeletionTime (4). */
const DELETION_BYTES = 12;

export function verifyBatchSize(ctx: CqlContext, state: ClientState, writes: readonly TableWrite[]): void {
  const mutations = new Set(writes.map((w) => `${w.cf.keyspace}\u0000${w.update.key.toString('latin1')}`));
  if (mutations.size <= 1) return;
  const { batchSizeWarnBytes, batchSizeFailBytes } = ctx.limits;
  let size = 0;
  for (const w of writes) size += updateDataSize(w.update);
  if (size <= batchSizeWarnBytes) return;
  const tables = `[${[...new Set(writes.map((w) => `${w.cf.keyspace}.${w.cf.name}`))].join(', ')}]`;
  if (size > batchSizeFailBytes) {
    ctx.logger.error(`Batch for ${tables} is of size ${prettyBytes(size)}, exceeding specified threshold of ${prettyBytes(batchSizeFailBytes)} by ${prettyBytes(size - batchSizeFailBytes)}. (see batch_size_fail_threshold_in_kb)`);
    throw new InvalidRequestError('Batch too large');
  }
  ctx.logger.warn(`Batch for ${tables} is of size ${prettyBytes(size)}, exceeding specified threshold of ${prettyBytes(batchSizeWarnBytes)} by ${prettyBytes(size - batchSizeWarnBytes)}.`);
  // The client's copy carries plain byte counts, as Cassandra's ClientWarn does.
  state.warn(`Batch for ${tables} is of size ${size}, exceeding specified threshold of ${batchSizeWarnBytes} by ${size - batchSizeWarnBytes}.`);
}

export function updateDataSize(u: PartitionUpdate): number {
  let size = u.partitionDeletion === null ? 0 : DELETION_BYTES;
  for (const c of u.cells) size += c.name.length + c.value.length + CELL_FIXED_BYTES;
  for (const rt of u.rangeTombstones) size += rt.start.length + rt.end.length + DELETION_BYTES;
  return size;
}

/** Cassandra's FBUtilities.prettyPrintMemory form: "12.500KiB", "3.000MiB", "512B". */
function prettyBytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(3)}GiB`;
  if (n >= 1024 ** 2) return `${(n / 1024 ** 2).toFixed(3)}MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(3)}KiB`;
  return `${n}B`;
}

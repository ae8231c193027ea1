/**
 * The batch size guard, after Cassandra 4.0's BatchStatement.verifyBatchSize (checked in
 * apache/cassandra cql3/statements/BatchStatement.java): a batch whose writes reach more than one
 * partition (Cassandra: more than one mutation, i.e. partition key of a keyspace) and whose data
 * size is above `batch_size_warn_threshold_in_kb` (5) is logged and the client warned; above
 * `batch_size_fail_threshold_in_kb` (50) it is logged as an error and refused with InvalidRequest
 * "Batch too large", nothing written (executeModifications builds and guards every write that needs
 * no read before it applies or reads anything). Conditional batches (one partition by rule) are
 * not checked, as in Cassandra. The data size is the cells' (name, value, timestamp, TTL and
 * deletion time) and the deletions', Cassandra's PartitionUpdate.dataSize in spirit; writes that
 * read first (counters, list appends and elements) are built under their partition's lock later and
 * are not counted.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { ClientState, CqlContext, TableWrite } from '../execution/index.js';
import type { WriteGuard } from '../modification/execute-modifications.js';
import type { PartitionUpdate } from '../../storage/model/partition-update.js';

/** timestamp (8) + TTL (4) + local deletion time (4), as Cassandra's Cell.dataSize counts them. */
const CELL_FIXED_BYTES = 16;
/** markedForDeleteAt (8) + localDeletionTime (4). */
const DELETION_BYTES = 12;

/**
 * Counts a batch's writes as they are built. It refuses as soon as the size passes the fail
 * threshold over more than one partition — a batch of 100,000 statements is refused after building
 * the first few thousand writes, not all of them (the logged size is then what was counted) — and
 * warns, once all are counted, above the warn threshold.
 */
export class BatchSizeGuard implements WriteGuard {
  private readonly mutations = new Set<string>();
  private readonly tables = new Set<string>();
  private size = 0;

  constructor(
    private readonly ctx: CqlContext,
    private readonly state: ClientState,
  ) {}

  add(w: TableWrite): void {
    this.mutations.add(`${w.cf.keyspace}\u0000${w.update.key.toString('latin1')}`);
    this.tables.add(`${w.cf.keyspace}.${w.cf.name}`);
    this.size += updateDataSize(w.update);
    const failBytes = this.ctx.limits.batchSizeFailBytes;
    if (this.mutations.size > 1 && this.size > failBytes) {
      this.ctx.logger.error(`${this.describe(failBytes, prettyBytes)} (see batch_size_fail_threshold_in_kb)`);
      throw new InvalidRequestError('Batch too large');
    }
  }

  done(): void {
    const warnBytes = this.ctx.limits.batchSizeWarnBytes;
    if (this.mutations.size <= 1 || this.size <= warnBytes) return;
    this.ctx.logger.warn(this.describe(warnBytes, prettyBytes));
    // The client's copy carries plain byte counts, as Cassandra's ClientWarn does.
    this.state.warn(this.describe(warnBytes, String));
  }

  private describe(threshold: number, show: (n: number) => string): string {
    return `Batch for [${[...this.tables].join(', ')}] is of size ${show(this.size)}, exceeding specified threshold of ${show(threshold)} by ${show(this.size - threshold)}.`;
  }
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

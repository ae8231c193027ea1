/**
 * `c = c + n` / `c = c - n` on a counter column: read the current value under the partition lock,
 * write the sum as an ordinary 8-byte cell at a server timestamp (counter statements take no USING
 * TIMESTAMP), raised above the current cell's when the clock is behind it, so each write is newer
 * than the value it read. Several increments of one execution or batch add up in the partition's
 * builder before anything is written.
 *
 * This is a single-node counter: read-modify-write under DataStore.withPartitionLock. Cassandra's
 * replicated counters (per-replica shards merged on read) are the cluster issue's business; it
 * will replace this representation.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { CqlColumn } from '../../schema/index.js';
import type { BoundTerm } from '../terms/index.js';
import { simpleName } from './cell-writes.js';
import type { Operation, OperationEnv } from './operation.js';

export class CounterUpdate implements Operation {
  readonly requiresRead = true;
  constructor(
    readonly column: CqlColumn,
    private readonly delta: BoundTerm,
    private readonly sign: 1n | -1n,
  ) {}

  execute(env: OperationEnv): void {
    const v = this.delta.evaluate(env.values);
    if (v === null) throw new InvalidRequestError(`Invalid null value for counter increment`);
    if (typeof v === 'symbol') return;
    const name = simpleName(env, this.column);
    const cell = env.existing?.cell(env.clustering, this.column) ?? null;
    const current = env.builder.pendingCounter(name) ?? counterValue(cell?.value);
    // Above the value read, whatever the clock says: else the sum would lose to it.
    let timestamp = env.params.timestamp;
    if (cell !== null && cell.timestamp >= timestamp) timestamp = cell.timestamp + 1n;
    env.builder.setCounter(name, current + this.sign * v.readBigInt64BE(0), timestamp);
  }
}

function counterValue(bytes: Buffer | undefined): bigint {
  return bytes === undefined || bytes.length !== 8 ? 0n : bytes.readBigInt64BE(0);
}

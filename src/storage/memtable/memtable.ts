import { invariant } from '../../util/invariant.js';
import type { CommitLogPosition } from '../model/commit-log-position.js';
import type { PartitionUpdate } from '../model/partition-update.js';
import { MemPartition } from './mem-partition.js';
import { PartitionIndex, type PositionBound } from './partition-index.js';

/**
 * A table's in-memory write buffer: partitions sorted by their position (token order). Writes
 * are applied after their commit-log entry is durable; `pendingWrites` counts writes that were
 * logged against this memtable but not yet applied, and a flush waits for it to reach zero so
 * that the flushed SSTable really covers every log entry before `upperBound`.
 *
 * Partitions are found and ordered by partition-index.ts (a B+tree over numeric position
 * prefixes). Partitions are never removed from a memtable.
 *
 * Lifecycle (checked by invariants): `active` (takes new writes) → `flushing` (switched out at
 * `upperBound`; writes already logged against it still land) → `flushed` (its SSTable is in; no
 * write may reach it), or `active` → `discarded` (truncate: dropped; writes in flight land in it
 * and are dropped with it).
 */
export type MemtableState = 'active' | 'flushing' | 'flushed' | 'discarded';

export class Memtable {
  readonly partitions = new PartitionIndex();
  /** Accounted size in bytes (keys, names, values and fixed overheads). */
  liveBytes = 0;
  cellCount = 0;
  pendingWrites = 0;
  private bound: CommitLogPosition | null = null;
  minTimestamp = 2n ** 63n - 1n;
  private drainWaiters: (() => void)[] = [];
  private lifecycle: MemtableState = 'active';

  constructor(readonly createdAtMs: number) {}

  get state(): MemtableState {
    return this.lifecycle;
  }

  /** Stops taking writes at `upperBound` (the commit log's end when it was switched out). */
  switchOut(upperBound: CommitLogPosition): void {
    invariant(this.lifecycle === 'active', `memtable: only an active memtable is switched out (it is ${this.lifecycle})`);
    this.lifecycle = 'flushing';
    this.bound = upperBound;
  }

  /** Commit-log end position when this memtable stopped taking writes; null while active. */
  get upperBound(): CommitLogPosition | null {
    return this.bound;
  }

  /** Its SSTable replaced it: every write logged against it was applied before. */
  markFlushed(): void {
    invariant(this.lifecycle === 'flushing', `memtable: only a flushing memtable becomes flushed (it is ${this.lifecycle})`);
    invariant(this.pendingWrites === 0, 'memtable: flushed with writes still pending');
    this.lifecycle = 'flushed';
  }

  /** Dropped by truncate in place of a flush. */
  discard(): void {
    invariant(this.lifecycle === 'active', `memtable: only an active memtable is discarded (it is ${this.lifecycle})`);
    this.lifecycle = 'discarded';
  }

  get isEmpty(): boolean {
    return this.partitions.size === 0;
  }

  apply(key: Buffer, position: Buffer, update: PartitionUpdate, nowSec: number): void {
    invariant(this.lifecycle !== 'flushed', 'memtable: a write reached a flushed memtable');
    let p = this.partitions.get(position);
    if (p === undefined) {
      p = new MemPartition(key, position);
      this.partitions.add(p);
      this.liveBytes += MemPartition.overheadBytes(key);
    }
    this.liveBytes += p.apply(update, nowSec);
    this.cellCount += update.cells.length;
    for (const c of update.cells) if (c.timestamp < this.minTimestamp) this.minTimestamp = c.timestamp;
    for (const rt of update.rangeTombstones) {
      if (rt.deletion.markedForDeleteAt < this.minTimestamp) this.minTimestamp = rt.deletion.markedForDeleteAt;
    }
    if (update.partitionDeletion && update.partitionDeletion.markedForDeleteAt < this.minTimestamp) {
      this.minTimestamp = update.partitionDeletion.markedForDeleteAt;
    }
  }

  get(position: Buffer): MemPartition | undefined {
    return this.partitions.get(position);
  }

  /** Partitions in position order starting at `from` (inclusive or not), up to `to` (inclusive or not). */
  range(from?: PositionBound, to?: PositionBound): Generator<MemPartition> {
    return this.partitions.range(from, to);
  }

  beginWrite(): void {
    invariant(this.lifecycle === 'active', 'memtable: a write was logged against a memtable no longer active');
    this.pendingWrites++;
  }

  endWrite(): void {
    invariant(this.pendingWrites > 0, 'memtable: more writes ended than began');
    this.pendingWrites--;
    if (this.pendingWrites === 0 && this.drainWaiters.length > 0) {
      const waiters = this.drainWaiters;
      this.drainWaiters = [];
      for (const w of waiters) w();
    }
  }

  /** Resolves once every write logged against this memtable has been applied (or abandoned). */
  drained(): Promise<void> {
    if (this.pendingWrites === 0) return Promise.resolve();
    return new Promise((resolve) => this.drainWaiters.push(resolve));
  }
}

import { BTree } from '../../util/btree.js';
import { compareBytes } from '../../util/compare-bytes.js';
import type { CommitLogPosition } from '../model/commit-log-position.js';
import type { PartitionUpdate } from '../model/partition-update.js';
import { MemPartition } from './mem-partition.js';

/**
 * A table's in-memory write buffer: partitions sorted by their position (token order). Writes
 * are applied after their commit-log entry is durable; `pendingWrites` counts writes that were
 * logged against this memtable but not yet applied, and a flush waits for it to reach zero so
 * that the flushed SSTable really covers every log entry before `upperBound`.
 *
 * Point lookups (every write, every read by key) go through a hash of the position first: a
 * B+tree walk over 100k partitions is ~17 comparisons on scattered buffers (cache misses), a
 * Map probe one. The Map holds the first partition seen with each hash; a partition whose hash
 * is taken by another is found in the tree. Partitions are never removed from a memtable.
 */
export class Memtable {
  readonly partitions = new BTree<Buffer, MemPartition>(undefined, compareBytes);
  private readonly byHash = new Map<number, MemPartition>();
  /** Accounted size in bytes (keys, names, values and fixed overheads). */
  liveBytes = 0;
  cellCount = 0;
  pendingWrites = 0;
  /** Commit-log end position when this memtable stopped taking writes; null while active. */
  upperBound: CommitLogPosition | null = null;
  minTimestamp = 2n ** 63n - 1n;
  private drainWaiters: (() => void)[] = [];

  constructor(readonly createdAtMs: number) {}

  get isEmpty(): boolean {
    return this.partitions.size === 0;
  }

  apply(key: Buffer, position: Buffer, update: PartitionUpdate, nowSec: number): void {
    const hash = hashBytes(position);
    let p = this.find(hash, position);
    if (p === undefined) {
      p = new MemPartition(key, position);
      this.partitions.set(position, p);
      if (!this.byHash.has(hash)) this.byHash.set(hash, p);
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
    return this.find(hashBytes(position), position);
  }

  private find(hash: number, position: Buffer): MemPartition | undefined {
    const p = this.byHash.get(hash);
    if (p === undefined) return undefined; // no partition has this hash
    return compareBytes(p.position, position) === 0 ? p : this.partitions.get(position);
  }

  /** Partitions in position order starting at `from` (inclusive or not), up to `to` (inclusive). */
  *range(from?: { position: Buffer; inclusive: boolean }, to?: { position: Buffer; inclusive: boolean }): Generator<MemPartition> {
    for (const [pos, p] of this.partitions.entries(from?.position)) {
      if (from && !from.inclusive && pos.equals(from.position)) continue;
      if (to) {
        const c = Buffer.compare(pos, to.position);
        if (c > 0 || (c === 0 && !to.inclusive)) return;
      }
      yield p;
    }
  }

  beginWrite(): void {
    this.pendingWrites++;
  }

  endWrite(): void {
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

/** FNV-1a over the bytes (32 bits): positions are short; Murmur3's already start with a hash. */
function hashBytes(b: Buffer): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < b.length; i++) h = Math.imul(h ^ b[i]!, 0x01000193);
  return h;
}

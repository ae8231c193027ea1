import { BTree } from '../../util/btree.js';
import { compareBytes } from '../../util/compare-bytes.js';
import { invariant } from '../../util/invariant.js';
import type { MemPartition } from './mem-partition.js';

/**
 * A memtable's partitions in position order, found by position. The B+tree is keyed by a number:
 * the position's first six bytes read as an unsigned integer (fewer bytes padded with zeros),
 * which orders like the bytes though not strictly (two positions may share it). A search then
 * compares numbers kept side by side in the tree's nodes instead of following each node key to
 * its bytes: with 100k partitions, ~17 scattered buffer reads per write became the largest cost of
 * a write (bench:cql-in-process `--shapes=layers`, engine layer; docs/PERFORMANCE.md).
 *
 * Positions that share a prefix sit in a B+tree of their own under it, by their bytes. Hashed
 * partitioners (Murmur3, Random) start positions with a token, so this almost never happens;
 * ordered ones (ByteOrdered) put keys with a common start there, at a byte tree's cost as before.
 */
type Bucket = MemPartition | BTree<Buffer, MemPartition>;

/** Where a range of partitions starts or stops, by partition position: the storage engine's one definition. */
export interface PositionBound {
  readonly position: Buffer;
  readonly inclusive: boolean;
}

export class PartitionIndex {
  private readonly tree = new BTree<number, Bucket>(undefined, (a, b) => a - b);
  /** The same buckets by prefix: a lookup (every write, every read by key) is one probe, not a tree walk. */
  private readonly byPrefix = new Map<number, Bucket>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  get(position: Buffer): MemPartition | undefined {
    const bucket = this.byPrefix.get(prefixOf(position));
    if (bucket === undefined) return undefined;
    if (bucket instanceof BTree) return bucket.get(position);
    return compareBytes(bucket.position, position) === 0 ? bucket : undefined;
  }

  /** Adds a partition whose position is not in the index yet. */
  add(p: MemPartition): void {
    const prefix = prefixOf(p.position);
    const bucket = this.byPrefix.get(prefix);
    if (bucket === undefined) {
      this.tree.set(prefix, p);
      this.byPrefix.set(prefix, p);
    } else if (bucket instanceof BTree) {
      invariant(bucket.set(p.position, p, false), 'partition index: a partition is added once');
    } else {
      invariant(compareBytes(bucket.position, p.position) !== 0, 'partition index: a partition is added once');
      const shared = new BTree<Buffer, MemPartition>([[bucket.position, bucket], [p.position, p]], compareBytes);
      this.tree.set(prefix, shared);
      this.byPrefix.set(prefix, shared);
    }
    this.count++;
  }

  /** Partitions in position order from `from` and up to `to` (each inclusive or not; from the first or to the last when absent). */
  *range(from?: PositionBound, to?: PositionBound): Generator<MemPartition> {
    const start = from === undefined ? undefined : prefixOf(from.position);
    // One pair array reused by each iterator (the tree's option): no array per partition listed.
    const pair: (number | Bucket)[] = [];
    for (const [prefix, bucket] of this.tree.entries(start, pair)) {
      const first = prefix === start;
      if (!(bucket instanceof BTree)) {
        if (first && !after(bucket.position, from!)) continue;
        if (to !== undefined && !before(bucket.position, to)) return;
        yield bucket;
        continue;
      }
      for (const [position, p] of bucket.entries(first ? from!.position : undefined, [])) {
        if (first && !after(position, from!)) continue;
        if (to !== undefined && !before(position, to)) return;
        yield p;
      }
    }
  }
}

function before(position: Buffer, to: PositionBound): boolean {
  const c = compareBytes(position, to.position);
  return c < 0 || (c === 0 && to.inclusive);
}

function after(position: Buffer, from: PositionBound): boolean {
  const c = compareBytes(position, from.position);
  return c > 0 || (c === 0 && from.inclusive);
}

/** The first six bytes as an unsigned integer (below 2^48, exact in a double), missing ones as zeros. */
export function prefixOf(b: Buffer): number {
  const n = b.length;
  if (n >= 6) return b[0]! * 0x10000000000 + b[1]! * 0x100000000 + ((b[2]! << 24) >>> 0) + (b[3]! << 16) + (b[4]! << 8) + b[5]!;
  let v = 0;
  for (let i = 0; i < 6; i++) v = v * 256 + (i < n ? b[i]! : 0);
  return v;
}

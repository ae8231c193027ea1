/**
 * What a replica contributes to a Merkle leaf for one partition: SHA-256 over the key and the
 * read digest (service/digest.ts: partition deletion, range tombstones, every cell with name,
 * kind, value, timestamp, TTL and local deletion time), so repair and digest reads agree on what
 * "the same data" means.
 *
 *   partition digest = SHA-256(keyLength:u32 key readDigest)
 *
 * The partition is read with tombstones (deletions must count), and its range tombstones are put
 * in a canonical form first, because the engine reports each source's copy: one tombstone held
 * by two SSTables, or one covered by a wider, newer one or by the partition deletion, would
 * otherwise digest differently from the same deletions after a compaction. A partition holding
 * nothing at all (no cell, no deletion) digests as absent: `null`.
 */
import { createHash } from 'node:crypto';
import type { RangeTombstone } from '../storage/model/index.js';
import { isLiveDeletion } from '../storage/model/index.js';
import type { PartitionResult } from '../storage/read/partition-reader.js';
import { digestOf } from '../service/digest.js';

export const PARTITION_DIGEST_BYTES = 32;

export function partitionDigest(p: PartitionResult): Buffer | null {
  const canonical = canonicalPartition(p);
  if (canonical === null) return null;
  const key = Buffer.alloc(4);
  key.writeUInt32BE(p.key.length);
  return createHash('sha256').update(key).update(p.key).update(digestOf(canonical)).digest();
}

/** The partition with its range tombstones canonical; null when it holds nothing. */
export function canonicalPartition(p: PartitionResult): PartitionResult | null {
  const rangeTombstones = canonicalRangeTombstones(p.rangeTombstones, p.partitionDeletion.markedForDeleteAt, isLiveDeletion(p.partitionDeletion));
  if (p.cells.length === 0 && rangeTombstones.length === 0 && isLiveDeletion(p.partitionDeletion)) return null;
  return { ...p, rangeTombstones, truncated: false };
}

/**
 * Range tombstones sorted by (start, end, timestamp, local deletion time), without exact
 * duplicates, without those the partition deletion shadows, and without those inside another
 * at least as new.
 */
export function canonicalRangeTombstones(rts: readonly RangeTombstone[], partitionDeletedAt: bigint, partitionLive: boolean): RangeTombstone[] {
  const kept = rts.filter((rt) => partitionLive || rt.deletion.markedForDeleteAt > partitionDeletedAt);
  const covers = (a: RangeTombstone, b: RangeTombstone) =>
    Buffer.compare(a.start, b.start) <= 0 && Buffer.compare(a.end, b.end) >= 0 && a.deletion.markedForDeleteAt >= b.deletion.markedForDeleteAt;
  const sorted = [...kept].sort(compareRangeTombstones);
  const out: RangeTombstone[] = [];
  for (const rt of sorted) {
    if (out.length > 0 && compareRangeTombstones(out[out.length - 1]!, rt) === 0) continue;
    // Of two covering each other (same bounds and timestamp), the one sorting last stays.
    const shadowed = sorted.some((other) => compareRangeTombstones(other, rt) !== 0 && covers(other, rt) && !(covers(rt, other) && compareRangeTombstones(other, rt) < 0));
    if (!shadowed) out.push(rt);
  }
  return out;
}

function compareRangeTombstones(a: RangeTombstone, b: RangeTombstone): number {
  return (
    Buffer.compare(a.start, b.start) ||
    Buffer.compare(a.end, b.end) ||
    (a.deletion.markedForDeleteAt < b.deletion.markedForDeleteAt ? -1 : a.deletion.markedForDeleteAt > b.deletion.markedForDeleteAt ? 1 : 0) ||
    a.deletion.localDeletionTime - b.deletion.localDeletionTime
  );
}

/**
 * Size-tiered compaction: SSTables of similar size form a tier ("bucket"); a tier with at least
 * `minThreshold` members is compacted into one SSTable (at most `maxThreshold` at a time).
 * Similar = within [bucketLow, bucketHigh] × the tier's average size, or both under
 * `minSSTableBytes` (small tables all count as one tier). The tier with the smallest average is
 * chosen first: it is the cheapest and shrinks the SSTable count fastest.
 */
export interface Sized {
  readonly sizeBytes: number;
}

export interface SizeTieredOptions {
  readonly minThreshold: number;
  readonly maxThreshold: number;
  readonly bucketLow: number;
  readonly bucketHigh: number;
  readonly minSSTableBytes: number;
}

export const DEFAULT_BUCKETS = { bucketLow: 0.5, bucketHigh: 1.5, minSSTableBytes: 50 * 1024 * 1024 } as const;

export function buckets<T extends Sized>(tables: readonly T[], o: SizeTieredOptions): T[][] {
  const sorted = [...tables].sort((a, b) => a.sizeBytes - b.sizeBytes);
  const out: { avg: number; members: T[] }[] = [];
  for (const t of sorted) {
    const b = out.find(
      (x) =>
        (t.sizeBytes >= x.avg * o.bucketLow && t.sizeBytes <= x.avg * o.bucketHigh) ||
        (t.sizeBytes < o.minSSTableBytes && x.avg < o.minSSTableBytes),
    );
    if (b) {
      b.members.push(t);
      b.avg = b.members.reduce((s, m) => s + m.sizeBytes, 0) / b.members.length;
    } else {
      out.push({ avg: t.sizeBytes, members: [t] });
    }
  }
  return out.map((b) => b.members);
}

/** The next set of SSTables to compact, or null when no tier is full enough. */
export function pickCompaction<T extends Sized>(tables: readonly T[], o: SizeTieredOptions): T[] | null {
  const candidates = buckets(tables, o).filter((b) => b.length >= o.minThreshold);
  if (candidates.length === 0) return null;
  const avg = (b: T[]): number => b.reduce((s, m) => s + m.sizeBytes, 0) / b.length;
  candidates.sort((a, b) => avg(a) - avg(b));
  return candidates[0]!.slice(0, o.maxThreshold);
}

/**
 * A histogram of non-negative whole values in buckets that grow by 1.2 (Cassandra's
 * EstimatedHistogram and its 4.0 DecayingEstimatedHistogramReservoir bucket offsets, checked in
 * apache/cassandra utils/EstimatedHistogram.newOffsets: 1, 2, 3, …, each next offset the larger of
 * previous + 1 and previous × 1.2 rounded). A value lands in the first bucket whose offset is ≥ it;
 * a percentile is the offset of the bucket that reaches it, as Cassandra's snapshot reports it.
 * Counts are kept since the table was first used (Cassandra's reservoir decays old samples; this
 * one does not). Recording is a binary search over a fixed array: no allocation.
 */
export const BUCKET_COUNT = 164;

function newOffsets(size: number): Float64Array {
  const offsets = new Float64Array(size);
  let last = 1;
  offsets[0] = last;
  for (let i = 1; i < size; i++) {
    const next = Math.max(last + 1, Math.round(last * 1.2));
    offsets[i] = next;
    last = next;
  }
  return offsets;
}

const OFFSETS = newOffsets(BUCKET_COUNT);
/** With a bucket of its own for 0 in front (Cassandra's newOffsets with considerZeroes). */
const OFFSETS_WITH_ZERO = Float64Array.of(0, ...OFFSETS);

export class EstimatedHistogram {
  private readonly offsets: Float64Array;
  /** One more than the offsets: the last counts values above the largest offset. */
  private readonly buckets: Float64Array;
  private total = 0;
  private valueSum = 0;

  /**
   * `considerZeroes`: 0 gets a bucket of its own instead of sharing offset 1's, as Cassandra's
   * SSTablesPerReadHistogram (TableMetrics creates it with considerZeroes true), so a read served
   * from memtables alone shows 0.
   */
  constructor(considerZeroes = false) {
    this.offsets = considerZeroes ? OFFSETS_WITH_ZERO : OFFSETS;
    this.buckets = new Float64Array(this.offsets.length + 1);
  }

  record(value: number): void {
    this.valueSum += value;
    let lo = 0;
    let hi = this.offsets.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.offsets[mid]! < value) lo = mid + 1;
      else hi = mid;
    }
    this.buckets[lo]!++;
    this.total++;
  }

  get count(): number {
    return this.total;
  }

  /** The sum of the values recorded (a Prometheus histogram's `_sum`). */
  get sum(): number {
    return this.valueSum;
  }

  /**
   * For each bound (ascending), how many values are surely ≤ it: the counts of the buckets whose
   * offset is ≤ the bound (a Prometheus histogram's cumulative `le` buckets, coarser than ours).
   */
  cumulativeCounts(bounds: readonly number[]): number[] {
    const out: number[] = [];
    let i = 0;
    let seen = 0;
    for (const bound of bounds) {
      while (i < this.offsets.length && this.offsets[i]! <= bound) seen += this.buckets[i++]!;
      out.push(seen);
    }
    return out;
  }

  /** The offset of the bucket holding the q-th quantile (0 when empty). */
  percentile(q: number): number {
    const wanted = Math.ceil(this.total * q);
    if (wanted === 0) return 0;
    let seen = 0;
    for (let i = 0; i < this.buckets.length; i++) {
      seen += this.buckets[i]!;
      if (seen >= wanted) return this.offsetAt(i);
    }
    return 0;
  }

  /** Adds `other`'s counts to this one's (to show several series as one, e.g. every consistency level). */
  addAll(other: EstimatedHistogram): void {
    if (other.offsets !== this.offsets) throw new Error('histograms of different buckets cannot be added');
    for (let i = 0; i < this.buckets.length; i++) this.buckets[i]! += other.buckets[i]!;
    this.total += other.total;
    this.valueSum += other.valueSum;
  }

  /** Its non-empty buckets as [bucket index, count] pairs, lowest first (statistics.ts stores them). */
  nonEmptyBuckets(): [number, number][] {
    const out: [number, number][] = [];
    for (let i = 0; i < this.buckets.length; i++) if (this.buckets[i]! > 0) out.push([i, this.buckets[i]!]);
    return out;
  }

  /**
   * A histogram (without the zero bucket) holding `buckets` as `nonEmptyBuckets` gave them and
   * `sum` as the values' sum; throws RangeError on a bucket index out of range or a bad count.
   */
  static fromBuckets(buckets: readonly (readonly [number, number])[], sum: number): EstimatedHistogram {
    const h = new EstimatedHistogram();
    for (const [i, n] of buckets) {
      if (!(Number.isInteger(i) && i >= 0 && i < h.buckets.length)) throw new RangeError(`histogram bucket ${i} out of range`);
      if (!(Number.isSafeInteger(n) && n >= 0)) throw new RangeError(`bad histogram count ${n}`);
      h.buckets[i]! += n;
      h.total += n;
    }
    h.valueSum = sum;
    return h;
  }

  /** The offset of the lowest bucket holding a value (0 when empty). */
  min(): number {
    for (let i = 0; i < this.buckets.length; i++) if (this.buckets[i]! > 0) return this.offsetAt(i);
    return 0;
  }

  /** The offset of the highest bucket holding a value (0 when empty). */
  max(): number {
    for (let i = this.buckets.length - 1; i >= 0; i--) if (this.buckets[i]! > 0) return this.offsetAt(i);
    return 0;
  }

  /** Bucket `i`'s offset; the overflow bucket's is Infinity. */
  private offsetAt(i: number): number {
    return i < this.offsets.length ? this.offsets[i]! : Infinity;
  }
}

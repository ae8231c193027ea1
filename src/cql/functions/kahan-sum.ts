/**
 * Compensated (Kahan) summation of doubles, as Cassandra's sum and avg of float and double use:
 * far smaller rounding error than naive addition over many values. A plain running sum is kept
 * beside it so that same-signed infinities (whose compensated sum is NaN) still give ±Infinity.
 */
export class KahanSum {
  private sum = 0;
  private compensation = 0;
  private simpleSum = 0;

  add(x: number): void {
    this.simpleSum += x;
    const y = x - this.compensation;
    const t = this.sum + y;
    this.compensation = t - this.sum - y;
    this.sum = t;
  }

  /** The running (uncompensated) sum: becomes infinite when the sum overflows. */
  get raw(): number {
    return this.sum;
  }

  value(): number {
    const v = this.sum + this.compensation;
    return Number.isNaN(v) && !Number.isFinite(this.simpleSum) && !Number.isNaN(this.simpleSum) ? this.simpleSum : v;
  }
}

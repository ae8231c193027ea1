/**
 * Zipf-distributed ranks in [1, n] with exponent s > 0 (P(k) ∝ k^-s), drawn in O(1) per sample
 * without a table, so populations of millions cost nothing to set up. The method is rejection-
 * inversion (W. Hörmann and G. Derflinger, "Rejection-inversion to generate variates from
 * monotone discrete distributions", 1996): invert the integral H of the continuous hat x^-s over
 * [k-½, k+½], then accept k when the drawn point falls under the true mass of k. Acceptance is
 * high for every s, so the bounded retry loop practically never runs out.
 */

/** log1p(x)/x, continuous at 0. */
function log1pOverX(x: number): number {
  return Math.abs(x) > 1e-8 ? Math.log1p(x) / x : 1 - x / 2 + (x * x) / 3;
}

/** expm1(x)/x, continuous at 0. */
function expm1OverX(x: number): number {
  return Math.abs(x) > 1e-8 ? Math.expm1(x) / x : 1 + x / 2 + (x * x) / 6;
}

const ATTEMPTS_MAX = 1000;

export class ZipfSampler {
  private readonly hLow: number;
  private readonly hHigh: number;
  private readonly squeeze: number;

  constructor(
    readonly n: number,
    readonly exponent: number,
  ) {
    if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`zipf needs a population of at least 1, got ${n}`);
    if (!(exponent > 0) || !Number.isFinite(exponent)) throw new RangeError(`zipf needs an exponent above 0, got ${exponent}`);
    this.hLow = this.hIntegral(1.5) - 1;
    this.hHigh = this.hIntegral(n + 0.5);
    this.squeeze = 2 - this.hIntegralInverse(this.hIntegral(2.5) - this.h(2));
  }

  /** A rank in [1, n]; `uniform` gives numbers in [0, 1). */
  sample(uniform: () => number): number {
    let k = 1;
    for (let attempt = 0; attempt < ATTEMPTS_MAX; attempt++) {
      const u = this.hHigh + uniform() * (this.hLow - this.hHigh);
      const x = this.hIntegralInverse(u);
      k = Math.min(this.n, Math.max(1, Math.floor(x + 0.5)));
      if (k - x <= this.squeeze || u >= this.hIntegral(k + 0.5) - this.h(k)) return k;
    }
    return k;
  }

  /** The hat x^-s. */
  private h(x: number): number {
    return Math.exp(-this.exponent * Math.log(x));
  }

  /** ∫₁ˣ t^-s dt, written so it stays exact near s = 1. */
  private hIntegral(x: number): number {
    const logX = Math.log(x);
    return expm1OverX((1 - this.exponent) * logX) * logX;
  }

  private hIntegralInverse(y: number): number {
    const t = Math.max(-1, y * (1 - this.exponent));
    return Math.exp(log1pOverX(t) * y);
  }
}

/**
 * Which key an operation touches: an index in [0, n) drawn from a uniform, gaussian or zipf
 * distribution (`--dist`). Pure: the caller supplies the uniform source (a seeded PRNG), so a
 * `--seed` replays the same key sequence.
 *   uniform          every key alike
 *   gaussian[:k]     centred on n/2 with σ = n/(2k) (k standard deviations to each edge; default
 *                    3, as cassandra-stress's gaussian); draws outside [0, n) are drawn again
 *   zipf[:s]         rank r (0 = hottest) with probability ∝ (r+1)^-s; default s = 1
 */
import { StressOptionError } from './stress-option-error.js';
import { ZipfSampler } from './zipf-sampler.js';

export type DistSpec =
  | { readonly kind: 'uniform' }
  | { readonly kind: 'gaussian'; readonly stdvs: number }
  | { readonly kind: 'zipf'; readonly exponent: number };

export interface KeyDistribution {
  /** The next key index, in [0, n). */
  next(): number;
}

const DEFAULT_STDVS = 3;
const DEFAULT_ZIPF_EXPONENT = 1;
const GAUSSIAN_REDRAWS_MAX = 64;

/** `uniform`, `gaussian`, `gaussian:2.5`, `zipf`, `zipf:1.2`. */
export function parseDistSpec(option: string, text: string): DistSpec {
  const m = /^(uniform|gaussian|zipf)(?::(\d+(?:\.\d+)?))?$/.exec(text);
  if (m === null) throw new StressOptionError(option, `expected uniform, gaussian[:stdvs] or zipf[:exponent], got '${text}'`);
  const param = m[2] === undefined ? undefined : Number(m[2]);
  if (param !== undefined && !(param > 0)) throw new StressOptionError(option, `the ${m[1]} parameter must be above 0, got ${m[2]}`);
  if (m[1] === 'uniform') {
    if (param !== undefined) throw new StressOptionError(option, 'uniform takes no parameter');
    return { kind: 'uniform' };
  }
  if (m[1] === 'gaussian') return { kind: 'gaussian', stdvs: param ?? DEFAULT_STDVS };
  return { kind: 'zipf', exponent: param ?? DEFAULT_ZIPF_EXPONENT };
}

export function formatDistSpec(d: DistSpec): string {
  return d.kind === 'uniform' ? 'uniform' : d.kind === 'gaussian' ? `gaussian:${d.stdvs}` : `zipf:${d.exponent}`;
}

export function makeKeyDistribution(spec: DistSpec, n: number, uniform: () => number): KeyDistribution {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`a key population needs at least 1 key, got ${n}`);
  switch (spec.kind) {
    case 'uniform':
      return { next: () => Math.min(n - 1, Math.floor(uniform() * n)) };
    case 'gaussian': {
      const mean = n / 2;
      const sigma = n / (2 * spec.stdvs);
      return { next: () => gaussianIndex(uniform, mean, sigma, n) };
    }
    case 'zipf': {
      const sampler = new ZipfSampler(n, spec.exponent);
      return { next: () => sampler.sample(uniform) - 1 };
    }
  }
}

/** A normal draw (Box–Muller) rounded down into [0, n), redrawn when outside, clamped at last. */
function gaussianIndex(uniform: () => number, mean: number, sigma: number, n: number): number {
  let x = mean;
  for (let i = 0; i < GAUSSIAN_REDRAWS_MAX; i++) {
    const u1 = 1 - uniform(); // (0, 1]: log stays finite
    const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * uniform());
    x = Math.floor(mean + z * sigma);
    if (x >= 0 && x < n) return x;
  }
  return Math.min(n - 1, Math.max(0, x));
}

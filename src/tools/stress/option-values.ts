/**
 * The value grammars of `ilium stress`'s options, pure and separately testable:
 *   integer      decimal digits, within the option's bounds (`1_000` and `1e3` are refused)
 *   duration     NUMBER[ms|s|m|h], a bare number meaning seconds: `30s`, `1.5m`, `500ms`
 *   count-or-time  an integer (operations) or a duration with its unit (`1000`, `5s`)
 *   ratio        name=weight[,name=weight…] over known names: `write=1,read=3`
 * Each parser throws a `StressOptionError` naming the option.
 */
import { StressOptionError } from './stress-option-error.js';

export function parseInteger(option: string, text: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!/^\d+$/.test(text)) throw new StressOptionError(option, `expected a whole number, got '${text}'`);
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new StressOptionError(option, `must be between ${min} and ${max}, got ${text}`);
  }
  return n;
}

export function parseNumber(option: string, text: string, minExclusive: number): number {
  const n = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(n) || n <= minExclusive) throw new StressOptionError(option, `expected a number above ${minExclusive}, got '${text}'`);
  return n;
}

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Milliseconds; `requireUnit` when a bare number would mean something else (a count). */
export function parseDurationMs(option: string, text: string, requireUnit = false): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text);
  if (m === null || (requireUnit && m[2] === undefined)) {
    throw new StressOptionError(option, `expected a duration such as 30s, 500ms, 2m or 1h, got '${text}'`);
  }
  const ms = Number(m[1]) * UNIT_MS[m[2] ?? 's']!;
  if (!(ms > 0) || !Number.isFinite(ms)) throw new StressOptionError(option, `must be a positive duration, got '${text}'`);
  return ms;
}

export type CountOrTime = { readonly kind: 'ops'; readonly ops: number } | { readonly kind: 'time'; readonly ms: number };

/** `1000` (operations, 0 allowed: none) or `5s` (a duration). */
export function parseCountOrTime(option: string, text: string): CountOrTime {
  if (/^\d+$/.test(text)) return { kind: 'ops', ops: parseInteger(option, text, 0) };
  if (/^\d+(\.\d+)?(ms|s|m|h)$/.test(text)) return { kind: 'time', ms: parseDurationMs(option, text, true) };
  throw new StressOptionError(option, `expected a number of operations (1000) or a duration (5s), got '${text}'`);
}

/** Weights per name (every known name present, 0 when not given); at least one weight above 0. */
export function parseRatio<N extends string>(option: string, text: string, names: readonly N[]): Record<N, number> {
  const out = Object.fromEntries(names.map((n) => [n, 0])) as Record<N, number>;
  const seen = new Set<string>();
  for (const part of text.split(',')) {
    const m = /^([a-z]+)=(\d+(?:\.\d+)?)$/.exec(part.trim());
    if (m === null) throw new StressOptionError(option, `expected name=weight pairs such as ${names.map((n, i) => `${n}=${i + 1}`).join(',')}, got '${text}'`);
    const name = m[1]!;
    if (!(names as readonly string[]).includes(name)) throw new StressOptionError(option, `unknown operation '${name}' (known: ${names.join(', ')})`);
    if (seen.has(name)) throw new StressOptionError(option, `'${name}' given twice`);
    seen.add(name);
    out[name as N] = Number(m[2]);
  }
  if (names.every((n) => out[n] === 0)) throw new StressOptionError(option, 'needs at least one weight above 0');
  return out;
}

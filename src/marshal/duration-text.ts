/**
 * The text forms of CQL durations, as Cassandra's Duration.from / toString define them:
 *   '1y2mo3w4d5h6m7s8ms9us10ns' (units in this order, each at most once, 'µs' for 'us' too),
 *   ISO 8601 'P1Y2M3DT4H5M6S', 'P2W', and the alternative 'P0001-02-03T04:05:06';
 * any of them may start with '-'.
 */
import { MarshalError } from '../errors/index.js';

export interface DurationValue {
  months: number;
  days: number;
  nanoseconds: bigint;
}

const NS = { h: 3_600_000_000_000n, m: 60_000_000_000n, s: 1_000_000_000n, ms: 1_000_000n, us: 1000n, ns: 1n };
// [unit, field, multiplier]; the index is the order units must appear in.
const UNITS: ReadonlyArray<readonly [string, 'months' | 'days' | 'nanoseconds', bigint]> = [
  ['y', 'months', 12n], ['mo', 'months', 1n], ['w', 'days', 7n], ['d', 'days', 1n],
  ['h', 'nanoseconds', NS.h], ['m', 'nanoseconds', NS.m], ['s', 'nanoseconds', NS.s],
  ['ms', 'nanoseconds', NS.ms], ['us', 'nanoseconds', NS.us], ['ns', 'nanoseconds', NS.ns],
];
const ISO = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;
const ISO_WEEK = /^P(\d+)W$/;
const ISO_ALT = /^P(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;
const INT32_MAX = 2n ** 31n - 1n;
const INT64_MAX = 2n ** 63n - 1n;

export function parseDuration(input: string): DurationValue {
  const negative = input.startsWith('-');
  const s = negative ? input.slice(1) : input;
  const amounts: Array<[number, bigint]> = s.startsWith('P') ? parseIso(s, input) : parseStandard(s, input);
  const total = { months: 0n, days: 0n, nanoseconds: 0n };
  for (const [unit, n] of amounts) {
    const [, field, mul] = UNITS[unit]!;
    total[field] += n * mul;
    if (total[field] > (field === 'nanoseconds' ? INT64_MAX : INT32_MAX)) {
      throw new MarshalError(`invalid duration '${input}': too many ${field}`);
    }
  }
  const sign = negative ? -1n : 1n;
  return { months: Number(sign * total.months), days: Number(sign * total.days), nanoseconds: sign * total.nanoseconds };
}

function parseStandard(s: string, input: string): Array<[number, bigint]> {
  const out: Array<[number, bigint]> = [];
  // Sticky, so each part must start where the last ended; a fresh regex per call (it holds state).
  const part = /(\d+)(mo|ms|us|µs|ns|y|w|d|h|m|s)/iy;
  let last = -1;
  while (part.lastIndex < s.length) {
    const m = part.exec(s);
    if (m === null) break;
    const symbol = m[2]!.toLowerCase().replace('µs', 'us');
    const unit = UNITS.findIndex(([u]) => u === symbol);
    if (unit <= last) throw new MarshalError(`invalid duration '${input}': units out of order or repeated`);
    last = unit;
    out.push([unit, BigInt(m[1]!)]);
  }
  if (out.length === 0 || part.lastIndex !== s.length) {
    throw new MarshalError(`unable to convert '${input}' to a duration`);
  }
  return out;
}

function parseIso(s: string, input: string): Array<[number, bigint]> {
  const week = ISO_WEEK.exec(s);
  if (week) return [[2, BigInt(week[1]!)]];
  // Units: y, mo, d, h, m, s — indexes into UNITS.
  const idx = [0, 1, 3, 4, 5, 6];
  const m = ISO_ALT.exec(s) ?? ISO.exec(s);
  if (m === null) throw new MarshalError(`unable to convert '${input}' to a duration`);
  const out: Array<[number, bigint]> = [];
  for (let g = 1; g <= 6; g++) if (m[g] !== undefined) out.push([idx[g - 1]!, BigInt(m[g]!)]);
  return out;
}

/** Cassandra's Duration.toString, except that the zero duration prints '0s' (Cassandra prints ''). */
export function formatDuration(v: DurationValue): string {
  let out = v.months < 0 || v.days < 0 || v.nanoseconds < 0n ? '-' : '';
  const months = BigInt(Math.abs(v.months));
  const days = BigInt(Math.abs(v.days));
  let nanos = v.nanoseconds < 0n ? -v.nanoseconds : v.nanoseconds;
  if (months >= 12n) out += `${months / 12n}y`;
  if (months % 12n !== 0n) out += `${months % 12n}mo`;
  if (days !== 0n) out += `${days}d`;
  for (const [unit, size] of Object.entries(NS)) {
    if (nanos >= size) {
      out += `${nanos / size}${unit}`;
      nanos %= size;
    }
  }
  return out === '' || out === '-' ? '0s' : out;
}

/**
 * The time types' values as numbers, and conversions between them, for the time functions, casts
 * and date arithmetic:
 *   timestamp  signed milliseconds since 1970-01-01T00:00Z (8 bytes)
 *   date       days since 1970-01-01, stored unsigned with the epoch at 2^31 (4 bytes)
 *   time       nanoseconds since midnight (8 bytes)
 *   timeuuid   its 60-bit timestamp, read as the millisecond it falls in
 * Values outside a type's range are RangeErrors (a function turns them into
 * FunctionExecutionError).
 */
import { encodeLong } from '../../marshal/long-type.js';
import { timeUuidTimestamp100ns, timestampToUnixMs } from '../../marshal/timeuuid.js';

export const MS_PER_DAY = 86_400_000n;
const DATE_EPOCH = 2n ** 31n;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

export function timestampMs(b: Buffer): bigint {
  return b.readBigInt64BE(0);
}

export function timestampValue(ms: bigint): Buffer {
  if (ms < INT64_MIN || ms > INT64_MAX) throw new RangeError(`timestamp ${ms} ms is out of range`);
  return encodeLong(ms);
}

/** Signed days since the epoch. */
export function dateDays(b: Buffer): bigint {
  return BigInt(b.readUInt32BE(0)) - DATE_EPOCH;
}

export function dateValue(days: bigint): Buffer {
  const raw = days + DATE_EPOCH;
  if (raw < 0n || raw >= 2n ** 32n) throw new RangeError(`day ${days} (from the epoch) is outside the range of the date type`);
  const out = Buffer.alloc(4);
  out.writeUInt32BE(Number(raw), 0);
  return out;
}

/** The day a millisecond falls in (rounding toward -∞). */
export function msToDays(ms: bigint): bigint {
  const q = ms / MS_PER_DAY;
  return ms < 0n && q * MS_PER_DAY !== ms ? q - 1n : q;
}

/** The millisecond a timeuuid was made in. */
export function timeUuidMs(b: Buffer): bigint {
  return timestampToUnixMs(timeUuidTimestamp100ns(b));
}

/** Nanoseconds since midnight (UTC) of a millisecond instant: a time value. */
export function timeOfDayValue(ms: bigint): Buffer {
  return encodeLong((ms - msToDays(ms) * MS_PER_DAY) * 1_000_000n);
}

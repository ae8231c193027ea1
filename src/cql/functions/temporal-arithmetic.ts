/**
 * timestamp ± duration and date ± duration, as Cassandra computes them (Duration.addTo, a UTC
 * calendar): months first (the day of month clamped to the new month's length: 2016-01-31 + 1mo
 * = 2016-02-29), then days, then the nanoseconds' whole milliseconds. A duration without months
 * is plain arithmetic on the instant.
 *
 * Precision rules: a timestamp takes durations with whole milliseconds only ("The duration must
 * have a millisecond precision. Was: 10us"), a date whole days only ("… a day precision. Was:
 * 10m"). Those and out-of-range results are RangeErrors.
 */
import { civilFromDays, daysFromCivil } from '../../marshal/civil-time.js';
import type { DurationValue } from '../../marshal/duration-text.js';
import { formatDuration } from '../../marshal/duration-text.js';
import { MS_PER_DAY, dateDays, dateValue, msToDays, timestampMs, timestampValue } from './temporal-values.js';

export type TemporalKind = 'timestamp' | 'date';

/** `temporal` (bytes of `kind`) plus `sign` × `duration`. */
export function addDuration(kind: TemporalKind, temporal: Buffer, duration: DurationValue, sign: 1 | -1): Buffer {
  if (kind === 'timestamp' && duration.nanoseconds % 1_000_000n !== 0n) {
    throw new RangeError(`The duration must have a millisecond precision. Was: ${formatDuration(duration)}`);
  }
  if (kind === 'date' && duration.nanoseconds !== 0n) {
    throw new RangeError(`The duration must have a day precision. Was: ${formatDuration(duration)}`);
  }
  const ms = kind === 'timestamp' ? timestampMs(temporal) : dateDays(temporal) * MS_PER_DAY;
  const s = BigInt(sign);
  const result = addToMillis(ms, sign * duration.months, sign * duration.days, s * duration.nanoseconds);
  return kind === 'timestamp' ? timestampValue(result) : dateValue(msToDays(result));
}

function addToMillis(ms: bigint, months: number, days: number, nanos: bigint): bigint {
  const extraMs = nanos / 1_000_000n;
  if (months === 0) return ms + BigInt(days) * MS_PER_DAY + extraMs;
  const day = msToDays(ms);
  const msOfDay = ms - day * MS_PER_DAY;
  const { y, m, d } = civilFromDays(Number(day));
  const monthIndex = y * 12 + (m - 1) + months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12 + 1;
  const monthLength = daysFromCivil(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1) - daysFromCivil(year, month, 1);
  const newDay = daysFromCivil(year, month, Math.min(d, monthLength)) + days;
  return BigInt(newDay) * MS_PER_DAY + msOfDay + extraMs;
}

/**
 * Proleptic Gregorian calendar arithmetic and the ISO-like text of dates and timestamps, in UTC.
 * (Java's SimpleDateFormat switches to the Julian calendar before 1582; we do not, like java.time.)
 */
import { MarshalError } from '../errors/index.js';

export const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 → year, month (1-12), day (1-31). Exact for any safe-integer day count. */
export function civilFromDays(days: number): { y: number; m: number; d: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d };
}

/** Year, month (1-12), day → days since 1970-01-01. */
export function daysFromCivil(year: number, m: number, d: number): number {
  const y = m <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(m) ? 30 : 31;
}

/** ISO years: four digits for 0..9999, a '+' above, a '-' below zero. */
export function formatYear(y: number): string {
  if (y < 0) return '-' + String(-y).padStart(4, '0');
  return y > 9999 ? '+' + String(y) : String(y).padStart(4, '0');
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** 'yyyy-MM-dd' of a day count since the epoch. */
export function formatDays(days: number): string {
  const { y, m, d } = civilFromDays(days);
  return `${formatYear(y)}-${pad2(m)}-${pad2(d)}`;
}

/** 'yyyy-MM-ddTHH:mm:ss.SSSZ' (Cassandra's UTC timestamp format) of epoch milliseconds. */
export function formatTimestamp(ms: bigint): string {
  const day = ms >= 0n ? ms / 86_400_000n : -((-ms + 86_399_999n) / 86_400_000n);
  const msOfDay = Number(ms - day * 86_400_000n);
  const hh = Math.floor(msOfDay / 3_600_000);
  const mm = Math.floor(msOfDay / 60_000) % 60;
  const ss = Math.floor(msOfDay / 1000) % 60;
  const sss = String(msOfDay % 1000).padStart(3, '0');
  return `${formatDays(Number(day))}T${pad2(hh)}:${pad2(mm)}:${pad2(ss)}.${sss}Z`;
}

const DATE_TEXT = /^([+-]?\d{4,})-(\d{2})-(\d{2})$/;

/** 'yyyy-MM-dd' (year may have a sign and more digits) → days since the epoch. */
export function parseDateText(s: string, typeName: string): number {
  const m = DATE_TEXT.exec(s);
  if (m === null) throw new MarshalError(`${typeName}: unable to coerce '${s}' to a date (yyyy-MM-dd)`);
  return checkedDays(Number(m[1]), Number(m[2]), Number(m[3]), s, typeName);
}

function checkedDays(y: number, mo: number, d: number, s: string, typeName: string): number {
  if (!Number.isSafeInteger(y) || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) {
    throw new MarshalError(`${typeName}: '${s}' is not a valid date`);
  }
  return daysFromCivil(y, mo, d);
}

// Date, optional time (T or space; seconds and 1-3 fraction digits optional), optional zone.
const TIMESTAMP_TEXT =
  /^([+-]?\d{4,})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * Cassandra's timestamp text forms → epoch milliseconds: 'yyyy-MM-dd', then optionally 'HH:mm',
 * ':ss', '.SSS', and a zone ('Z', 'UTC', 'GMT', '+hh', '+hhmm', '+hh:mm'). Without a zone the
 * time is UTC (Cassandra uses the server's zone; a fixed zone keeps every node agreeing).
 */
export function parseTimestampText(s: string, typeName: string): bigint {
  const m = TIMESTAMP_TEXT.exec(s);
  if (m === null) throw new MarshalError(`${typeName}: unable to parse a date/time from '${s}'`);
  const days = checkedDays(Number(m[1]), Number(m[2]), Number(m[3]), s, typeName);
  const hh = Number(m[4] ?? 0);
  const mi = Number(m[5] ?? 0);
  const ss = Number(m[6] ?? 0);
  if (hh > 23 || mi > 59 || ss > 59) throw new MarshalError(`${typeName}: '${s}' is not a valid time of day`);
  const frac = Number((m[7] ?? '').padEnd(3, '0'));
  const msOfDay = ((hh * 60 + mi) * 60 + ss) * 1000 + frac;
  return BigInt(days) * 86_400_000n + BigInt(msOfDay) - BigInt(zoneOffsetMs(m[8] ?? 'Z', s, typeName));
}

function zoneOffsetMs(zone: string, s: string, typeName: string): number {
  if (zone === 'Z' || zone === 'UTC' || zone === 'GMT') return 0;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
  if (hours > 18 || minutes > 59) throw new MarshalError(`${typeName}: bad zone offset in '${s}'`);
  return (zone[0] === '-' ? -1 : 1) * (hours * 60 + minutes) * 60_000;
}

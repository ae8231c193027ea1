/**
 * TimestampType (CQL timestamp): 8-byte signed milliseconds since the Unix epoch, ordered as
 * signed. Printed as Cassandra does, in UTC: '2011-02-03T04:05:00.000Z'; parsed from that,
 * from other ISO-like forms (civil-time.ts) or from a millisecond count. Empty values are allowed
 * and sort first. The JS value is a Date (MarshalError beyond a Date's ±8.64e15 ms range).
 */
import { MarshalError } from '../errors/index.js';
import { flipSignBits } from './byte-comparable.js';
import { formatTimestamp, parseTimestampText } from './civil-time.js';
import { FixedLengthType } from './fixed-length-type.js';
import { INT64_MAX, INT64_MIN, describe, parseIntegerText } from './integer-text.js';
import { encodeLong } from './long-type.js';

const MS_TEXT = /^-?\d+$/;
const MAX_DATE_MS = 8.64e15;

export class TimestampType extends FixedLengthType<Date | null> {
  readonly name: string = 'TimestampType';
  readonly cqlName = 'timestamp';
  readonly fixedLength = 8;
  readonly allowsEmpty = true;
  protected readonly what = 'a timestamp';

  protected compareValues(a: Buffer, b: Buffer): number {
    const x = a.readBigInt64BE(0);
    const y = b.readBigInt64BE(0);
    return x < y ? -1 : x > y ? 1 : 0;
  }

  protected toUnsignedOrder(bytes: Buffer): Buffer {
    return flipSignBits(bytes);
  }

  protected fromUnsignedOrder(ordered: Buffer): Buffer {
    return flipSignBits(ordered);
  }

  protected format(bytes: Buffer): string {
    return formatTimestamp(bytes.readBigInt64BE(0));
  }

  /** A millisecond count, or a date/time text. ('now' needs a clock: callers resolve it.) */
  protected parse(s: string): Buffer {
    if (MS_TEXT.test(s)) return encodeLong(parseIntegerText(s, INT64_MIN, INT64_MAX, this.name));
    const ms = parseTimestampText(s, this.name);
    if (ms < INT64_MIN || ms > INT64_MAX) throw new MarshalError(`${this.name}: '${s}' is out of range`);
    return encodeLong(ms);
  }

  protected composeValue(bytes: Buffer): Date {
    const ms = bytes.readBigInt64BE(0);
    if (ms < -MAX_DATE_MS || ms > MAX_DATE_MS) {
      throw new MarshalError(`${this.name}: ${ms} ms is beyond what a JS Date can hold`);
    }
    return new Date(Number(ms));
  }

  protected decomposeValue(value: Date): Buffer {
    if (!(value instanceof Date)) throw new MarshalError(`${this.name}: expected a Date, got ${describe(value)}`);
    const ms = value.getTime();
    if (Number.isNaN(ms)) throw new MarshalError(`${this.name}: invalid Date`);
    return encodeLong(BigInt(ms));
  }
}

export const TIMESTAMP_TYPE = new TimestampType();

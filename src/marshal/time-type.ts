/**
 * TimeType (CQL time): nanoseconds since midnight as an 8-byte signed long, ordered as signed.
 * Printed 'HH:mm:ss.nnnnnnnnn' as Cassandra does; parsed from 'hh:mm:ss[.fffffffff]' or a raw
 * nanosecond count. No empty value. Validation also rejects counts outside [0, 24h), which
 * Cassandra cannot print either. The JS value is a bigint of nanoseconds.
 */
import { MarshalError } from '../errors/index.js';
import { flipSignBits } from './byte-comparable.js';
import { FixedLengthType } from './fixed-length-type.js';
import { checkBigIntValue, parseIntegerText } from './integer-text.js';
import { encodeLong } from './long-type.js';

const NANOS_PER_DAY = 86_400_000_000_000n;
const RAW_TEXT = /^-?\d+$/;
const TIME_TEXT = /^\s*(\d+):(\d+):(\d+)(?:\.(\d{1,9}))?\s*$/;

export class TimeType extends FixedLengthType<bigint> {
  readonly name = 'TimeType';
  readonly cqlName = 'time';
  readonly fixedLength = 8;
  readonly allowsEmpty = false;
  protected readonly what = 'a time';

  protected compareValues(a: Buffer, b: Buffer): number {
    const x = a.readBigInt64BE(0);
    const y = b.readBigInt64BE(0);
    return x < y ? -1 : x > y ? 1 : 0;
  }

  protected override validateValue(bytes: Buffer): void {
    super.validateValue(bytes);
    const v = bytes.readBigInt64BE(0);
    if (v < 0n || v >= NANOS_PER_DAY) throw new MarshalError(`${this.name}: ${v} ns is not a time of day`);
  }

  protected toUnsignedOrder(bytes: Buffer): Buffer {
    return flipSignBits(bytes);
  }

  protected fromUnsignedOrder(ordered: Buffer): Buffer {
    return flipSignBits(ordered);
  }

  protected format(bytes: Buffer): string {
    const v = bytes.readBigInt64BE(0);
    const nanos = String(v % 1_000_000_000n).padStart(9, '0');
    const secs = Number(v / 1_000_000_000n);
    const p2 = (n: number): string => String(n).padStart(2, '0');
    return `${p2(Math.floor(secs / 3600))}:${p2(Math.floor(secs / 60) % 60)}:${p2(secs % 60)}.${nanos}`;
  }

  protected parse(s: string): Buffer {
    if (RAW_TEXT.test(s)) return encodeLong(parseIntegerText(s, 0n, NANOS_PER_DAY - 1n, this.name));
    const m = TIME_TEXT.exec(s);
    if (m === null) throw new MarshalError(`${this.name}: unable to coerce '${s}' to a time (hh:mm:ss[.fffffffff])`);
    const [h, mi, sec] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (h > 23 || mi > 59 || sec > 59) throw new MarshalError(`${this.name}: '${s}' is out of bounds`);
    const nanos = BigInt((m[4] ?? '').padEnd(9, '0'));
    return encodeLong(BigInt((h * 60 + mi) * 60 + sec) * 1_000_000_000n + nanos);
  }

  protected composeValue(bytes: Buffer): bigint {
    return bytes.readBigInt64BE(0);
  }

  protected decomposeValue(value: bigint): Buffer {
    return encodeLong(checkBigIntValue(value, 0n, NANOS_PER_DAY - 1n, this.name));
  }
}

export const TIME_TYPE = new TimeType();

/**
 * LongType (CQL bigint): an 8-byte big-endian two's complement integer, ordered as signed.
 * Empty values are allowed and sort first.
 */
import { MarshalError } from '../errors/index.js';
import { flipSignBits } from './byte-comparable.js';
import { FixedLengthType } from './fixed-length-type.js';
import { INT64_MAX, INT64_MIN, checkBigIntValue, parseIntegerText } from './integer-text.js';

export class LongType extends FixedLengthType<bigint | null> {
  readonly name: string = 'LongType';
  readonly cqlName: string | null = 'bigint';
  readonly fixedLength = 8;
  readonly allowsEmpty = true;
  protected readonly what: string = 'a bigint';

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
    return bytes.readBigInt64BE(0).toString();
  }

  protected parse(s: string): Buffer {
    return encodeLong(parseIntegerText(s, INT64_MIN, INT64_MAX, this.name));
  }

  protected composeValue(bytes: Buffer): bigint {
    return bytes.readBigInt64BE(0);
  }

  protected decomposeValue(value: bigint): Buffer {
    return encodeLong(checkBigIntValue(value, INT64_MIN, INT64_MAX, this.name));
  }
}

export function encodeLong(v: bigint): Buffer {
  if (v < INT64_MIN || v > INT64_MAX) throw new MarshalError(`${v} does not fit in 8 bytes`);
  const out = Buffer.allocUnsafe(8);
  out.writeBigInt64BE(v, 0);
  return out;
}

export const LONG_TYPE = new LongType();

/**
 * IntegerType (CQL varint): an arbitrary-precision two's complement big-endian integer. Any
 * length is valid, including non-minimal forms with redundant sign bytes, which compare equal to
 * the minimal form (Cassandra compares numerically). Empty values are allowed and sort first.
 */
import { MarshalError } from '../errors/index.js';
import { EMPTY_BUFFER, BaseType } from './base-type.js';
import { bigintToBytes, bytesToBigint, compareTwosComplement } from './bigint-bytes.js';
import { type ComparableInput, decodeVarintComparable, encodeVarintComparable } from './byte-comparable.js';
import { describe } from './integer-text.js';

const INTEGER_TEXT = /^[+-]?\d+$/;

export class IntegerType extends BaseType<bigint | null> {
  readonly name = 'IntegerType';
  readonly cqlName = 'varint';
  readonly fixedLength = null;
  readonly allowsEmpty = true;

  protected compareValues(a: Buffer, b: Buffer): number {
    return compareTwosComplement(a, b);
  }

  protected validateValue(_bytes: Buffer): void {
    // Every byte string is a valid varint.
  }

  toComparable(bytes: Buffer): Buffer {
    return bytes.length === 0 ? Buffer.from([0x00]) : encodeVarintComparable(bytes);
  }

  readComparable(input: ComparableInput): Buffer {
    return decodeVarintComparable(input) ?? EMPTY_BUFFER;
  }

  protected format(bytes: Buffer): string {
    return bytesToBigint(bytes).toString();
  }

  protected parse(s: string): Buffer {
    if (!INTEGER_TEXT.test(s)) throw new MarshalError(`${this.name}: unable to make an integer from '${s}'`);
    return bigintToBytes(BigInt(s));
  }

  protected composeValue(bytes: Buffer): bigint {
    return bytesToBigint(bytes);
  }

  protected decomposeValue(value: bigint): Buffer {
    if (typeof value === 'bigint') return bigintToBytes(value);
    if (typeof value === 'number' && Number.isSafeInteger(value)) return bigintToBytes(BigInt(value));
    throw new MarshalError(`${this.name}: expected a bigint, got ${describe(value)}`);
  }
}

export const INTEGER_TYPE = new IntegerType();

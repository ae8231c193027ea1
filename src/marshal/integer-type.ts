/**
 * IntegerType (CQL varint): an arbitrary-precision two's complement big-endian integer. Any
 * length is valid, including non-minimal forms with redundant sign bytes, which compare equal to
 * the minimal form (Cassandra compares numerically). Empty values are allowed and sort first.
 * The byte-comparable form keeps the width as written (Thrift 0.7 returned a column name
 * `00000001` as written): the minimal form, then the count of redundant sign bytes when there are
 * any (byte-comparable.ts, `integer`). Byte order refines compare: equal values of different
 * widths are distinct names, adjacent, narrowest first.
 */
import { MarshalError } from '../errors/index.js';
import { EMPTY_BUFFER, BaseType } from './base-type.js';
import { bigintToBytes, bytesToBigint, compareTwosComplement } from './bigint-bytes.js';
import { type ComparableInput, decodeVarintComparable, encodeVarintComparable } from './byte-comparable.js';
import { describe } from './integer-text.js';

const INTEGER_TEXT = /^[+-]?\d+$/;
/** Marks the count of redundant sign bytes after a varint's minimal form. On disk: never change. */
const WIDTH = 0x50;
/** More redundant sign bytes than any name can hold (names are at most 64 KiB): corrupt input. */
const REDUNDANT_BYTES_MAX = 1 << 24;

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
    if (bytes.length === 0) return Buffer.from([0x00]);
    const minimal = encodeVarintComparable(bytes);
    const redundant = redundantSignBytes(bytes);
    if (redundant === 0) return minimal;
    const out = Buffer.allocUnsafe(minimal.length + 5);
    minimal.copy(out, 0);
    out[minimal.length] = WIDTH;
    out.writeUInt32BE(redundant, minimal.length + 1);
    return out;
  }

  readComparable(input: ComparableInput): Buffer {
    const minimal = decodeVarintComparable(input);
    if (minimal === null) return EMPTY_BUFFER;
    if (input.peek() !== WIDTH) return minimal;
    input.u8();
    const redundant = input.bytes(4).readUInt32BE(0);
    if (redundant === 0 || redundant > REDUNDANT_BYTES_MAX) throw new MarshalError(`${this.name}: bad redundant sign byte count ${redundant} in byte-comparable bytes`);
    const out = Buffer.alloc(redundant + minimal.length, (minimal[0]! & 0x80) !== 0 ? 0xff : 0x00);
    minimal.copy(out, redundant);
    return out;
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

/** How many leading sign bytes `bytes` (non-empty) has beyond its minimal two's complement form. */
export function redundantSignBytes(bytes: Buffer): number {
  const pad = (bytes[0]! & 0x80) !== 0 ? 0xff : 0x00;
  let start = 0;
  while (start < bytes.length && bytes[start] === pad) start++;
  // The minimal form keeps one sign byte when the first significant byte reads with the other sign.
  const keepOne = start === bytes.length || (bytes[start]! & 0x80) !== (pad & 0x80);
  return keepOne ? start - 1 : start;
}

/**
 * Int32Type (CQL int): a 4-byte big-endian two's complement integer, ordered as signed.
 * Empty values are allowed and sort first.
 */
import { flipSignBits } from './byte-comparable.js';
import { FixedLengthType } from './fixed-length-type.js';
import { checkIntValue, parseIntegerText } from './integer-text.js';

const MIN = -(2 ** 31);
const MAX = 2 ** 31 - 1;

export class Int32Type extends FixedLengthType<number | null> {
  readonly name = 'Int32Type';
  readonly cqlName = 'int';
  readonly fixedLength = 4;
  readonly allowsEmpty = true;
  protected readonly what = 'an int';

  protected compareValues(a: Buffer, b: Buffer): number {
    return Math.sign(a.readInt32BE(0) - b.readInt32BE(0));
  }

  protected toUnsignedOrder(bytes: Buffer): Buffer {
    return flipSignBits(bytes);
  }

  protected fromUnsignedOrder(ordered: Buffer): Buffer {
    return flipSignBits(ordered);
  }

  protected format(bytes: Buffer): string {
    return String(bytes.readInt32BE(0));
  }

  protected parse(s: string): Buffer {
    return this.decomposeValue(Number(parseIntegerText(s, BigInt(MIN), BigInt(MAX), this.name)));
  }

  protected composeValue(bytes: Buffer): number {
    return bytes.readInt32BE(0);
  }

  protected decomposeValue(value: number): Buffer {
    const out = Buffer.allocUnsafe(4);
    out.writeInt32BE(checkIntValue(value, MIN, MAX, this.name), 0);
    return out;
  }
}

export const INT32_TYPE = new Int32Type();

/**
 * ShortType (CQL smallint): a 2-byte big-endian two's complement integer, ordered as signed.
 * Cassandra gives it no empty value: exactly 2 bytes.
 */
import { flipSignBits } from './byte-comparable.js';
import { FixedLengthType } from './fixed-length-type.js';
import { checkIntValue, parseIntegerText } from './integer-text.js';

export class ShortType extends FixedLengthType<number> {
  readonly name = 'ShortType';
  readonly cqlName = 'smallint';
  readonly fixedLength = 2;
  readonly allowsEmpty = false;
  protected readonly what = 'a smallint';

  protected compareValues(a: Buffer, b: Buffer): number {
    return Math.sign(a.readInt16BE(0) - b.readInt16BE(0));
  }

  protected toUnsignedOrder(bytes: Buffer): Buffer {
    return flipSignBits(bytes);
  }

  protected fromUnsignedOrder(ordered: Buffer): Buffer {
    return flipSignBits(ordered);
  }

  protected format(bytes: Buffer): string {
    return String(bytes.readInt16BE(0));
  }

  protected parse(s: string): Buffer {
    return this.decomposeValue(Number(parseIntegerText(s, -32768n, 32767n, this.name)));
  }

  protected composeValue(bytes: Buffer): number {
    return bytes.readInt16BE(0);
  }

  protected decomposeValue(value: number): Buffer {
    const out = Buffer.allocUnsafe(2);
    out.writeInt16BE(checkIntValue(value, -32768, 32767, this.name), 0);
    return out;
  }
}

export const SHORT_TYPE = new ShortType();

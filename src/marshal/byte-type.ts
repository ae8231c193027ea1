/**
 * ByteType (CQL tinyint): one two's complement byte, ordered as signed.
 * Cassandra gives it no empty value: exactly 1 byte.
 */
import { flipSignBits } from './byte-comparable.js';
import { FixedLengthType } from './fixed-length-type.js';
import { checkIntValue, parseIntegerText } from './integer-text.js';

export class ByteType extends FixedLengthType<number> {
  readonly name = 'ByteType';
  readonly cqlName = 'tinyint';
  readonly fixedLength = 1;
  readonly allowsEmpty = false;
  protected readonly what = 'a tinyint';

  protected compareValues(a: Buffer, b: Buffer): number {
    return Math.sign(a.readInt8(0) - b.readInt8(0));
  }

  protected toUnsignedOrder(bytes: Buffer): Buffer {
    return flipSignBits(bytes);
  }

  protected fromUnsignedOrder(ordered: Buffer): Buffer {
    return flipSignBits(ordered);
  }

  protected format(bytes: Buffer): string {
    return String(bytes.readInt8(0));
  }

  protected parse(s: string): Buffer {
    return this.decomposeValue(Number(parseIntegerText(s, -128n, 127n, this.name)));
  }

  protected composeValue(bytes: Buffer): number {
    return bytes.readInt8(0);
  }

  protected decomposeValue(value: number): Buffer {
    const out = Buffer.allocUnsafe(1);
    out.writeInt8(checkIntValue(value, -128, 127, this.name), 0);
    return out;
  }
}

export const BYTE_TYPE = new ByteType();

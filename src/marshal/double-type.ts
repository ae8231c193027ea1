/**
 * DoubleType (CQL double): an 8-byte IEEE 754 double, ordered as Java's Double.compare does
 * (-0.0 < 0.0; every NaN is equal to every other and greater than +Infinity). Printed as Java's
 * Double.toString. Empty values are allowed and sort first.
 */
import { MarshalError } from '../errors/index.js';
import { FixedLengthType } from './fixed-length-type.js';
import { describe } from './integer-text.js';
import {
  floatingFromUnsignedOrder,
  floatingToUnsignedOrder,
  formatJavaDouble,
  javaFloatingCompare,
  parseJavaFloatingText,
} from './java-number-format.js';

export class DoubleType extends FixedLengthType<number | null> {
  readonly name = 'DoubleType';
  readonly cqlName = 'double';
  readonly fixedLength = 8;
  readonly allowsEmpty = true;
  protected readonly what = 'a double';

  protected compareValues(a: Buffer, b: Buffer): number {
    return javaFloatingCompare(a.readDoubleBE(0), b.readDoubleBE(0));
  }

  /** NaNs collapse to the canonical NaN (they compare equal), so the encoding is canonical too. */
  protected toUnsignedOrder(bytes: Buffer): Buffer {
    return floatingToUnsignedOrder(bytes);
  }

  protected fromUnsignedOrder(ordered: Buffer): Buffer {
    return floatingFromUnsignedOrder(ordered);
  }

  protected format(bytes: Buffer): string {
    return formatJavaDouble(bytes.readDoubleBE(0));
  }

  protected parse(s: string): Buffer {
    return this.decomposeValue(parseJavaFloatingText(s, this.name));
  }

  protected composeValue(bytes: Buffer): number {
    return bytes.readDoubleBE(0);
  }

  protected decomposeValue(value: number): Buffer {
    if (typeof value !== 'number') throw new MarshalError(`${this.name}: expected a number, got ${describe(value)}`);
    const out = Buffer.allocUnsafe(8);
    out.writeDoubleBE(value, 0);
    return out;
  }
}

export const DOUBLE_TYPE = new DoubleType();

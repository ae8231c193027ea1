/**
 * FloatType (CQL float): a 4-byte IEEE 754 float, ordered as Java's Float.compare does
 * (-0.0 < 0.0; every NaN is equal to every other and greater than +Infinity). Printed as Java's
 * Float.toString. Empty values are allowed and sort first. JS numbers given to decompose/fromString
 * are rounded to the nearest float.
 */
import { MarshalError } from '../errors/index.js';
import { FixedLengthType } from './fixed-length-type.js';
import { describe } from './integer-text.js';
import {
  floatingFromUnsignedOrder,
  floatingToUnsignedOrder,
  formatJavaFloat,
  javaFloatingCompare,
  parseJavaFloatingText,
} from './java-number-format.js';

export class FloatType extends FixedLengthType<number | null> {
  readonly name = 'FloatType';
  readonly cqlName = 'float';
  readonly fixedLength = 4;
  readonly allowsEmpty = true;
  protected readonly what = 'a float';

  protected compareValues(a: Buffer, b: Buffer): number {
    return javaFloatingCompare(a.readFloatBE(0), b.readFloatBE(0));
  }

  /** NaNs collapse to the canonical NaN (they compare equal), so the encoding is canonical too. */
  protected toUnsignedOrder(bytes: Buffer): Buffer {
    return floatingToUnsignedOrder(bytes);
  }

  protected fromUnsignedOrder(ordered: Buffer): Buffer {
    return floatingFromUnsignedOrder(ordered);
  }

  protected format(bytes: Buffer): string {
    return formatJavaFloat(bytes.readFloatBE(0));
  }

  protected parse(s: string): Buffer {
    return this.decomposeValue(parseJavaFloatingText(s, this.name));
  }

  protected composeValue(bytes: Buffer): number {
    return bytes.readFloatBE(0);
  }

  protected decomposeValue(value: number): Buffer {
    if (typeof value !== 'number') throw new MarshalError(`${this.name}: expected a number, got ${describe(value)}`);
    const out = Buffer.allocUnsafe(4);
    out.writeFloatBE(value, 0);
    return out;
  }
}

export const FLOAT_TYPE = new FloatType();

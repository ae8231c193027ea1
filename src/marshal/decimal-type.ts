/**
 * DecimalType (CQL decimal): a 4-byte signed scale then a two's complement unscaled varint; the
 * value is unscaled × 10^-scale. Ordered numerically, so 1.0 and 1.00 compare equal (their bytes
 * differ; the byte-comparable form is scale-independent and decodes to the fewest digits).
 * Printed as Java's BigDecimal.toPlainString. Empty values are allowed and sort first.
 */
import { MarshalError } from '../errors/index.js';
import { EMPTY_BUFFER, BaseType } from './base-type.js';
import { bigintToBytes, bytesToBigint } from './bigint-bytes.js';
import type { ComparableInput } from './byte-comparable.js';
import { decodeDecimalComparable, encodeDecimalComparable, normalizeDecimal } from './decimal-comparable.js';
import { describe } from './integer-text.js';

export interface DecimalValue {
  unscaled: bigint;
  scale: number;
}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
// Beyond this many zeros, plain text would be absurdly long: print 'unscaledE±n' instead.
const PLAIN_ZEROS_LIMIT = 1000;

export class DecimalType extends BaseType<DecimalValue | null> {
  readonly name = 'DecimalType';
  readonly cqlName = 'decimal';
  readonly fixedLength = null;
  readonly allowsEmpty = true;

  protected compareValues(a: Buffer, b: Buffer): number {
    const x = normalizeDecimal(readDecimal(a));
    const y = normalizeDecimal(readDecimal(b));
    if (x.sign !== y.sign) return x.sign < y.sign ? -1 : 1;
    if (x.sign === 0) return 0;
    const c = x.exponent !== y.exponent ? (x.exponent < y.exponent ? -1 : 1) : x.digits < y.digits ? -1 : x.digits > y.digits ? 1 : 0;
    return c === 0 ? 0 : c * x.sign;
  }

  protected validateValue(bytes: Buffer): void {
    if (bytes.length < 5) throw new MarshalError(`${this.name}: expected 0 or at least 5 bytes (scale + unscaled), got ${bytes.length}`);
  }

  toComparable(bytes: Buffer): Buffer {
    if (bytes.length === 0) return Buffer.from([0x00]);
    this.validateValue(bytes);
    return encodeDecimalComparable(normalizeDecimal(readDecimal(bytes)));
  }

  readComparable(input: ComparableInput): Buffer {
    const v = decodeDecimalComparable(input);
    return v === null ? EMPTY_BUFFER : writeDecimal(v);
  }

  protected format(bytes: Buffer): string {
    const { unscaled, scale } = readDecimal(bytes);
    if (scale > PLAIN_ZEROS_LIMIT + unscaled.toString().length || scale < -PLAIN_ZEROS_LIMIT) {
      return `${unscaled}E${-scale >= 0 ? '+' : ''}${-scale}`;
    }
    return toPlainString(unscaled, scale);
  }

  protected parse(s: string): Buffer {
    const m = DECIMAL_TEXT.exec(s);
    const intPart = m?.[2] ?? '';
    const frac = m?.[3] ?? '';
    if (m === null || intPart + frac === '') throw new MarshalError(`${this.name}: unable to make a decimal from '${s}'`);
    const scale = frac.length - Number(m[4] ?? 0);
    if (!Number.isSafeInteger(scale) || scale < INT32_MIN || scale > INT32_MAX) {
      throw new MarshalError(`${this.name}: scale of '${s}' does not fit in 32 bits`);
    }
    return writeDecimal({ unscaled: BigInt(m[1]! + intPart + frac), scale });
  }

  protected composeValue(bytes: Buffer): DecimalValue {
    return readDecimal(bytes);
  }

  protected decomposeValue(value: DecimalValue): Buffer {
    const ok = typeof value === 'object' && typeof value.unscaled === 'bigint' && Number.isInteger(value.scale);
    if (!ok) throw new MarshalError(`${this.name}: expected {unscaled: bigint, scale: number}, got ${describe(value)}`);
    if (value.scale < INT32_MIN || value.scale > INT32_MAX) throw new MarshalError(`${this.name}: scale ${value.scale} is not an int32`);
    return writeDecimal(value);
  }
}

export function readDecimal(bytes: Buffer): DecimalValue {
  return { scale: bytes.readInt32BE(0), unscaled: bytesToBigint(bytes.subarray(4)) };
}

export function writeDecimal(v: DecimalValue): Buffer {
  const out = Buffer.concat([Buffer.alloc(4), bigintToBytes(v.unscaled)]);
  out.writeInt32BE(v.scale, 0);
  return out;
}

/** Java's BigDecimal.toPlainString: no exponent, trailing zeros as the scale says. */
function toPlainString(unscaled: bigint, scale: number): string {
  const sign = unscaled < 0n ? '-' : '';
  const digits = (unscaled < 0n ? -unscaled : unscaled).toString();
  if (scale <= 0) return unscaled === 0n ? '0' : sign + digits + '0'.repeat(-scale);
  const padded = digits.padStart(scale + 1, '0');
  return `${sign}${padded.slice(0, padded.length - scale)}.${padded.slice(padded.length - scale)}`;
}

export const DECIMAL_TYPE = new DecimalType();

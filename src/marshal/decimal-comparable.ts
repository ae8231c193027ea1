/**
 * The scale-independent byte-comparable form of decimals (grammar in byte-comparable.ts):
 * |v| = 0.d1 d2 … dn × 10^E with no leading or trailing zero digit, so every scale of one number
 * has one encoding: header, exponent as a comparable varint, digit pairs, 0x00; negatives inverted.
 */
import { MarshalError } from '../errors/index.js';
import { bigintToBytes, bytesToBigint } from './bigint-bytes.js';
import {
  type ComparableInput,
  EMPTY_COMPARABLE,
  decodeVarintComparable,
  encodeVarintComparable,
  invertBytes,
} from './byte-comparable.js';
import type { DecimalValue } from './decimal-type.js';

const NEGATIVE = 0x40;
const ZERO = 0x80;
const POSITIVE = 0xc0;
const INT32_MIN = -(2 ** 31);

/** A decimal as sign, exponent E and significant digits (no trailing zeros): ±0.digits × 10^E. */
export interface NormalDecimal {
  sign: -1 | 0 | 1;
  exponent: number;
  digits: string;
}

export function normalizeDecimal(v: DecimalValue): NormalDecimal {
  if (v.unscaled === 0n) return { sign: 0, exponent: 0, digits: '' };
  const all = (v.unscaled < 0n ? -v.unscaled : v.unscaled).toString();
  return { sign: v.unscaled < 0n ? -1 : 1, exponent: all.length - v.scale, digits: all.replace(/0+$/, '') };
}

export function encodeDecimalComparable(n: NormalDecimal): Buffer {
  if (n.sign === 0) return Buffer.from([ZERO]);
  const exp = encodeVarintComparable(bigintToBytes(BigInt(n.exponent)));
  const pairs = Buffer.allocUnsafe(Math.ceil(n.digits.length / 2) + 1);
  for (let i = 0; i < n.digits.length; i += 2) {
    const hi = n.digits.charCodeAt(i) - 48;
    const lo = i + 1 < n.digits.length ? n.digits.charCodeAt(i + 1) - 48 : 0;
    pairs[i / 2] = 1 + hi * 10 + lo;
  }
  pairs[pairs.length - 1] = 0x00;
  const body = Buffer.concat([exp, pairs]);
  return Buffer.concat([Buffer.from([n.sign < 0 ? NEGATIVE : POSITIVE]), n.sign < 0 ? invertBytes(body) : body]);
}

/** Reads one encoded decimal; null is the empty value. Decodes to the smallest scale possible. */
export function decodeDecimalComparable(input: ComparableInput): DecimalValue | null {
  const h = input.u8();
  if (h === EMPTY_COMPARABLE) return null;
  if (h === ZERO) return { unscaled: 0n, scale: 0 };
  if (h !== NEGATIVE && h !== POSITIVE) throw new MarshalError(`bad decimal header 0x${h.toString(16)} in byte-comparable bytes`);
  const body = h === NEGATIVE ? input.inverted() : input;
  const expBytes = decodeVarintComparable(body);
  if (expBytes === null) throw new MarshalError('empty decimal exponent in byte-comparable bytes');
  const exponent = Number(bytesToBigint(expBytes));
  let digits = '';
  for (let p = body.u8(); p !== 0x00; p = body.u8()) {
    if (p > 100) throw new MarshalError(`bad decimal digit pair 0x${p.toString(16)} in byte-comparable bytes`);
    digits += String(p - 1).padStart(2, '0');
  }
  digits = digits.replace(/0+$/, '');
  let unscaled = BigInt(digits) * (h === NEGATIVE ? -1n : 1n);
  let scale = digits.length - exponent;
  // Dropping trailing zeros lowers the scale; put zeros back where it would leave an int32.
  if (scale < INT32_MIN) {
    unscaled *= 10n ** BigInt(INT32_MIN - scale);
    scale = INT32_MIN;
  }
  return { unscaled, scale };
}

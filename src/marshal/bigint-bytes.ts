/**
 * Arbitrary-precision integers ↔ big-endian two's complement bytes, minimal as Java's
 * BigInteger.toByteArray writes them (zero is one 0x00 byte). Used by IntegerType and DecimalType.
 */

/** Minimal two's complement bytes of `v`. */
export function bigintToBytes(v: bigint): Buffer {
  // The smallest byte count whose signed range holds v: enough bits for v (or ~v when negative)
  // plus one sign bit.
  const magnitude = v < 0n ? ~v : v;
  const bits = magnitude === 0n ? 0 : magnitude.toString(2).length;
  const len = Math.floor(bits / 8) + 1;
  const unsigned = v < 0n ? (1n << BigInt(len * 8)) + v : v;
  return Buffer.from(unsigned.toString(16).padStart(len * 2, '0'), 'hex');
}

/** The integer that two's complement bytes `b` hold (any length ≥ 1; leading padding is fine). */
export function bytesToBigint(b: Uint8Array): bigint {
  if (b.length === 0) return 0n;
  const unsigned = BigInt('0x' + Buffer.from(b.buffer, b.byteOffset, b.length).toString('hex'));
  return (b[0]! & 0x80) !== 0 ? unsigned - (1n << BigInt(b.length * 8)) : unsigned;
}

/** Numeric comparison of two non-empty two's complement byte strings of any lengths. */
export function compareTwosComplement(a: Uint8Array, b: Uint8Array): number {
  const na = (a[0]! & 0x80) !== 0;
  const nb = (b[0]! & 0x80) !== 0;
  if (na !== nb) return na ? -1 : 1;
  const pad = na ? 0xff : 0x00;
  const sa = significantStart(a, pad);
  const sb = significantStart(b, pad);
  const la = a.length - sa;
  const lb = b.length - sb;
  // Same sign: more significant bytes means larger magnitude — larger if positive, smaller if negative.
  if (la !== lb) return (la > lb ? 1 : -1) * (na ? -1 : 1);
  for (let i = 0; i < la; i++) {
    const d = a[sa + i]! - b[sb + i]!;
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

function significantStart(b: Uint8Array, pad: number): number {
  let i = 0;
  while (i < b.length && b[i] === pad) i++;
  return i;
}

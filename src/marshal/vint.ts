/**
 * Cassandra's variable-length integers (VIntCoding), used inside DurationType values. Unlike
 * ByteWriter's LEB128, the length is in the first byte: n leading 1-bits mean n more bytes follow,
 * big-endian; a first byte of 0xFF means 8 more. Signed values are zig-zag encoded first.
 */
import { MarshalError } from '../errors/index.js';

const U64_MASK = (1n << 64n) - 1n;

/** Zig-zag signed vint of a 64-bit signed value. */
export function encodeSignedVInt(v: bigint): Buffer {
  return encodeUnsignedVInt(((v << 1n) ^ (v >> 63n)) & U64_MASK);
}

/** Unsigned vint of a value in [0, 2^64). */
export function encodeUnsignedVInt(v: bigint): Buffer {
  const bits = v === 0n ? 1 : v.toString(2).length;
  // n bytes hold 7n value bits for n <= 8; 9 bytes (first byte 0xFF) hold all 64.
  const size = bits <= 56 ? Math.max(1, Math.ceil(bits / 7)) : 9;
  const out = Buffer.alloc(size);
  let x = v;
  for (let i = size - 1; i >= 0; i--) {
    out[i] = Number(x & 0xffn);
    x >>= 8n;
  }
  out[0] = out[0]! | (~(0xff >> (size - 1)) & 0xff);
  return out;
}

/** Reads one unsigned vint at `pos`; returns the value and the position after it. */
export function decodeUnsignedVInt(b: Uint8Array, pos: number): { value: bigint; next: number } {
  if (pos >= b.length) throw new MarshalError(`vint truncated at offset ${pos}`);
  const first = b[pos]!;
  let extra = 0;
  while (extra < 8 && (first & (0x80 >> extra)) !== 0) extra++;
  if (pos + 1 + extra > b.length) throw new MarshalError(`vint truncated at offset ${pos}`);
  let value = BigInt(first & (0xff >> extra));
  for (let i = 1; i <= extra; i++) value = (value << 8n) | BigInt(b[pos + i]!);
  return { value, next: pos + 1 + extra };
}

/** Reads one zig-zag signed vint at `pos`. */
export function decodeSignedVInt(b: Uint8Array, pos: number): { value: bigint; next: number } {
  const { value, next } = decodeUnsignedVInt(b, pos);
  return { value: (value >> 1n) ^ -(value & 1n), next };
}

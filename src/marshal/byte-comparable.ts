/**
 * Byte-comparable encodings of every marshal type, and the helpers they share.
 *
 * ON-DISK FORMAT: cell names in memtables, SSTables and the commit log are built from these bytes.
 * Never change an encoding; add a new type instead.
 *
 * Contract, for every type and all valid serialized values a, b:
 *   sign(type.compare(a, b)) === sign(unsigned byte order of toComparable(a) vs toComparable(b))
 * and the encodings of one type form a PREFIX-FREE set: no encoding is a proper prefix of another.
 * Prefix-freedom is what lets cell-name.ts concatenate components: two different encodings differ
 * at a byte inside both of them, so what follows (a separator, the next component) can never decide
 * the order, and a reader finds the end of a component without a length. Inverting every byte keeps
 * a set prefix-free (the same positions differ) and reverses its order, which is all ReversedType
 * needs — including for bare encodings compared with nothing after them.
 *
 * Grammar (bytes are unsigned; ~x is x with every bit inverted):
 *
 *   fixed     = b[0] … b[N-1]                    types with no empty value (smallint, tinyint,
 *                                                date, time): the N transformed bytes
 *   fixedOpt  = 0x00                             the empty value, below every other value
 *             | 0x01 b[0] … b[N-1]               when b[0] <= 0x01
 *             | b[0] … b[N-1]                    when b[0] >= 0x02
 *     where b = the serialized bytes transformed into unsigned order:
 *       two's complement ints (bigint, int, counter, timestamp, smallint, tinyint, time): flip bit 7 of b[0]
 *       float, double: NaN → the canonical quiet NaN; then sign bit 0 → flip bit 7 of b[0], sign bit 1 → ~ all
 *       DateType, date (unsigned in Cassandra): unchanged
 *       LexicalUUIDType (java.util.UUID order, two signed longs): flip bit 7 of b[0] and b[8]
 *       TimeUUIDType: b[0..7] = time_hi_and_version, time_mid, time_low (timestamp first); b[8..15]
 *                     each with bit 7 flipped (Cassandra breaks timestamp ties byte by byte, signed)
 *       UUIDType: b[0..7] = version << 60 | (v1: 60-bit timestamp; else: the msb's other 60 bits in
 *                 order); b[8..15] unchanged (unsigned)
 *   boolean   = 0x00 (empty) | 0x01 (false) | 0x02 (true; any non-zero serialized byte)
 *   bytes     = token* 0x00                      blob, ascii, text, duration: byte-ordered types
 *     token   = 0x01 0x01 (a 0x00 byte) | 0x01 0x02 (a 0x01 byte) | b (a byte b >= 0x02)
 *   inet      = 0x00 (empty) | fixedOpt(bytes 0-3 as they are, not empty) ( 0x00 (IPv4) | 0x01 bytes 4-15 (IPv6) )
 *   varint    = 0x00                             the empty value
 *             | 0x40 ~u32be(L) T  |  (0x7F - L) T          v < 0, T = v's two's complement bytes
 *                                                          without leading 0xFF bytes, L = |T| (L <= 62
 *                                                          for the one-byte header form)
 *             | (0x80 + L) M      |  0xBF u32be(L) M       v >= 0, M = v's bytes without leading 0x00
 *   integer   = varint ( WIDTH u32be(P) )?       IntegerType alone (in a composite its width goes
 *                                                after the end: composite below; not decimal's exponent): P >= 1 sign
 *                                                bytes written beyond the minimal form, so a name
 *                                                reads back byte for byte (WIDTH = 0x50)
 *     Equal values of different widths sort together, minimal form first (before a following
 *     END 0x38 or NEXT 0x40, after a bound's AFTER 0x60), then by P. The minimal form is a prefix
 *     of the wider ones: the one exception to prefix-freedom, harmless because WIDTH is never a
 *     separator (0x20 0x30 0x38 0x3E 0x40 0x60, nor their inversions), so a reader peeks at the
 *     next byte, and two different values still differ inside both encodings. Varints written
 *     before WIDTH existed are minimal forms and read as before.
 *   decimal   = 0x00 (empty) | 0x40 ~(exp digits) (v < 0) | 0x80 (v = 0) | 0xC0 exp digits (v > 0)
 *     |v| = 0.d1 d2 … dn × 10^E with d1 != 0, dn != 0, so every scale of one number encodes alike
 *     exp     = the varint encoding of E (never empty)
 *     digits  = one byte 1 + 10·d(2i-1) + d(2i) per digit pair (an odd last digit paired with 0), then 0x00
 *   composite = 0x38                             no components
 *             | ( 0x40 component )+ end widths   each component in its own type's encoding (a
 *                                                varint in its minimal form; widths: value-comparable.ts)
 *     end     = 0x20 (end-of-component -1) | 0x38 (0) | 0x60 (+1)   — cell-name.ts's BEFORE/END/AFTER
 *   reversed  = ~ (the inner type's encoding)
 *   empty     = nothing (EmptyType has a single value)
 *   list, set = 0x00                             the empty value (no bytes), below every collection
 *             | ( 0x40 element )* 0x38           each element in its type's encoding; a set's in
 *                                                element order, once each, whatever the serialized
 *                                                order (the encoding is of the set, as compare is)
 *   map       = 0x00                             the empty value
 *             | ( 0x40 key 0x40 value )* 0x38    entries in key order, one per key (the last value wins)
 *   tuple     = 0x00                             the empty value (no bytes), below every other value
 *             | ( 0x40 component | 0x3E )* 0x38  tuple and UDT components in order, 0x3E for a null one
 *                                                (below any value); trailing nulls, like absent
 *                                                components, are omitted — (1) and (1, null) are equal
 */
import type { ByteReader } from '../util/byte-reader.js';
import { MarshalError } from '../errors/index.js';

/** The encoding of an empty value for every type that allows one (bytes, fixedOpt, varint, decimal). */
export const EMPTY_COMPARABLE = 0x00;

/** Markers of the list, set, map and tuple encodings (see the grammar above). */
export const SEQUENCE_NEXT = 0x40;
export const SEQUENCE_END = 0x38;
export const SEQUENCE_NULL = 0x3e;

/**
 * Reads encoded bytes, optionally through a bitwise inversion: ReversedType hands its inner type an
 * inverted view, so each type decodes its own encoding without knowing it was reversed.
 */
export class ComparableInput {
  constructor(
    readonly reader: ByteReader,
    readonly mask: number = 0,
  ) {}

  u8(): number {
    return this.reader.u8() ^ this.mask;
  }

  /** The next `n` bytes, de-inverted, as a fresh buffer the caller may keep. */
  bytes(n: number): Buffer {
    const src = this.reader.bytes(n);
    const out = Buffer.from(src);
    if (this.mask !== 0) for (let i = 0; i < n; i++) out[i] = out[i]! ^ this.mask;
    return out;
  }

  /** The next byte, de-inverted, without consuming it; -1 at the end of the input. */
  peek(): number {
    const r = this.reader;
    return r.remaining > 0 ? r.buf[r.pos]! ^ this.mask : -1;
  }

  /** The same position seen through one more inversion. */
  inverted(): ComparableInput {
    return new ComparableInput(this.reader, this.mask ^ 0xff);
  }
}

/** A copy of `b` with every bit inverted. */
export function invertBytes(b: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(b.length);
  for (let i = 0; i < b.length; i++) out[i] = ~b[i]! & 0xff;
  return out;
}

/** A copy of `b` with bit 7 flipped at each given offset (two's complement → unsigned order). */
export function flipSignBits(b: Uint8Array, offsets: readonly number[] = [0]): Buffer {
  const out = Buffer.from(b);
  for (const o of offsets) out[o] = out[o]! ^ 0x80;
  return out;
}

// ---------------------------------------------------------------------------------------------
// fixedOpt

/** Encodes already-transformed fixed-length bytes, or the empty value when `b` is null. */
export function encodeFixedOpt(b: Uint8Array | null): Buffer {
  if (b === null) return Buffer.from([EMPTY_COMPARABLE]);
  if (b[0]! <= 0x01) {
    const out = Buffer.allocUnsafe(b.length + 1);
    out[0] = 0x01;
    out.set(b, 1);
    return out;
  }
  return Buffer.from(b);
}

/** Decodes a fixedOpt encoding of `n` bytes; null means the empty value. */
export function decodeFixedOpt(input: ComparableInput, n: number): Buffer | null {
  const first = input.u8();
  if (first === EMPTY_COMPARABLE) return null;
  if (first === 0x01) return input.bytes(n);
  const out = Buffer.allocUnsafe(n);
  out[0] = first;
  if (n > 1) input.bytes(n - 1).copy(out, 1);
  return out;
}

// ---------------------------------------------------------------------------------------------
// bytes

/** Escapes 0x00 and 0x01 and terminates with 0x00 (see `bytes` in the grammar). */
export function encodeByteString(b: Uint8Array): Buffer {
  let extra = 0;
  for (let i = 0; i < b.length; i++) if (b[i]! <= 0x01) extra++;
  const out = Buffer.allocUnsafe(b.length + extra + 1);
  let p = 0;
  for (let i = 0; i < b.length; i++) {
    const x = b[i]!;
    if (x <= 0x01) {
      out[p++] = 0x01;
      out[p++] = x + 1;
    } else {
      out[p++] = x;
    }
  }
  out[p] = 0x00;
  return out;
}

/** Reads one `bytes` encoding back to the raw bytes. */
export function decodeByteString(input: ComparableInput): Buffer {
  // Fast path (no inversion, no escapes: most text): copy up to the terminator in one go.
  if (input.mask === 0) {
    const r = input.reader;
    const buf = r.buf;
    let i = r.pos;
    while (i < r.end && buf[i]! > 0x01) i++;
    if (i < r.end && buf[i] === 0x00) {
      const out = Buffer.from(buf.subarray(r.pos, i));
      r.pos = i + 1;
      return out;
    }
  }
  const parts: number[] = [];
  for (;;) {
    const x = input.u8();
    if (x === 0x00) return Buffer.from(parts);
    if (x === 0x01) {
      const e = input.u8();
      if (e !== 0x01 && e !== 0x02) throw new MarshalError(`bad escape 0x01 0x${hex2(e)} in byte-comparable bytes`);
      parts.push(e - 1);
    } else {
      parts.push(x);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// varint (also the exponent of decimal)

const SHORT_LEN_MAX = 62;

/**
 * Encodes a two's complement big-endian integer of any length (non-minimal forms welcome: leading
 * 0x00/0xFF bytes are sign padding and are dropped). `serialized` must be non-empty.
 */
export function encodeVarintComparable(serialized: Uint8Array): Buffer {
  const negative = (serialized[0]! & 0x80) !== 0;
  const pad = negative ? 0xff : 0x00;
  let start = 0;
  while (start < serialized.length && serialized[start] === pad) start++;
  const body = serialized.subarray(start);
  const len = body.length;
  const longForm = len > SHORT_LEN_MAX;
  const out = Buffer.allocUnsafe((longForm ? 5 : 1) + len);
  if (negative) {
    if (longForm) {
      out[0] = 0x40;
      out.writeUInt32BE(~len >>> 0, 1);
    } else {
      out[0] = 0x7f - len;
    }
  } else if (longForm) {
    out[0] = 0xbf;
    out.writeUInt32BE(len, 1);
  } else {
    out[0] = 0x80 + len;
  }
  out.set(body, longForm ? 5 : 1);
  return out;
}

/** Reads one varint encoding back to minimal two's complement bytes (null for the empty value). */
export function decodeVarintComparable(input: ComparableInput): Buffer | null {
  const h = input.u8();
  if (h === EMPTY_COMPARABLE) return null;
  let negative: boolean;
  let len: number;
  if (h === 0x40) {
    negative = true;
    len = ~readU32(input) >>> 0;
  } else if (h > 0x40 && h <= 0x7f) {
    negative = true;
    len = 0x7f - h;
  } else if (h >= 0x80 && h < 0xbf) {
    negative = false;
    len = h - 0x80;
  } else if (h === 0xbf) {
    negative = false;
    len = readU32(input);
  } else {
    throw new MarshalError(`bad varint header 0x${hex2(h)} in byte-comparable bytes`);
  }
  const body = input.bytes(len);
  // Put back one sign byte when the body alone would read with the wrong sign (or is empty).
  const needsPad = len === 0 || (negative ? body[0]! < 0x80 : body[0]! >= 0x80);
  if (!needsPad) return body;
  const out = Buffer.allocUnsafe(len + 1);
  out[0] = negative ? 0xff : 0x00;
  body.copy(out, 1);
  return out;
}

function readU32(input: ComparableInput): number {
  return input.bytes(4).readUInt32BE(0);
}

export function hex2(b: number): string {
  return b.toString(16).padStart(2, '0');
}

/**
 * Stored bytes → JS values on the embedded read path, without intermediate copies: names are read
 * straight out of a cell name's byte-comparable components, values straight out of the cell. What
 * was stored was validated on the way in, so text is not validated again here. Every value handed
 * out is a fresh string, number or a copied Buffer, never a view of engine memory (cells from
 * SSTables are views of the shared chunk cache).
 *
 * The results equal from-bytes.ts's `fromBytes(type, serialized)` (the reference path a wire
 * backend uses); cell-values.test.ts checks that for every type.
 */
import { isUtf8 } from 'node:buffer';
import type { AbstractType } from '../marshal/index.js';
import { ByteReader } from '../util/byte-reader.js';
import { fromBytes } from './from-bytes.js';
import type { Value } from './js-values.js';
import { baseTypeName } from './to-bytes.js';

/** A position in a cell name; a decoder moves it past the component it read. */
export interface NameCursor {
  buf: Buffer;
  pos: number;
}

/** Reads one byte-comparable component at the cursor to its JS value. */
export type ComponentDecoder = (at: NameCursor) => Value;

/** Decodes a serialized value to its JS value. */
export type ValueDecoder = (bytes: Buffer) => Value;

type TextKind = 'utf8' | 'bytes';

/** How names of `type` are read from their byte-comparable form; `raw` keeps BytesType names as bytes. */
export function componentDecoder(type: AbstractType, raw: boolean): ComponentDecoder {
  const kind = textKind(type, raw);
  const keepBytes = raw && baseTypeName(type) === 'BytesType';
  const general: ComponentDecoder = (at) => {
    const r = new ByteReader(at.buf, at.pos);
    const bytes = type.fromComparable(r);
    at.pos = r.pos;
    return keepBytes ? bytes : fromBytes(type, bytes);
  };
  if (kind === null) return general;
  return (at) => {
    // Unescaped text (no 0x00/0x01 bytes: nearly all of it) is the raw bytes up to the 0x00 terminator.
    const buf = at.buf;
    const start = at.pos;
    const end = buf.length;
    let high = 0;
    let i = start;
    for (; i < end; i++) {
      const b = buf[i]!;
      if (b <= 0x01) break;
      high |= b;
    }
    if (i >= end || buf[i] !== 0x00) return general(at);
    at.pos = i + 1;
    if (high < 0x80) return asciiText(buf, start, i);
    if (kind === 'utf8') return buf.toString('utf8', start, i);
    return textOrBytes(buf.subarray(start, i));
  };
}

const fromCodes = String.fromCharCode;

/**
 * ASCII bytes as a string. Short names (most column names are) are built from their codes with a
 * call of fixed arity, about a quarter of Buffer#toString's cost at these lengths (its encoding
 * dispatch dominates); longer ones go through toString.
 */
export function asciiText(b: Buffer, s: number, e: number): string {
  switch (e - s) {
    case 0:
      return '';
    case 1:
      return fromCodes(b[s]!);
    case 2:
      return fromCodes(b[s]!, b[s + 1]!);
    case 3:
      return fromCodes(b[s]!, b[s + 1]!, b[s + 2]!);
    case 4:
      return fromCodes(b[s]!, b[s + 1]!, b[s + 2]!, b[s + 3]!);
    case 5:
      return fromCodes(b[s]!, b[s + 1]!, b[s + 2]!, b[s + 3]!, b[s + 4]!);
    case 6:
      return fromCodes(b[s]!, b[s + 1]!, b[s + 2]!, b[s + 3]!, b[s + 4]!, b[s + 5]!);
    case 7:
      return fromCodes(b[s]!, b[s + 1]!, b[s + 2]!, b[s + 3]!, b[s + 4]!, b[s + 5]!, b[s + 6]!);
    case 8:
      return fromCodes(b[s]!, b[s + 1]!, b[s + 2]!, b[s + 3]!, b[s + 4]!, b[s + 5]!, b[s + 6]!, b[s + 7]!);
    case 9:
      return fromCodes(b[s]!, b[s + 1]!, b[s + 2]!, b[s + 3]!, b[s + 4]!, b[s + 5]!, b[s + 6]!, b[s + 7]!, b[s + 8]!);
    case 10:
      return fromCodes(b[s]!, b[s + 1]!, b[s + 2]!, b[s + 3]!, b[s + 4]!, b[s + 5]!, b[s + 6]!, b[s + 7]!, b[s + 8]!, b[s + 9]!);
    case 11:
      return fromCodes(b[s]!, b[s + 1]!, b[s + 2]!, b[s + 3]!, b[s + 4]!, b[s + 5]!, b[s + 6]!, b[s + 7]!, b[s + 8]!, b[s + 9]!, b[s + 10]!);
    case 12:
      return fromCodes(b[s]!, b[s + 1]!, b[s + 2]!, b[s + 3]!, b[s + 4]!, b[s + 5]!, b[s + 6]!, b[s + 7]!, b[s + 8]!, b[s + 9]!, b[s + 10]!, b[s + 11]!);
    default:
      return b.toString('latin1', s, e);
  }
}

/** How serialized values of `type` become JS values; `raw` returns copies of the bytes. */
export function valueDecoder(type: AbstractType, raw: boolean): ValueDecoder {
  if (raw) return (bytes) => Buffer.from(bytes);
  switch (textKind(type, false)) {
    case 'utf8':
      return (bytes) => bytes.toString('utf8');
    case 'bytes':
      return textOrBytes;
    default:
      return (bytes) => copyIfView(fromBytes(type, bytes));
  }
}

/** Text types (and BytesType unless raw), whose comparable form is the escaped bytes themselves. */
function textKind(type: AbstractType, raw: boolean): TextKind | null {
  if (type.isReversed) return null;
  switch (type.name) {
    case 'UTF8Type':
    case 'AsciiType':
      return 'utf8';
    case 'BytesType':
      return raw ? null : 'bytes';
    default:
      return null;
  }
}

/**
 * BytesType's JS value: a string when the bytes are UTF-8, else a copy of the bytes. Decoding
 * first and checking for U+FFFD (what invalid bytes decode to) costs one native call for nearly
 * every value; only text that holds U+FFFD is checked again byte by byte.
 */
function textOrBytes(bytes: Buffer): string | Buffer {
  const s = bytes.toString('utf8');
  if (s.indexOf('\uFFFD') < 0 || isUtf8(bytes)) return s;
  return Buffer.from(bytes);
}

function copyIfView(v: Value): Value {
  return Buffer.isBuffer(v) ? Buffer.from(v) : v;
}

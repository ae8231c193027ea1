/**
 * Shared helpers for the coordinator's wire codecs: every decoder runs inside `decodeWire`, which
 * turns any bounds or grammar failure (ByteReader's RangeError, the mutation codec's
 * CorruptionError) into one typed `MalformedMessageError` naming the message kind, and insists
 * the payload is consumed exactly.
 */
import { isUtf8 } from 'node:buffer';
import { CorruptionError, MalformedMessageError } from '../../errors/index.js';
import { ByteReader } from '../../util/byte-reader.js';
import type { ByteWriter } from '../../util/byte-writer.js';

export function decodeWire<T>(what: string, payload: Uint8Array, read: (r: ByteReader) => T): T {
  const buf = Buffer.isBuffer(payload) ? payload : Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
  const r = new ByteReader(buf);
  let value: T;
  try {
    value = read(r);
  } catch (e) {
    if (e instanceof RangeError || e instanceof CorruptionError) throw new MalformedMessageError(what, e.message);
    throw e;
  }
  if (r.remaining !== 0) throw new MalformedMessageError(what, `${r.remaining} trailing bytes`);
  return value;
}

export function writeString(w: ByteWriter, s: string): void {
  w.lenBytes(Buffer.from(s, 'utf8'));
}

export function readString(r: ByteReader): string {
  const b = r.lenBytes();
  if (!isUtf8(b)) throw new RangeError('string is not valid UTF-8');
  return b.toString('utf8');
}

/** A varint no greater than `max` (lengths, counts, limits). */
export function readBoundedVarint(r: ByteReader, max: number, what: string): number {
  const v = r.varint();
  if (v > max) throw new RangeError(`${what} ${v} exceeds ${max}`);
  return v;
}

/** Flag bytes with undefined bits set are refused, so a newer peer's extension is never misread. */
export function readFlags(r: ByteReader, known: number, what: string): number {
  const f = r.u8();
  if ((f & ~known) !== 0) throw new RangeError(`unknown ${what} flags 0x${f.toString(16)}`);
  return f;
}

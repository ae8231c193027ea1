/**
 * The native protocol's (v3+) framing of values inside collections, tuples and user types:
 *   collection = [int n] then n entries of [int len][len bytes]   (a map's entry is key then value)
 *   tuple      = ( [int len][len bytes] | [int -1] )*            (-1 is a null component)
 * Reading a tuple, any negative length is a null component, as Cassandra reads it: the Node.js
 * driver frames a user type field it was not given as -2 (its "unset"). Writers use -1 only.
 * Ints are 4-byte big-endian signed. Readers return views (no copies) and check every length
 * against the bytes that remain BEFORE trusting it, so a garbled count can never make us allocate
 * or loop beyond what the buffer could hold. Errors are MarshalErrors naming the type and position.
 */
import { MarshalError } from '../errors/index.js';

const INT_SIZE = 4;
const NULL_LENGTH = -1;
const MAX_INT = 2 ** 31 - 1;

/**
 * Reads a serialized collection: its values in order, `perEntry` values per entry (1 for lists and
 * sets, 2 for maps). `labels[j]` names the j-th value of an entry in errors ('element', 'key', …).
 * Null values (length -1) are refused: collections cannot hold null.
 */
export function readCollectionValues(bytes: Buffer, typeName: string, labels: readonly string[]): Buffer[] {
  const perEntry = labels.length;
  if (bytes.length < INT_SIZE) {
    throw new MarshalError(`${typeName}: not enough bytes to read the element count (${bytes.length} bytes)`);
  }
  const n = bytes.readInt32BE(0);
  if (n < 0) throw new MarshalError(`${typeName}: negative element count ${n}`);
  const remaining = bytes.length - INT_SIZE;
  // Every value takes at least its 4-byte length: refuse a count the bytes cannot hold up front.
  if (n * perEntry * INT_SIZE > remaining) {
    throw new MarshalError(`${typeName}: element count ${n} cannot fit in the ${remaining} bytes that follow it`);
  }
  const out: Buffer[] = [];
  let p = INT_SIZE;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < perEntry; j++) {
      const what = `${labels[j]} ${i}`;
      if (p + INT_SIZE > bytes.length) throw new MarshalError(`${typeName}: not enough bytes to read the length of ${what}`);
      const len = bytes.readInt32BE(p);
      p += INT_SIZE;
      if (len === NULL_LENGTH) throw new MarshalError(`${typeName}: ${what} is null; collections cannot hold null`);
      if (len < 0) throw new MarshalError(`${typeName}: negative length ${len} for ${what}`);
      if (len > bytes.length - p) {
        throw new MarshalError(`${typeName}: ${what} declares ${len} bytes but only ${bytes.length - p} remain`);
      }
      out.push(bytes.subarray(p, p + len));
      p += len;
    }
  }
  if (p !== bytes.length) throw new MarshalError(`${typeName}: ${bytes.length - p} unexpected bytes after the last element`);
  return out;
}

/** Writes a collection of `count` entries whose values (already flattened) are `values`. */
export function writeCollectionValues(values: readonly Buffer[], count: number, typeName: string): Buffer {
  if (count > MAX_INT) throw new MarshalError(`${typeName}: ${count} elements is more than a collection can hold`);
  let size = INT_SIZE;
  for (const v of values) size += INT_SIZE + v.length;
  const out = Buffer.allocUnsafe(size);
  out.writeInt32BE(count, 0);
  let p = INT_SIZE;
  for (const v of values) {
    p = writeValue(out, p, v, typeName);
  }
  return out;
}

/**
 * Reads the components of a tuple or user type value: a component is null when its length is
 * negative (-1, or -2 from a driver's "unset" field); fewer components than `max` is allowed (the
 * missing ones are null), more is an error.
 */
export function readTupleComponents(bytes: Buffer, typeName: string, max: number, label: (i: number) => string): Array<Buffer | null> {
  const out: Array<Buffer | null> = [];
  let p = 0;
  while (p < bytes.length) {
    const i = out.length;
    if (i >= max) throw new MarshalError(`${typeName}: ${bytes.length - p} bytes after the last of the ${max} components`);
    if (p + INT_SIZE > bytes.length) throw new MarshalError(`${typeName}: not enough bytes to read the length of ${label(i)}`);
    const len = bytes.readInt32BE(p);
    p += INT_SIZE;
    if (len < 0) {
      out.push(null);
      continue;
    }
    if (len > bytes.length - p) throw new MarshalError(`${typeName}: ${label(i)} declares ${len} bytes but only ${bytes.length - p} remain`);
    out.push(bytes.subarray(p, p + len));
    p += len;
  }
  return out;
}

/** Whether a tuple value frames every null component as -1 (the form writeTupleComponents makes). */
export function hasCanonicalNulls(bytes: Buffer): boolean {
  for (let p = 0; p + INT_SIZE <= bytes.length; ) {
    const len = bytes.readInt32BE(p);
    p += INT_SIZE;
    if (len < NULL_LENGTH) return false;
    if (len > 0) p += len;
  }
  return true;
}

/** Writes tuple components, null as length -1. */
export function writeTupleComponents(components: ReadonlyArray<Buffer | null>, typeName: string): Buffer {
  let size = 0;
  for (const c of components) size += INT_SIZE + (c === null ? 0 : c.length);
  const out = Buffer.allocUnsafe(size);
  let p = 0;
  for (const c of components) {
    if (c === null) {
      out.writeInt32BE(NULL_LENGTH, p);
      p += INT_SIZE;
    } else {
      p = writeValue(out, p, c, typeName);
    }
  }
  return out;
}

function writeValue(out: Buffer, p: number, v: Buffer, typeName: string): number {
  if (v.length > MAX_INT) throw new MarshalError(`${typeName}: a ${v.length}-byte value is too long to frame`);
  out.writeInt32BE(v.length, p);
  v.copy(out, p + INT_SIZE);
  return p + INT_SIZE + v.length;
}

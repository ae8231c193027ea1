import type { ByteWriter } from '../../util/byte-writer.js';

/**
 * Byte helpers on the read hot path: range comparison without allocating views, and the unsigned
 * 64-bit LEB128 varint the partition codec uses for timestamp deltas.
 */

/** Above this many bytes the native comparison beats a JS loop. */
const jsCompareBytesMax = 32;

/** Unsigned lexicographic order of a[aStart, aEnd) against b[bStart, bEnd). */
export function compareRange(
  a: Uint8Array,
  aStart: number,
  aEnd: number,
  b: Uint8Array,
  bStart: number,
  bEnd: number,
): number {
  const aLen = aEnd - aStart;
  const bLen = bEnd - bStart;
  const n = aLen < bLen ? aLen : bLen;
  if (n > jsCompareBytesMax) {
    return Buffer.compare(a.subarray(aStart, aEnd), b.subarray(bStart, bEnd));
  }
  for (let i = 0; i < n; i++) {
    const d = a[aStart + i]! - b[bStart + i]!;
    if (d !== 0) return d;
  }
  return aLen - bLen;
}

export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  return compareRange(a, 0, a.length, b, 0, b.length);
}

/** Length of the longest common prefix of a and b. */
export function sharedPrefixLength(a: Uint8Array, b: Uint8Array): number {
  const n = a.length < b.length ? a.length : b.length;
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}

const twoTo53 = 2n ** 53n;
const u64Max = 2n ** 64n - 1n;

/** Unsigned LEB128 of a value in [0, 2^64). */
export function writeVarU64(w: ByteWriter, v: bigint): void {
  if (v < 0n || v > u64Max) throw new RangeError(`varu64 out of range: ${v}`);
  if (v < twoTo53) {
    w.varint(Number(v));
    return;
  }
  while (v >= 0x80n) {
    w.u8(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  w.u8(Number(v));
}

/** Reads `n` bytes at `position` of `fd` into a new buffer, looping over short reads (null if the file ends first). */
export function readExactly(
  fs: { readSync(fd: number, b: Uint8Array, o: number, l: number, p: number): number },
  fd: number,
  position: number,
  n: number,
): Buffer | null {
  const buf = Buffer.allocUnsafe(n);
  let done = 0;
  while (done < n) {
    const got = fs.readSync(fd, buf, done, n - done, position + done);
    if (got <= 0) return null;
    done += got;
  }
  return buf;
}

/** `readExactly` off the event loop (`FileSystem.read`). */
export async function readExactlyAsync(
  fs: { read(fd: number, b: Uint8Array, o: number, l: number, p: number): Promise<number> },
  fd: number,
  position: number,
  n: number,
): Promise<Buffer | null> {
  const buf = Buffer.allocUnsafe(n);
  let done = 0;
  while (done < n) {
    const got = await fs.read(fd, buf, done, n - done, position + done);
    if (got <= 0) return null;
    done += got;
  }
  return buf;
}

/**
 * The commit log's on-disk format, shared by the writer (`commit-log.ts`) and the reader
 * (`commit-log-replayer.ts`). All integers are big-endian.
 *
 *   file name = "CommitLog-" segmentId(decimal) ".log"
 *   segment   = header entry*
 *   header    = magic:u32 version:u16 flags:u16 segmentId:u64 headerCrc:u32          (20 bytes)
 *               headerCrc = crc32c(the 16 bytes before it); flags = 0
 *   entry     = length:u32 lengthCrc:u32 payload[length] payloadCrc:u32
 *               lengthCrc  = crc32c(length as u32, seeded with segmentSalt(segmentId))
 *               payloadCrc = crc32c(payload); length > 0
 *               payload    = one mutation (`mutation-codec.ts`)
 *   segmentSalt(id) = crc32c(id as u64)
 *
 * Why the length has its own CRC: a reader must trust the length before it can find the payload
 * CRC, and a garbled length would otherwise send it anywhere. Why it is seeded with the segment
 * id: an entry copied from another segment (or carried inside a blob value) never validates at a
 * position of this one, which keeps "is there a valid entry after this bad spot?" — the question
 * that separates a torn tail from corruption — honest. The seed comes from the file name, so
 * entries can still be found when the header itself is damaged.
 *
 * A writer never lets a segment exceed its size limit and never writes a byte to segment N+1
 * before segment N is fsynced, so damage anywhere but the tail of the last segment is corruption.
 *
 * Every constant here is an on-disk fact: NEVER change one. A new layout needs a new version.
 */
import { crc32c } from '../../util/crc.js';

export const SEGMENT_MAGIC = 0x494c434c; // "ILCL" — never change
export const SEGMENT_FORMAT_VERSION = 1; // never change; add a new version instead
export const SEGMENT_HEADER_BYTES = 20; // never change
/** length + lengthCrc before the payload. Never change. */
export const ENTRY_HEADER_BYTES = 8;
/** payloadCrc after the payload. Never change. */
export const ENTRY_TRAILER_BYTES = 4;
export const ENTRY_OVERHEAD_BYTES = ENTRY_HEADER_BYTES + ENTRY_TRAILER_BYTES;

const FILE_PREFIX = 'CommitLog-';
const FILE_SUFFIX = '.log';
const FILE_NAME_PATTERN = /^CommitLog-(\d{1,16})\.log$/;

export function segmentFileName(segmentId: number): string {
  return `${FILE_PREFIX}${segmentId}${FILE_SUFFIX}`;
}

/** The segment id a file name carries, or null when the name is not a segment's. */
export function parseSegmentFileName(name: string): number | null {
  const m = FILE_NAME_PATTERN.exec(name);
  if (m === null) return null;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) ? id : null;
}

export function segmentSalt(segmentId: number): number {
  const b = Buffer.allocUnsafe(8);
  b.writeBigUInt64BE(BigInt(segmentId));
  return crc32c(b);
}

export function encodeSegmentHeader(segmentId: number): Buffer {
  const b = Buffer.alloc(SEGMENT_HEADER_BYTES);
  b.writeUInt32BE(SEGMENT_MAGIC, 0);
  b.writeUInt16BE(SEGMENT_FORMAT_VERSION, 4);
  b.writeUInt16BE(0, 6);
  b.writeBigUInt64BE(BigInt(segmentId), 8);
  b.writeUInt32BE(crc32c(b.subarray(0, 16)), 16);
  return b;
}

/** Why a header is unusable, or null when it is a valid header of `expectedId`. */
export function checkSegmentHeader(file: Buffer, expectedId: number): string | null {
  if (file.length < SEGMENT_HEADER_BYTES) return `segment is ${file.length} bytes, shorter than its header`;
  if (file.readUInt32BE(16) !== crc32c(file.subarray(0, 16))) return 'segment header checksum mismatch';
  if (file.readUInt32BE(0) !== SEGMENT_MAGIC) return 'not a commit log segment (bad magic)';
  const version = file.readUInt16BE(4);
  if (version !== SEGMENT_FORMAT_VERSION) return `unsupported commit log format version ${version}`;
  if (file.readUInt16BE(6) !== 0) return 'unknown segment header flags';
  const id = file.readBigUInt64BE(8);
  if (id !== BigInt(expectedId)) return `header names segment ${id}, file name says ${expectedId}`;
  return null;
}

/**
 * CRC-32C of a u32 in big-endian order, continuing from `seed` — the same function as
 * `crc32c(Buffer of 4 bytes, seed)`, computed in JS because the reader probes it at every byte
 * offset when it searches for the next valid entry (a native call per offset would be slow).
 */
export function lengthCrc(length: number, seed: number): number {
  const t = CRC32C_TABLE;
  let c = ~seed;
  c = t[(c ^ (length >>> 24)) & 0xff]! ^ (c >>> 8);
  c = t[(c ^ (length >>> 16)) & 0xff]! ^ (c >>> 8);
  c = t[(c ^ (length >>> 8)) & 0xff]! ^ (c >>> 8);
  c = t[(c ^ length) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

function buildCrc32cTable(): Uint32Array {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}

/** Read-only after construction. */
const CRC32C_TABLE: Uint32Array = buildCrc32cTable();

/**
 * Frames the payload that occupies `buf[start + ENTRY_HEADER_BYTES, payloadEnd)`: fills the
 * reserved length and length CRC in front of it and writes the payload CRC at `payloadEnd`
 * (the caller has reserved those 4 bytes). Returns the entry's end.
 */
export function frameEntry(buf: Buffer, start: number, payloadEnd: number, salt: number): number {
  const length = payloadEnd - start - ENTRY_HEADER_BYTES;
  buf.writeUInt32BE(length, start);
  buf.writeUInt32BE(lengthCrc(length, salt), start + 4);
  buf.writeUInt32BE(crc32c(buf.subarray(start + ENTRY_HEADER_BYTES, payloadEnd)), payloadEnd);
  return payloadEnd + ENTRY_TRAILER_BYTES;
}

/** Outcomes of `probeEntry` other than a valid entry's size. */
export const EntryProbe = {
  /** Not even an entry header fits before the end. */
  SHORT_HEADER: -1,
  /** The length fails its CRC (or is 0). Nothing after it can be located from it. */
  BAD_LENGTH: -2,
  /** The length is valid but the entry runs past the end: a write cut short. */
  TRUNCATED: -3,
  /** The length is valid, the entry fits, its payload fails its CRC. */
  BAD_PAYLOAD: -4,
} as const;

/**
 * Checks the entry at `at` within `buf[.., end)`: its total size (> 0) when fully valid,
 * otherwise an `EntryProbe` code.
 */
export function probeEntry(buf: Buffer, at: number, end: number, salt: number): number {
  if (at + ENTRY_HEADER_BYTES > end) return EntryProbe.SHORT_HEADER;
  const length = buf.readUInt32BE(at);
  if (length === 0 || buf.readUInt32BE(at + 4) !== lengthCrc(length, salt)) return EntryProbe.BAD_LENGTH;
  const payloadEnd = at + ENTRY_HEADER_BYTES + length;
  if (payloadEnd + ENTRY_TRAILER_BYTES > end) return EntryProbe.TRUNCATED;
  const payloadCrc = crc32c(buf.subarray(at + ENTRY_HEADER_BYTES, payloadEnd));
  if (buf.readUInt32BE(payloadEnd) !== payloadCrc) return EntryProbe.BAD_PAYLOAD;
  return length + ENTRY_OVERHEAD_BYTES;
}

/** The payload length of the entry at `at` (only meaningful when its length CRC is valid). */
export function entryPayloadLength(buf: Buffer, at: number): number {
  return buf.readUInt32BE(at);
}

/**
 * The offset of the first fully valid entry at or after `from` (scanning every byte offset), or
 * -1. Used to tell a torn tail (nothing valid follows) from corruption, and to resync past a bad
 * region when replay errors are ignored.
 */
export function findNextValidEntry(buf: Buffer, from: number, end: number, salt: number): number {
  for (let at = from; at + ENTRY_OVERHEAD_BYTES < end; at++) {
    const length = buf.readUInt32BE(at);
    if (length === 0 || at + ENTRY_OVERHEAD_BYTES + length > end) continue;
    if (buf.readUInt32BE(at + 4) !== lengthCrc(length, salt)) continue;
    if (probeEntry(buf, at, end, salt) > 0) return at;
  }
  return -1;
}

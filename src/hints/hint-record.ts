/**
 * One hint as it lies in a hints file: a mutation a replica missed, kept by the coordinator until
 * the replica is back. A hints file is a sequence of records, each framed so that a torn tail (a
 * crash in the middle of an append) or a damaged record is recognised instead of being misread:
 *
 *   record := length:u32 lengthCrc:u32 bodyCrc:u32 body
 *             length = body length; lengthCrc = CRC-32C of the 4 length bytes (so a damaged length
 *             is told apart from a torn tail); bodyCrc = CRC-32C of the body
 *   body   := version:u8 (= 1) createdAtMs:i64 expiresAtMs:i64 payload:bytes(rest of the body)
 *
 * The payload is opaque here (the coordinator's serialized mutation): this layer stores and hands
 * back bytes. `expiresAtMs` is when the hint stops being worth delivering (Cassandra: the smallest
 * gc_grace_seconds of the tables it touches, so a hint can never resurrect purged data).
 */
import { crc32c } from '../util/crc.js';

export interface Hint {
  readonly createdAtMs: number;
  readonly expiresAtMs: number;
  readonly payload: Uint8Array;
}

export const HINT_RECORD_VERSION = 1;
/** Frame header: length and the two CRCs. */
export const RECORD_HEADER_BYTES = 12;
const BODY_FIXED_BYTES = 1 + 8 + 8;
/** Larger records are refused on write and taken as damage on read. */
export const MAX_HINT_PAYLOAD_BYTES = 256 * 1024 * 1024;

export function encodeHint(hint: Hint): Buffer {
  if (hint.payload.length > MAX_HINT_PAYLOAD_BYTES) {
    throw new RangeError(`hint payload of ${hint.payload.length} bytes exceeds ${MAX_HINT_PAYLOAD_BYTES}`);
  }
  const bodyLength = BODY_FIXED_BYTES + hint.payload.length;
  const out = Buffer.allocUnsafe(RECORD_HEADER_BYTES + bodyLength);
  out.writeUInt32BE(bodyLength, 0);
  out.writeUInt32BE(crc32c(out.subarray(0, 4)), 4);
  const at = RECORD_HEADER_BYTES;
  out.writeUInt8(HINT_RECORD_VERSION, at);
  out.writeBigInt64BE(BigInt(Math.trunc(hint.createdAtMs)), at + 1);
  out.writeBigInt64BE(BigInt(Math.trunc(hint.expiresAtMs)), at + 9);
  out.set(hint.payload, at + BODY_FIXED_BYTES);
  out.writeUInt32BE(crc32c(out.subarray(at)), 8);
  return out;
}

/** The body length a record header promises; null when the header is damaged or impossible. */
export function bodyLengthOf(header: Buffer): number | null {
  if (crc32c(header.subarray(0, 4)) !== header.readUInt32BE(4)) return null;
  const length = header.readUInt32BE(0);
  return length < BODY_FIXED_BYTES || length > BODY_FIXED_BYTES + MAX_HINT_PAYLOAD_BYTES ? null : length;
}

/** Decodes the body under `header`; null when its CRC or version does not match. */
export function decodeHintBody(body: Buffer, header: Buffer): Hint | null {
  if (crc32c(body) !== header.readUInt32BE(8) || body.length < BODY_FIXED_BYTES || body[0] !== HINT_RECORD_VERSION) return null;
  return {
    createdAtMs: Number(body.readBigInt64BE(1)),
    expiresAtMs: Number(body.readBigInt64BE(9)),
    payload: body.subarray(BODY_FIXED_BYTES),
  };
}

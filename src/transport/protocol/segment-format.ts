import * as lz4 from 'lz4-napi';
import { crc32 } from '../../util/crc.js';
import { ProtocolViolation } from './protocol-violation.js';

/**
 * Protocol v5's outer frames ("segments", v5 spec §2), which carry every envelope of a v5
 * connection once STARTUP was answered. Two layouts, chosen by STARTUP's COMPRESSION:
 *
 *   uncompressed  header:3 bytes little-endian = payload_length:17 bits | self_contained:1 bit
 *                 (bits 0-16, 17; 6 bits of padding), header_crc24:3 bytes little-endian
 *   lz4           header:5 bytes little-endian = compressed_length:17 | uncompressed_length:17
 *                 | self_contained:1 (bits 0-16, 17-33, 34; 5 bits of padding), header_crc24:3
 *   then          payload (payload_length bytes), payload_crc32:4 bytes little-endian
 *
 * A self-contained segment holds one or more whole envelopes; a large envelope travels split over
 * several segments that are not self-contained, each full but the last. A payload holds at most
 * 128 KiB - 1 bytes (17 bits), compressed or not. With lz4 the payload is one raw LZ4 block (no
 * length prefix: the header has it); an uncompressed_length of 0 means the payload is stored as
 * it is (compression did not make it smaller).
 *
 * CRC24: initial value 0x875060, polynomial 0x1974F0B, fed the header's bytes low byte first.
 * CRC32: zlib's, started from the CRC of the bytes FA 2D 55 CA. (Wire facts from the v5 spec and
 * Cassandra 4.0's transport/Frame{En,De}coder{Crc,LZ4}; these constants never change.)
 */
export const SEGMENT_PAYLOAD_BYTES_MAX = 128 * 1024 - 1;
export const SEGMENT_HEADER_BYTES = 6;
export const SEGMENT_HEADER_BYTES_LZ4 = 8;
export const SEGMENT_TRAILER_BYTES = 4;

const CRC24_INIT = 0x875060;
const CRC24_POLY = 0x1974f0b;
const CRC32_PRIMER = crc32(Buffer.from([0xfa, 0x2d, 0x55, 0xca]));
const LENGTH_MASK = 0x1ffff;

/** CRC24 of the `bytes` low bytes of `value` (≤ 5 bytes, so plain Number arithmetic). */
export function crc24(value: number, bytes: number): number {
  let crc = CRC24_INIT;
  let v = value;
  for (let i = 0; i < bytes; i++) {
    crc ^= (v % 256) << 16;
    v = Math.floor(v / 256);
    for (let b = 0; b < 8; b++) {
      crc <<= 1;
      if (crc & 0x1000000) crc ^= CRC24_POLY;
    }
  }
  return crc & 0xffffff;
}

export function segmentCrc32(payload: Uint8Array): number {
  return crc32(payload, CRC32_PRIMER);
}

export interface SegmentHeader {
  /** Bytes of payload on the wire. */
  readonly payloadBytes: number;
  /** lz4 only: the payload's size once decompressed; 0 when it is stored uncompressed. */
  readonly uncompressedBytes: number;
  readonly selfContained: boolean;
}

function readUIntLE(buf: Buffer, at: number, bytes: number): number {
  return buf.readUIntLE(at, bytes);
}

/** Reads a header (6 or 8 bytes at `at`); a ProtocolViolation when its CRC24 does not match. */
export function readSegmentHeader(buf: Buffer, at: number, lz4Layout: boolean): SegmentHeader {
  const n = lz4Layout ? 5 : 3;
  const value = readUIntLE(buf, at, n);
  const sent = readUIntLE(buf, at + n, 3);
  const computed = crc24(value, n);
  if (sent !== computed) {
    throw new ProtocolViolation(`unrecoverable CRC mismatch detected in frame header. Read ${sent}, Computed ${computed}`);
  }
  const payloadBytes = value & LENGTH_MASK;
  if (!lz4Layout) return { payloadBytes, uncompressedBytes: 0, selfContained: Math.floor(value / 2 ** 17) % 2 === 1 };
  const uncompressedBytes = Math.floor(value / 2 ** 17) & LENGTH_MASK;
  return { payloadBytes, uncompressedBytes, selfContained: Math.floor(value / 2 ** 34) % 2 === 1 };
}

/**
 * The payload of a whole segment (`raw` = payload and CRC32, the header already read): checked,
 * then decompressed when the header says so. A ProtocolViolation on a CRC mismatch or a block that
 * does not decompress to the declared size (at most SEGMENT_PAYLOAD_BYTES_MAX bytes).
 */
export function segmentPayload(header: SegmentHeader, raw: Buffer): Buffer {
  const payload = raw.subarray(0, header.payloadBytes);
  const sent = raw.readUInt32LE(header.payloadBytes);
  const computed = segmentCrc32(payload);
  if (sent !== computed) {
    throw new ProtocolViolation(`unrecoverable CRC mismatch detected in frame body. Read ${sent}, Computed ${computed}`);
  }
  if (header.uncompressedBytes === 0) return payload;
  const framed = Buffer.allocUnsafe(4 + payload.length);
  framed.writeUInt32LE(header.uncompressedBytes, 0);
  payload.copy(framed, 4);
  let out: Buffer;
  try {
    out = lz4.uncompressSync(framed);
  } catch (e) {
    throw new ProtocolViolation(`lz4 frame payload does not decompress: ${(e as Error).message}`);
  }
  if (out.length !== header.uncompressedBytes) {
    throw new ProtocolViolation(`lz4 frame payload decompressed to ${out.length} bytes, not ${header.uncompressedBytes}`);
  }
  return out;
}

/** One segment around `payload` (≤ SEGMENT_PAYLOAD_BYTES_MAX bytes). */
export function encodeSegment(payload: Buffer, selfContained: boolean, lz4Layout: boolean): Buffer {
  if (payload.length > SEGMENT_PAYLOAD_BYTES_MAX) throw new RangeError(`segment payload of ${payload.length} bytes`);
  let body = payload;
  let uncompressed = 0;
  if (lz4Layout && payload.length > 0) {
    const packed = lz4.compressSync(payload).subarray(4);
    if (packed.length < payload.length) {
      body = packed;
      uncompressed = payload.length;
    }
  }
  const n = lz4Layout ? 5 : 3;
  const flagAt = lz4Layout ? 2 ** 34 : 2 ** 17;
  const value = body.length + (lz4Layout ? uncompressed * 2 ** 17 : 0) + (selfContained ? flagAt : 0);
  const out = Buffer.allocUnsafe(n + 3 + body.length + SEGMENT_TRAILER_BYTES);
  out.writeUIntLE(value, 0, n);
  out.writeUIntLE(crc24(value, n), n, 3);
  body.copy(out, n + 3);
  out.writeUInt32LE(segmentCrc32(body), n + 3 + body.length);
  return out;
}

/**
 * Segments carrying `envelopes` in order: as many whole envelopes per self-contained segment as
 * fit, and an envelope larger than a payload alone over as many segments as it needs.
 */
export function encodeSegments(envelopes: readonly Buffer[], lz4Layout: boolean): Buffer[] {
  const out: Buffer[] = [];
  let batch: Buffer[] = [];
  let batchBytes = 0;
  const flush = (): void => {
    if (batch.length === 0) return;
    out.push(encodeSegment(batch.length === 1 ? batch[0]! : Buffer.concat(batch, batchBytes), true, lz4Layout));
    batch = [];
    batchBytes = 0;
  };
  for (const e of envelopes) {
    if (e.length > SEGMENT_PAYLOAD_BYTES_MAX) {
      flush();
      for (let at = 0; at < e.length; at += SEGMENT_PAYLOAD_BYTES_MAX) {
        out.push(encodeSegment(e.subarray(at, at + SEGMENT_PAYLOAD_BYTES_MAX), false, lz4Layout));
      }
      continue;
    }
    if (batchBytes + e.length > SEGMENT_PAYLOAD_BYTES_MAX) flush();
    batch.push(e);
    batchBytes += e.length;
  }
  flush();
  return out;
}

import * as lz4 from 'lz4-napi';
import { snappyCodec } from '../../util/snappy-codec.js';
import { ProtocolViolation } from './protocol-violation.js';

/**
 * Frame body compression negotiated by STARTUP's COMPRESSION option (v4 spec §5).
 *
 *   lz4     body = uncompressed length:u32 big-endian, then one raw LZ4 block
 *   snappy  body = one raw (unframed) Snappy block (it starts with its own varint length)
 *
 * lz4-napi's block functions use the same layout with a little-endian length, so we swap the
 * prefix. Decompression checks the declared size against the frame limit and against the most
 * a block of that size can expand to (LZ4 at most ~255×, Snappy ~22×) before anything is
 * allocated, so a forged size cannot make the server reserve memory.
 */
export type CompressionName = 'lz4' | 'snappy';

export const COMPRESSIONS: readonly CompressionName[] = ['lz4', 'snappy'];

export interface FrameCompressor {
  readonly name: CompressionName;
  compress(body: Buffer): Buffer;
  /** Throws `ProtocolViolation` when the payload does not decode or exceeds `maxBytes`. */
  decompress(payload: Buffer, maxBytes: number): Buffer;
}

const LZ4_MAX_RATIO = 255;
const SNAPPY_MAX_RATIO = 22;
const SLACK = 64;

const lz4Compressor: FrameCompressor = {
  name: 'lz4',
  compress(body: Buffer): Buffer {
    const out = lz4.compressSync(body);
    out.writeUInt32BE(out.readUInt32LE(0), 0);
    return out;
  },
  decompress(payload: Buffer, maxBytes: number): Buffer {
    if (payload.length < 4) throw new ProtocolViolation('lz4 body shorter than its length prefix');
    const size = payload.readUInt32BE(0);
    if (size === 0) {
      if (payload.length > 5) throw new ProtocolViolation('lz4 body declares 0 bytes but carries data');
      return Buffer.alloc(0);
    }
    checkSize(size, payload.length - 4, LZ4_MAX_RATIO, maxBytes, 'lz4');
    const le = Buffer.allocUnsafe(payload.length);
    le.writeUInt32LE(size, 0);
    payload.copy(le, 4, 4);
    let out: Buffer;
    try {
      out = lz4.uncompressSync(le);
    } catch (e) {
      throw new ProtocolViolation(`lz4 body does not decompress: ${(e as Error).message}`);
    }
    if (out.length !== size) throw new ProtocolViolation(`lz4 body decompressed to ${out.length} bytes, not ${size}`);
    return out;
  },
};

/** Reads Snappy's varint length prefix (≤ 5 bytes for 32-bit sizes); null when malformed. */
function snappyLength(payload: Buffer): number | null {
  let v = 0;
  for (let i = 0; i < 5 && i < payload.length; i++) {
    const b = payload[i]!;
    v += (b & 0x7f) * 2 ** (7 * i);
    if (b < 0x80) return v;
  }
  return null;
}

const snappyCompressor: FrameCompressor = {
  name: 'snappy',
  compress(body: Buffer): Buffer {
    return snappyCodec().compressSync(body);
  },
  decompress(payload: Buffer, maxBytes: number): Buffer {
    const size = snappyLength(payload);
    if (size === null) throw new ProtocolViolation('snappy body has no valid length prefix');
    checkSize(size, payload.length, SNAPPY_MAX_RATIO, maxBytes, 'snappy');
    let out: string | Buffer;
    try {
      out = snappyCodec().uncompressSync(payload, { asBuffer: true });
    } catch (e) {
      throw new ProtocolViolation(`snappy body does not decompress: ${(e as Error).message}`);
    }
    const buf = typeof out === 'string' ? Buffer.from(out) : out;
    if (buf.length !== size) throw new ProtocolViolation(`snappy body decompressed to ${buf.length} bytes, not ${size}`);
    return buf;
  },
};

function checkSize(size: number, compressedBytes: number, ratio: number, maxBytes: number, name: string): void {
  if (size > maxBytes) throw new ProtocolViolation(`${name} body would decompress to ${size} bytes, above the ${maxBytes} limit`);
  if (size > compressedBytes * ratio + SLACK) {
    throw new ProtocolViolation(`${name} body of ${compressedBytes} bytes cannot decompress to ${size} bytes`);
  }
}

/** The compressor for a STARTUP COMPRESSION value (case-insensitive), or undefined. */
export function compressorFor(name: string): FrameCompressor | undefined {
  switch (name.toLowerCase()) {
    case 'lz4':
      return lz4Compressor;
    case 'snappy':
      return snappyCompressor;
    default:
      return undefined;
  }
}

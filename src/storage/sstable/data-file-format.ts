import { CorruptionError } from '../../errors/ilium-error.js';
import { crc32c } from '../../util/crc.js';
import { ChunkFlag, type Compression, compressChunk, decompressChunk } from './compression.js';

/**
 * Data.db: the stream of partition records (see `partition-codec.ts`), cut into chunks of a fixed
 * uncompressed length (the last may be shorter), each stored as one frame:
 *
 *   data  = chunk{chunkCount}
 *   chunk = flag:u8 payload crc32c:u32      ; crc over flag and payload
 *   flag  = 0 RAW | 1 LZ4 | 2 SNAPPY        ; see `compression.ts` for payload formats
 *
 * Chunk boundaries ignore record boundaries: a record may span chunks. CompressionInfo.db lists
 * where each frame starts. The checksum is verified before decompression, and the decompressed
 * length must equal the chunk's uncompressed length, so no damaged frame is ever decoded.
 * The frame layout and flag values are on-disk constants: never change them.
 */

/** Frames `raw` for disk into `out` (capacity ≥ raw.length + 5); returns the frame view. */
export function frameChunk(algorithm: Compression, raw: Buffer, out: Buffer): Buffer {
  const compressed = compressChunk(algorithm, raw);
  const flag = compressed === null ? ChunkFlag.RAW : compressed.flag;
  const payload = compressed === null ? raw : compressed.payload;
  out[0] = flag;
  out.set(payload, 1);
  const end = 1 + payload.length;
  out.writeUInt32BE(crc32c(out.subarray(0, end)), end);
  return out.subarray(0, end + 4);
}

/**
 * Verifies and decodes one frame read from `path` at `offset`; returns exactly
 * `uncompressedLength` bytes or throws CorruptionError.
 */
export function unframeChunk(path: string, offset: number, frame: Buffer, uncompressedLength: number): Buffer {
  const end = frame.length - 4;
  if (end < 1) throw new CorruptionError(path, offset, 'chunk frame too short');
  if (frame.readUInt32BE(end) !== crc32c(frame.subarray(0, end))) {
    throw new CorruptionError(path, offset, 'chunk checksum mismatch');
  }
  const flag = frame[0]!;
  const payload = frame.subarray(1, end);
  let raw: Buffer;
  if (flag === ChunkFlag.RAW) {
    raw = payload;
  } else {
    try {
      raw = decompressChunk(flag, payload);
    } catch (e) {
      throw new CorruptionError(path, offset, `chunk does not decompress: ${e instanceof Error ? e.message : e}`);
    }
  }
  if (raw.length !== uncompressedLength) {
    throw new CorruptionError(path, offset, `chunk holds ${raw.length} bytes, expected ${uncompressedLength}`);
  }
  return raw;
}

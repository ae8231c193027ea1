import * as lz4 from 'lz4-napi';
import { snappyCodec } from '../../util/snappy-codec.js';

/**
 * Chunk compression. Each Data.db chunk records how its payload is stored (`ChunkFlag`), so a
 * chunk that does not compress is kept raw and costs no decompression on reads.
 *
 *   LZ4    payload = lz4-napi `compressSync` output: uncompressedLength:u32le then one LZ4 block
 *   SNAPPY payload = one raw (unframed) Snappy block, as snappy `compressSync` writes it
 *
 * Flag values and the algorithm codes are on-disk constants: never change them.
 */
export type Compression = 'none' | 'lz4' | 'snappy';

export const ChunkFlag = { RAW: 0, LZ4: 1, SNAPPY: 2 } as const;
export type ChunkFlag = (typeof ChunkFlag)[keyof typeof ChunkFlag];

const codes: Record<Compression, number> = { none: 0, lz4: 1, snappy: 2 };

export function compressionCode(c: Compression): number {
  return codes[c];
}

export function compressionFromCode(code: number): Compression {
  if (code === 0) return 'none';
  if (code === 1) return 'lz4';
  if (code === 2) return 'snappy';
  throw new RangeError(`unknown compression code ${code}`);
}

export function isCompression(v: unknown): v is Compression {
  return v === 'none' || v === 'lz4' || v === 'snappy';
}

/**
 * Compresses `raw` with `algorithm`; returns null when the result would not save at least an
 * eighth of the chunk (decompressing it would then cost more than the bytes it saves).
 */
export function compressChunk(algorithm: Compression, raw: Buffer): { flag: ChunkFlag; payload: Buffer } | null {
  if (algorithm === 'none') return null;
  const payload = algorithm === 'lz4' ? lz4.compressSync(raw) : snappyCodec().compressSync(raw);
  if (payload.length > raw.length - (raw.length >>> 3)) return null;
  return { flag: algorithm === 'lz4' ? ChunkFlag.LZ4 : ChunkFlag.SNAPPY, payload };
}

/** Decompresses a verified payload; throws (any error) if the payload does not decode. */
export function decompressChunk(flag: number, payload: Buffer): Buffer {
  if (flag === ChunkFlag.LZ4) return lz4.uncompressSync(payload);
  if (flag === ChunkFlag.SNAPPY) {
    const out = snappyCodec().uncompressSync(payload);
    return typeof out === 'string' ? Buffer.from(out) : out;
  }
  throw new RangeError(`unknown chunk flag ${flag}`);
}

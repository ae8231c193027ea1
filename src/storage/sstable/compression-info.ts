import type { ByteReader } from '../../util/byte-reader.js';
import type { ByteWriter } from '../../util/byte-writer.js';
import { type Compression, compressionCode, compressionFromCode } from './compression.js';
import { chunkCountMax, chunkLengthMax, chunkLengthMin } from './limits.js';

/**
 * CompressionInfo.db: where each Data.db chunk starts on disk. Body grammar (inside the
 * component envelope of `component-io.ts`, magic "ILCI"):
 *
 *   body = algorithm:u8 chunkLength:u32 uncompressedLength:u64 chunkCount:u32
 *          chunkOffset:u64{chunkCount + 1}
 *
 * algorithm: 0 none, 1 lz4, 2 snappy (what the writer tried; each chunk's flag says what it
 * stored). chunkLength is the fixed uncompressed size of every chunk but the last. chunkOffset[0]
 * is 0, offsets strictly increase, and the last one is the size of Data.db. Chunk i holds
 * uncompressed bytes [i·chunkLength, min((i+1)·chunkLength, uncompressedLength)).
 * Magic, version and layout are on-disk constants: never change them (add a version instead).
 */
export const compressionInfoMagic = 'ILCI';
export const compressionInfoVersion = 1;

/** Frame bytes around a chunk payload: flag:u8 before, crc32c:u32 after (see data-file-format). */
export const chunkFrameBytes = 5;

export interface CompressionInfo {
  readonly algorithm: Compression;
  readonly chunkLength: number;
  readonly uncompressedLength: number;
  /** chunkCount + 1 file offsets. */
  readonly offsets: Float64Array;
}

export function chunkCount(info: CompressionInfo): number {
  return info.offsets.length - 1;
}

export function isValidChunkLength(n: number): boolean {
  return Number.isInteger(n) && n >= chunkLengthMin && n <= chunkLengthMax && (n & (n - 1)) === 0;
}

function writeU64(w: ByteWriter, v: number): void {
  w.u32(Math.floor(v / 2 ** 32)).u32(v % 2 ** 32);
}

function readU64(r: ByteReader): number {
  const hi = r.u32();
  const lo = r.u32();
  if (hi >= 2 ** 21) throw new RangeError(`u64 beyond safe integers at ${r.pos - 8}`);
  return hi * 2 ** 32 + lo;
}

export function encodeCompressionInfo(w: ByteWriter, info: CompressionInfo): void {
  w.u8(compressionCode(info.algorithm)).u32(info.chunkLength);
  writeU64(w, info.uncompressedLength);
  w.u32(chunkCount(info));
  for (const off of info.offsets) writeU64(w, off);
}

/** Decodes and validates the body; throws RangeError when anything is inconsistent. */
export function decodeCompressionInfo(r: ByteReader): CompressionInfo {
  const algorithm = compressionFromCode(r.u8());
  const chunkLength = r.u32();
  if (!isValidChunkLength(chunkLength)) throw new RangeError(`bad chunk length ${chunkLength}`);
  const uncompressedLength = readU64(r);
  const count = r.u32();
  if (count > chunkCountMax || count !== Math.ceil(uncompressedLength / chunkLength)) {
    throw new RangeError(`chunk count ${count} does not match length ${uncompressedLength}`);
  }
  if (r.remaining !== (count + 1) * 8) throw new RangeError(`expected ${count + 1} chunk offsets`);
  const offsets = new Float64Array(count + 1);
  for (let i = 0; i <= count; i++) {
    offsets[i] = readU64(r);
    if (i === 0 ? offsets[0] !== 0 : !isPlausibleChunk(offsets[i]! - offsets[i - 1]!, chunkLength)) {
      throw new RangeError(`bad chunk offset ${offsets[i]} for chunk ${i}`);
    }
  }
  return { algorithm, chunkLength, uncompressedLength, offsets };
}

function isPlausibleChunk(onDiskBytes: number, chunkLength: number): boolean {
  return onDiskBytes > chunkFrameBytes && onDiskBytes <= chunkLength + chunkFrameBytes;
}

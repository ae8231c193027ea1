import type { FileSystem } from '../../env/env.js';
import { CorruptionError } from '../../errors/ilium-error.js';
import { readExactly } from './bytes.js';
import type { ChunkCache } from './chunk-cache.js';
import { chunkCount, type CompressionInfo } from './compression-info.js';
import { unframeChunk } from './data-file-format.js';

/**
 * Random access to Data.db's uncompressed stream through the shared chunk cache. Reads use
 * positioned reads on one kept-open fd; every chunk is verified (checksum, length) before it is
 * cached or returned.
 */
export class DataFileReader {
  private readonly count: number;

  constructor(
    private readonly fs: FileSystem,
    readonly path: string,
    readonly fd: number,
    readonly info: CompressionInfo,
    private readonly cache: ChunkCache,
    readonly fileId: number,
  ) {
    this.count = chunkCount(info);
  }

  get length(): number {
    return this.info.uncompressedLength;
  }

  /** The verified, uncompressed chunk `i`. With `fillCache` false a miss is not cached (scans). */
  chunk(i: number, fillCache = true): Buffer {
    const cached = this.cache.get(this.fileId, i);
    if (cached !== undefined) return cached;
    if (i < 0 || i >= this.count) throw new RangeError(`chunk ${i} out of range`);
    const start = this.info.offsets[i]!;
    const frame = readExactly(this.fs, this.fd, start, this.info.offsets[i + 1]! - start);
    if (frame === null) throw new CorruptionError(this.path, start, `chunk ${i} is truncated`);
    const { chunkLength, uncompressedLength } = this.info;
    const expected = Math.min(chunkLength, uncompressedLength - i * chunkLength);
    const raw = unframeChunk(this.path, start, frame, expected);
    if (fillCache) this.cache.put(this.fileId, i, raw);
    return raw;
  }

  /**
   * Uncompressed bytes [offset, offset + length): a view into a cached chunk when the range lies
   * in one chunk, else a fresh copy. Callers must not write into the result.
   */
  read(offset: number, length: number, fillCache = true): Buffer {
    if (offset < 0 || length < 0 || offset + length > this.info.uncompressedLength) {
      throw new CorruptionError(this.path, offset, `range of ${length} bytes beyond the data (${this.length})`);
    }
    const cl = this.info.chunkLength;
    const first = Math.floor(offset / cl);
    const within = offset - first * cl;
    if (within + length <= cl) {
      return this.chunk(first, fillCache).subarray(within, within + length);
    }
    const out = Buffer.allocUnsafe(length);
    let done = 0;
    for (let i = first; done < length; i++) {
      const c = this.chunk(i, fillCache);
      const from = i === first ? within : 0;
      const n = Math.min(c.length - from, length - done);
      c.copy(out, done, from, from + n);
      done += n;
    }
    return out;
  }
}

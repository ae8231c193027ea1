import type { FileSystem } from '../../env/env.js';
import { CorruptionError, EngineStateError } from '../../errors/ilium-error.js';
import { readExactly, readExactlyAsync } from './bytes.js';
import type { ChunkCache } from './chunk-cache.js';
import { chunkCount, type CompressionInfo } from './compression-info.js';
import { unframeChunk } from './data-file-format.js';

const EMPTY = Buffer.alloc(0);

/** A location inside a buffer (filled in by `DataFileReader.locate`). */
export interface ByteSpan {
  buf: Buffer;
  start: number;
}

/**
 * Random access to Data.db's uncompressed stream through the shared chunk cache. Reads use
 * positioned reads on one kept-open fd; every chunk is verified (checksum, length) before it is
 * cached or returned. `prefetch` loads chunks into the cache off the event loop (`FileSystem.read`)
 * before a synchronous pass; a miss in that pass reads synchronously and is counted
 * (`ChunkCache.syncReads`).
 */
export class DataFileReader {
  private readonly count: number;
  private closed = false;
  /** The last chunk read without caching it, so a scan reads each chunk once. */
  private uncachedIndex = -1;
  private uncached: Buffer | null = null;

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

  /** Closes the fd and drops this file's cached chunks; later reads throw EngineStateError. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.cache.releaseFile(this.fileId);
    this.fs.closeSync(this.fd);
  }

  /** The verified, uncompressed chunk `i`. With `fillCache` false a miss is not cached (scans). */
  chunk(i: number, fillCache = true): Buffer {
    // Once closed, both the fd number and the cache file id may belong to another file.
    if (this.closed) throw new EngineStateError(`${this.path} is closed`);
    if (i === this.uncachedIndex && this.uncached !== null) return this.uncached;
    const cached = this.cache.get(this.fileId, i);
    if (cached !== undefined) return cached;
    const start = this.frameStart(i);
    this.cache.syncReads++;
    const raw = this.unframe(i, readExactly(this.fs, this.fd, start, this.info.offsets[i + 1]! - start));
    if (fillCache) {
      this.cache.put(this.fileId, i, raw);
    } else {
      this.uncachedIndex = i;
      this.uncached = raw;
    }
    return raw;
  }

  /**
   * Loads into the cache, off the event loop, the chunks holding uncompressed bytes
   * [offset, offset + length) that it lacks; resolves at once (undefined) when it has them all.
   */
  prefetch(offset: number, length: number): Promise<void> | undefined {
    if (this.closed || length <= 0) return undefined;
    const cl = this.info.chunkLength;
    const last = Math.min(this.count - 1, Math.floor((offset + length - 1) / cl));
    let loads: Promise<void>[] | undefined;
    for (let i = Math.max(0, Math.floor(offset / cl)); i <= last; i++) {
      if (this.cache.peek(this.fileId, i)) continue;
      (loads ??= []).push(this.loadAsync(i));
    }
    return loads === undefined ? undefined : Promise.all(loads).then(() => undefined);
  }

  private async loadAsync(i: number): Promise<void> {
    const start = this.frameStart(i);
    const frame = await readExactlyAsync(this.fs, this.fd, start, this.info.offsets[i + 1]! - start);
    // Closed meanwhile: the cache file id may now belong to another file.
    if (this.closed) return;
    this.cache.asyncReads++;
    this.cache.put(this.fileId, i, this.unframe(i, frame));
  }

  private frameStart(i: number): number {
    if (i < 0 || i >= this.count) throw new RangeError(`chunk ${i} out of range`);
    return this.info.offsets[i]!;
  }

  /** Chunk i's verified bytes from its frame as read (null: the file ended first). */
  private unframe(i: number, frame: Buffer | null): Buffer {
    const start = this.info.offsets[i]!;
    if (frame === null) throw new CorruptionError(this.path, start, `chunk ${i} is truncated`);
    const { chunkLength, uncompressedLength } = this.info;
    const expected = Math.min(chunkLength, uncompressedLength - i * chunkLength);
    return unframeChunk(this.path, start, frame, expected);
  }

  /**
   * Uncompressed bytes [offset, offset + length): a view into a cached chunk when the range lies
   * in one chunk, else a fresh copy. Callers must not write into the result.
   */
  read(offset: number, length: number, fillCache = true): Buffer {
    const span: ByteSpan = { buf: EMPTY, start: 0 };
    this.locate(offset, length, fillCache, span);
    return span.buf.subarray(span.start, span.start + length);
  }

  /**
   * Like `read`, without making a view: sets `out` to a buffer holding the range at `out.start`
   * (a cached chunk when the range lies in one chunk, else a fresh copy at 0).
   */
  locate(offset: number, length: number, fillCache: boolean, out: ByteSpan): void {
    if (offset < 0 || length < 0 || offset + length > this.info.uncompressedLength) {
      throw new CorruptionError(this.path, offset, `range of ${length} bytes beyond the data (${this.length})`);
    }
    const cl = this.info.chunkLength;
    const first = Math.floor(offset / cl);
    const within = offset - first * cl;
    if (within + length <= cl) {
      out.buf = this.chunk(first, fillCache);
      out.start = within;
      return;
    }
    out.buf = this.copyRange(first, within, length, fillCache);
    out.start = 0;
  }

  private copyRange(first: number, within: number, length: number, fillCache: boolean): Buffer {
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

import type { FileSystem } from '../../env/env.js';
import { CorruptionError, EngineStateError } from '../../errors/ilium-error.js';
import { readExactly, readExactlyAsync } from './bytes.js';
import type { ChunkCache } from './chunk-cache.js';
import { IndexBlock, verifyIndexBlock } from './partition-index.js';
import type { Summary } from './summary.js';

/**
 * Reads Index.db blocks through the shared chunk cache (keyed by block number), verifying each
 * block's checksum before it is cached or searched. `prefetch` loads a block off the event loop;
 * a miss in `block` reads synchronously and is counted (`ChunkCache.syncReads`).
 */
export class IndexReader {
  private closed = false;
  /** The last block read without caching it, so a scan reads each block once. */
  private uncachedIndex = -1;
  private uncached: Buffer | null = null;

  constructor(
    private readonly fs: FileSystem,
    readonly path: string,
    readonly fd: number,
    readonly summary: Summary,
    private readonly cache: ChunkCache,
    readonly fileId: number,
  ) {}

  /** Closes the fd and drops this file's cached blocks; later reads throw EngineStateError. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.cache.releaseFile(this.fileId);
    this.fs.closeSync(this.fd);
  }

  block(i: number, fillCache = true): IndexBlock {
    // Once closed, both the fd number and the cache file id may belong to another file.
    if (this.closed) throw new EngineStateError(`${this.path} is closed`);
    let buf = i === this.uncachedIndex && this.uncached !== null ? this.uncached : this.cache.get(this.fileId, i);
    const offset = this.summary.offset(i);
    if (buf === undefined) {
      this.cache.syncReads++;
      buf = this.verified(i, readExactly(this.fs, this.fd, offset, this.summary.length(i)));
      if (fillCache) {
        this.cache.put(this.fileId, i, buf);
      } else {
        this.uncachedIndex = i;
        this.uncached = buf;
      }
    }
    try {
      return new IndexBlock(buf);
    } catch (e) {
      throw this.corrupt(i, e);
    }
  }

  /** Loads block i into the cache off the event loop; undefined when it is cached already. */
  prefetch(i: number): Promise<void> | undefined {
    if (this.closed || this.cache.peek(this.fileId, i)) return undefined;
    return readExactlyAsync(this.fs, this.fd, this.summary.offset(i), this.summary.length(i)).then((raw) => {
      // Closed meanwhile: the cache file id may now belong to another file.
      if (this.closed) return;
      this.cache.asyncReads++;
      this.cache.put(this.fileId, i, this.verified(i, raw));
    });
  }

  /** Block i's bytes, checksum verified (null: the file ended first). */
  private verified(i: number, raw: Buffer | null): Buffer {
    const offset = this.summary.offset(i);
    if (raw === null) throw new CorruptionError(this.path, offset, `index block ${i} is truncated`);
    const verified = verifyIndexBlock(raw);
    if (verified === null) throw new CorruptionError(this.path, offset, `index block ${i} checksum mismatch`);
    return verified;
  }

  /** Wraps a decoding error found in block i. */
  corrupt(i: number, e: unknown): CorruptionError {
    if (e instanceof CorruptionError) return e;
    return new CorruptionError(this.path, this.summary.offset(i), `index block ${i}: ${e instanceof Error ? e.message : e}`);
  }
}

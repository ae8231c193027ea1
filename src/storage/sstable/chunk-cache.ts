import { cacheFilesMax } from './limits.js';

/**
 * The engine's block cache: an LRU of verified, decompressed chunks (Data.db) and index blocks
 * (Index.db), shared by every reader, bounded by the bytes it holds. A reader registers each file
 * it reads and gets a small file id; entries are keyed by (file id, chunk number). Releasing a file
 * drops its entries and frees its id for reuse, so a reused id never sees stale chunks.
 *
 * Cached buffers are shared with every caller that reads them (cell values are views into them):
 * nobody may write into them.
 */
const chunkNumbersPerFile = 2 ** 32;
/** Bookkeeping charged per entry on top of the chunk bytes (Map slot, Buffer object). */
const entryOverheadBytes = 96;

export class ChunkCache {
  hits = 0;
  misses = 0;
  private readonly entries = new Map<number, Buffer>();
  private bytes = 0;
  private readonly freeIds: number[] = [];
  private nextId = 0;

  constructor(readonly capacityBytes: number) {
    if (!(capacityBytes >= 0) || !Number.isSafeInteger(capacityBytes)) {
      throw new RangeError(`cache capacity must be a non-negative integer: ${capacityBytes}`);
    }
  }

  get sizeBytes(): number {
    return this.bytes;
  }

  get entryCount(): number {
    return this.entries.size;
  }

  /** A fresh id for a file this cache will hold chunks of. */
  registerFile(): number {
    const reused = this.freeIds.pop();
    if (reused !== undefined) return reused;
    if (this.nextId >= cacheFilesMax) throw new RangeError(`more than ${cacheFilesMax} files registered`);
    return this.nextId++;
  }

  /** Drops every chunk of `fileId` and makes the id available again. */
  releaseFile(fileId: number): void {
    const lo = fileId * chunkNumbersPerFile;
    const hi = lo + chunkNumbersPerFile;
    for (const [key, buf] of this.entries) {
      if (key >= lo && key < hi) {
        this.entries.delete(key);
        this.bytes -= buf.length + entryOverheadBytes;
      }
    }
    this.freeIds.push(fileId);
  }

  get(fileId: number, chunk: number): Buffer | undefined {
    const key = fileId * chunkNumbersPerFile + chunk;
    const buf = this.entries.get(key);
    if (buf === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    // Re-inserting moves the entry to the young end of the Map's insertion order.
    this.entries.delete(key);
    this.entries.set(key, buf);
    return buf;
  }

  put(fileId: number, chunk: number, buf: Buffer): void {
    const key = fileId * chunkNumbersPerFile + chunk;
    const charge = buf.length + entryOverheadBytes;
    if (charge > this.capacityBytes) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.bytes -= old.length + entryOverheadBytes;
    }
    this.entries.set(key, buf);
    this.bytes += charge;
    this.evict();
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private evict(): void {
    // Oldest entries come first in a Map's iteration order.
    for (const [key, buf] of this.entries) {
      if (this.bytes <= this.capacityBytes) return;
      this.entries.delete(key);
      this.bytes -= buf.length + entryOverheadBytes;
    }
  }
}

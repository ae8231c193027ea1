import { cacheFilesMax } from './limits.js';

/**
 * The engine's block cache: an LRU of verified, decompressed chunks (Data.db) and index blocks
 * (Index.db), shared by every reader, bounded by the bytes it holds. A reader registers each file
 * it reads and gets a small file id; entries are keyed by (file id, chunk number). Releasing a file
 * drops its entries and frees its id for reuse, so a reused id never sees stale chunks.
 *
 * Cached buffers are handed to every reader that asks for them: nobody may write into them.
 * (Readers copy what they return, so cached memory never escapes to the engine.)
 */

/** Bookkeeping charged per entry on top of the chunk bytes (map slot, entry, Buffer object). */
const entryOverheadBytes = 128;

/** An entry, linked into the recency list (`newer` toward the head, the most recent). */
interface Entry {
  readonly fileId: number;
  readonly chunk: number;
  readonly buf: Buffer;
  newer: Entry | null;
  older: Entry | null;
}

export class ChunkCache {
  hits = 0;
  misses = 0;
  /** Chunks and blocks read from disk synchronously (a read's prefetch missed them; scans of verify, scrub, compaction). */
  syncReads = 0;
  /** Chunks and blocks loaded off the event loop (prefetch). */
  asyncReads = 0;
  /** Per file id: chunk number → entry. Small integer keys keep lookups cheap. */
  private readonly files: (Map<number, Entry> | undefined)[] = [];
  private head: Entry | null = null;
  private tail: Entry | null = null;
  private bytes = 0;
  private entries = 0;
  private readonly freeIds: number[] = [];

  constructor(readonly capacityBytes: number) {
    if (!(capacityBytes >= 0) || !Number.isSafeInteger(capacityBytes)) {
      throw new RangeError(`cache capacity must be a non-negative integer: ${capacityBytes}`);
    }
  }

  get sizeBytes(): number {
    return this.bytes;
  }

  get entryCount(): number {
    return this.entries;
  }

  /** A fresh id for a file this cache will hold chunks of. */
  registerFile(): number {
    const id = this.freeIds.pop() ?? this.files.length;
    if (id >= cacheFilesMax) throw new RangeError(`more than ${cacheFilesMax} files registered`);
    this.files[id] = new Map();
    return id;
  }

  /** Drops every chunk of `fileId` and makes the id available again. */
  releaseFile(fileId: number): void {
    const chunks = this.files[fileId];
    if (chunks === undefined) return;
    for (const e of chunks.values()) this.unlink(e);
    this.files[fileId] = undefined;
    this.freeIds.push(fileId);
  }

  get(fileId: number, chunk: number): Buffer | undefined {
    const e = this.files[fileId]?.get(chunk);
    if (e === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    if (this.head !== e) {
      this.detach(e);
      this.attachHead(e);
    }
    return e.buf;
  }

  /** True when the chunk is cached; changes neither the counters nor its recency. */
  peek(fileId: number, chunk: number): boolean {
    return this.files[fileId]?.has(chunk) === true;
  }

  put(fileId: number, chunk: number, buf: Buffer): void {
    const chunks = this.files[fileId];
    if (chunks === undefined) throw new Error(`file id ${fileId} is not registered`);
    if (buf.length + entryOverheadBytes > this.capacityBytes) return;
    const old = chunks.get(chunk);
    if (old !== undefined) this.unlink(old);
    const e: Entry = { fileId, chunk, buf, newer: null, older: null };
    chunks.set(chunk, e);
    this.attachHead(e);
    this.bytes += buf.length + entryOverheadBytes;
    this.entries++;
    while (this.bytes > this.capacityBytes && this.tail !== null) this.unlink(this.tail);
  }

  clear(): void {
    while (this.tail !== null) this.unlink(this.tail);
  }

  /** Removes an entry from both the list and its file's map. */
  private unlink(e: Entry): void {
    this.detach(e);
    this.files[e.fileId]?.delete(e.chunk);
    this.bytes -= e.buf.length + entryOverheadBytes;
    this.entries--;
  }

  private detach(e: Entry): void {
    if (e.newer !== null) e.newer.older = e.older;
    else this.head = e.older;
    if (e.older !== null) e.older.newer = e.newer;
    else this.tail = e.newer;
    e.newer = e.older = null;
  }

  private attachHead(e: Entry): void {
    e.older = this.head;
    e.newer = null;
    if (this.head !== null) this.head.newer = e;
    this.head = e;
    if (this.tail === null) this.tail = e;
  }
}

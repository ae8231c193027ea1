/**
 * The inodes of `MemoryFileSystem`, each tracking what it would look like after a power loss.
 *
 * A file keeps its current bytes and the length that was last fsynced. Appends leave the synced
 * prefix untouched, so durability costs nothing on the append-only paths (commit log, SSTable
 * writes); only an overwrite or truncation inside the synced prefix first copies it aside.
 * A directory keeps its current entries and the entries as of its last fsync.
 */

const EMPTY = Buffer.alloc(0);
const MIN_CAPACITY = 64;

export class MemFile {
  readonly kind = 'file';
  private data: Buffer = EMPTY;
  private length = 0;
  private syncedLength = 0;
  /** The synced bytes, once an overwrite or truncation would otherwise destroy them. */
  private syncedCopy: Buffer | null = null;

  /** A file whose whole content is already durable (what a crash leaves behind). */
  static durable(content: Buffer): MemFile {
    const f = new MemFile();
    f.write(0, content, 0, content.length);
    f.sync();
    return f;
  }

  get size(): number {
    return this.length;
  }

  read(position: number, target: Uint8Array, offset: number, length: number): number {
    const n = Math.max(0, Math.min(length, this.length - position));
    if (n > 0) target.set(this.data.subarray(position, position + n), offset);
    return n;
  }

  write(position: number, source: Uint8Array, offset: number, length: number): void {
    if (position < this.syncedLength) this.preserveSynced();
    const end = position + length;
    this.reserve(end);
    if (position > this.length) this.data.fill(0, this.length, position);
    this.data.set(source.subarray(offset, offset + length), position);
    this.length = Math.max(this.length, end);
  }

  truncate(length: number): void {
    if (length < this.syncedLength) this.preserveSynced();
    this.reserve(length);
    if (length > this.length) this.data.fill(0, this.length, length);
    this.length = length;
  }

  contents(): Buffer {
    return Buffer.from(this.data.subarray(0, this.length));
  }

  sync(): void {
    this.syncedLength = this.length;
    this.syncedCopy = null;
  }

  /** The bytes that survive a power loss. */
  durableContents(): Buffer {
    return Buffer.from(this.syncedCopy ?? this.data.subarray(0, this.syncedLength));
  }

  /** Bytes written past the synced length and not yet synced: what a torn write may half-keep. */
  unsyncedTail(): Buffer {
    return this.length > this.syncedLength ? this.data.subarray(this.syncedLength, this.length) : EMPTY;
  }

  /** Media corruption: flips one bit in the current and the durable bytes alike. */
  flipBit(offset: number, bit: number): void {
    if (offset < 0 || offset >= this.length) throw new RangeError(`offset ${offset} is outside the file (${this.length} bytes)`);
    this.data[offset] = this.data[offset]! ^ (1 << bit);
    if (this.syncedCopy !== null && offset < this.syncedCopy.length) {
      this.syncedCopy[offset] = this.syncedCopy[offset]! ^ (1 << bit);
    }
  }

  private preserveSynced(): void {
    this.syncedCopy ??= Buffer.from(this.data.subarray(0, this.syncedLength));
  }

  private reserve(capacity: number): void {
    if (capacity <= this.data.length) return;
    const grown = Buffer.alloc(Math.max(capacity, this.data.length * 2, MIN_CAPACITY));
    this.data.copy(grown, 0, 0, this.length);
    this.data = grown;
  }
}

export class MemDir {
  readonly kind = 'dir';
  readonly entries = new Map<string, MemNode>();
  private durable = new Map<string, MemNode>();

  /** Makes the current entries (creations, renames, unlinks) durable. */
  sync(): void {
    this.durable = new Map(this.entries);
  }

  /** Puts `node` where `name` is, durably only if the old entry was durable; gone if it was not. */
  replaceEntry(name: string, node: MemNode): void {
    if (this.durable.has(name)) {
      this.entries.set(name, node);
      this.durable.set(name, node);
    } else {
      this.entries.delete(name);
    }
  }

  durableEntries(): ReadonlyMap<string, MemNode> {
    return this.durable;
  }
}

export type MemNode = MemFile | MemDir;

/**
 * One commit log file (format in `segment-format.ts`) as the writer holds it: its descriptor while
 * it is written or synced, how far it has been handed to the OS, and which tables still have
 * unflushed data in it. A segment may be deleted once no table is dirty in it and it is no longer
 * the active one.
 *
 * Lifecycle (checked by invariants): `open` (written and synced) → `retired` (no more writes; its
 * descriptor closes once no fsync uses it) → `discarded` (file deleted; only when no table is
 * dirty in it). A replayed segment starts retired.
 *
 * Dirty tracking: for each table, the end offset of the last entry of that table in this segment.
 * A flush that covers everything up to position P cleans table T here when this segment is older
 * than P's, or is P's segment and T's last entry ends at or before P.
 */
import type { FileSystem } from '../../env/env.js';
import { invariant } from '../../util/invariant.js';
import type { CommitLogPosition } from '../model/commit-log-position.js';
import { SEGMENT_HEADER_BYTES, encodeSegmentHeader, segmentFileName, segmentSalt } from './segment-format.js';

export class CommitLogSegment {
  readonly salt: number;
  /** Bytes handed to the OS (header included); the next write goes here. For a replayed
   * segment, its size on disk. */
  fileEnd: number;
  private fd: number | null;
  private syncsInFlight = 0;
  private closeWhenIdle = false;
  private readonly dirty: Map<string, number>;
  private lifecycle: 'open' | 'retired' | 'discarded';

  private constructor(
    private readonly fs: FileSystem,
    readonly id: number,
    readonly path: string,
    fd: number | null,
    fileEnd: number,
    dirty: Map<string, number>,
  ) {
    this.salt = segmentSalt(id);
    this.fd = fd;
    this.fileEnd = fileEnd;
    this.dirty = dirty;
    this.lifecycle = fd === null ? 'retired' : 'open';
  }

  /** Creates the file (which must not exist), writes its header and makes its name durable. */
  static create(fs: FileSystem, dir: string, id: number): CommitLogSegment {
    const path = `${dir}/${segmentFileName(id)}`;
    const fd = fs.openSync(path, 'wx');
    const segment = new CommitLogSegment(fs, id, path, fd, 0, new Map());
    try {
      const header = encodeSegmentHeader(id);
      segment.write(header, 0, header.length);
      fs.fsyncDirSync(dir);
    } catch (err) {
      segment.closeNow();
      throw err;
    }
    return segment;
  }

  /** A segment left by an earlier run: already replayed, never written again, kept until clean. */
  static replayed(
    fs: FileSystem,
    path: string,
    id: number,
    sizeBytes: number,
    tables: ReadonlyMap<string, number>,
  ): CommitLogSegment {
    return new CommitLogSegment(fs, id, path, null, sizeBytes, new Map(tables));
  }

  /** True when nothing but the header has been written. */
  get isEmpty(): boolean {
    return this.fileEnd <= SEGMENT_HEADER_BYTES;
  }

  /** Writes `buf[from, to)` at `fileEnd`, retrying short writes. */
  write(buf: Uint8Array, from: number, to: number): void {
    invariant(this.lifecycle === 'open', 'commit log segment: written after it was retired');
    const fd = this.openFd();
    while (from < to) {
      const n = this.fs.writeSync(fd, buf, from, to - from, this.fileEnd);
      if (n <= 0) throw new Error(`short write to ${this.path}`);
      from += n;
      this.fileEnd += n;
    }
  }

  async fsync(): Promise<void> {
    const fd = this.openFd();
    this.syncsInFlight++;
    try {
      await this.fs.fsync(fd);
    } finally {
      this.syncsInFlight--;
      if (this.closeWhenIdle && this.syncsInFlight === 0) this.closeNow();
    }
  }

  fsyncSync(): void {
    this.fs.fsyncSync(this.openFd());
  }

  /** No more writes: closes the descriptor once no fsync is using it. */
  retire(): void {
    if (this.lifecycle === 'open') this.lifecycle = 'retired';
    if (this.syncsInFlight === 0) this.closeNow();
    else this.closeWhenIdle = true;
  }

  /** Removes the file (the caller makes the directory durable). */
  discard(): void {
    invariant(this.lifecycle !== 'discarded', `commit log segment ${this.id}: discarded twice`);
    invariant(this.isClean, `commit log segment ${this.id}: discarded while tables are dirty in it`);
    this.retire();
    this.lifecycle = 'discarded';
    this.fs.unlinkSync(this.path);
  }

  markDirty(tableId: string, endOffset: number): void {
    invariant(this.lifecycle === 'open', 'commit log segment: marked dirty after it was retired');
    this.dirty.set(tableId, endOffset);
  }

  markClean(tableId: string, upTo: CommitLogPosition): void {
    const lastEnd = this.dirty.get(tableId);
    if (lastEnd === undefined) return;
    if (this.id < upTo.segmentId || (this.id === upTo.segmentId && lastEnd <= upTo.offset)) this.dirty.delete(tableId);
  }

  get isClean(): boolean {
    return this.dirty.size === 0;
  }

  dirtyTables(): string[] {
    return [...this.dirty.keys()];
  }

  private openFd(): number {
    if (this.fd === null) throw new Error(`commit log segment ${this.path} is not open for writing`);
    return this.fd;
  }

  private closeNow(): void {
    if (this.fd === null) return;
    const fd = this.fd;
    this.fd = null;
    this.fs.closeSync(fd);
  }
}

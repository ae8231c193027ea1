/**
 * One commit log file (format in `segment-format.ts`) as the writer holds it: its descriptor while
 * it is written or synced, how far it has been handed to the OS, and which tables still have
 * unflushed data in it. A segment may be deleted once no table is dirty in it and it is no longer
 * the active one.
 *
 * Lifecycle (checked by invariants): `open` (written and synced) → `retired` (no more writes; its
 * descriptor closes once no fsync uses it) → `discarded` (file deleted; only when no table is
 * dirty in it). A replayed segment starts retired. A segment started while its predecessor's
 * fsync is in flight (`planned`) has no file until its first write: a crash before that leaves
 * the predecessor the last file, where a torn tail is expected.
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
  /** A planned segment's directory until its file is created; null once it is (or for others). */
  private dir: string | null = null;

  private constructor(
    private readonly fs: FileSystem,
    readonly id: number,
    readonly path: string,
    fd: number | null,
    fileEnd: number,
    dirty: Map<string, number>,
    lifecycle: 'open' | 'retired',
  ) {
    this.salt = segmentSalt(id);
    this.fd = fd;
    this.fileEnd = fileEnd;
    this.dirty = dirty;
    this.lifecycle = lifecycle;
  }

  /** Creates the file (which must not exist), writes its header and makes its name durable. */
  static create(fs: FileSystem, dir: string, id: number): CommitLogSegment {
    const segment = CommitLogSegment.planned(fs, dir, id);
    segment.createFile();
    return segment;
  }

  /** A segment whose file is created (as `create` does) at its first write. */
  static planned(fs: FileSystem, dir: string, id: number): CommitLogSegment {
    const segment = new CommitLogSegment(fs, id, `${dir}/${segmentFileName(id)}`, null, SEGMENT_HEADER_BYTES, new Map(), 'open');
    segment.dir = dir;
    return segment;
  }

  private createFile(): void {
    const dir = this.dir!;
    const fd = this.fs.openSync(this.path, 'wx');
    this.dir = null;
    this.fd = fd;
    try {
      const header = encodeSegmentHeader(this.id);
      let from = 0;
      while (from < header.length) {
        const n = this.fs.writeSync(fd, header, from, header.length - from, from);
        if (n <= 0) throw new Error(`short write to ${this.path}`);
        from += n;
      }
      this.fs.fsyncDirSync(dir);
    } catch (err) {
      this.closeNow();
      throw err;
    }
  }

  /** A segment left by an earlier run: already replayed, never written again, kept until clean. */
  static replayed(
    fs: FileSystem,
    path: string,
    id: number,
    sizeBytes: number,
    tables: ReadonlyMap<string, number>,
  ): CommitLogSegment {
    return new CommitLogSegment(fs, id, path, null, sizeBytes, new Map(tables), 'retired');
  }

  /** True when nothing but the header has been written. */
  get isEmpty(): boolean {
    return this.fileEnd <= SEGMENT_HEADER_BYTES;
  }

  /** Writes `buf[from, to)` at `fileEnd`, retrying short writes. */
  write(buf: Uint8Array, from: number, to: number): void {
    invariant(this.lifecycle === 'open', 'commit log segment: written after it was retired');
    if (this.dir !== null) this.createFile();
    const fd = this.openFd();
    while (from < to) {
      const n = this.fs.writeSync(fd, buf, from, to - from, this.fileEnd);
      if (n <= 0) throw new Error(`short write to ${this.path}`);
      from += n;
      this.fileEnd += n;
    }
  }

  async fsync(): Promise<void> {
    if (this.dir !== null) return; // planned, nothing written: nothing to make durable
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

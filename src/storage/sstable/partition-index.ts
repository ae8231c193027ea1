import type { FileSystem } from '../../env/env.js';
import { ByteWriter } from '../../util/byte-writer.js';
import { crc32c } from '../../util/crc.js';
import { compareRange } from './bytes.js';
import { indexBlockBytesMax, indexBlockBytesTarget, nameBytesMax, positionBytesMax } from './limits.js';
import type { CellBlockRef } from './partition-codec.js';

/**
 * Index.db: one entry per partition, in position order, grouped into checksummed blocks. The
 * summary (`summary.ts`) holds each block's first position, offset and length in memory.
 *
 *   index      = indexBlock*
 *   indexBlock = entry{n} entryStart:u32{n} n:u32 crc32c:u32   ; crc over everything before it
 *   entry      = posLen:varint position dataOffset:varint dataWidth:varint headerWidth:varint
 *                blockCount:varint blockStart:u32{blockCount} cellBlock{blockCount}
 *   cellBlock  = firstLen:varint first lastLen:varint last offset:varint width:varint
 *
 * entryStart is an entry's offset from the block start (for binary search); blockStart a cell
 * block's offset from the end of the blockStart table. dataOffset is the record's offset in
 * Data.db's uncompressed stream; dataWidth its length; headerWidth the length of its header. A
 * partition whose cells fit one cell block has blockCount 0. A block holds up to the configured
 * entry count and is closed early past `indexBlockBytesTarget`. Layout is an on-disk constant.
 */
export interface SummaryEntry {
  readonly firstPosition: Buffer;
  readonly offset: number;
  readonly length: number;
}

/** Writes Index.db blocks and collects the summary entries. */
export class IndexWriter {
  private readonly w = new ByteWriter(indexBlockBytesTarget + 4096);
  private readonly entryStarts: number[] = [];
  private firstPosition: Buffer | null = null;
  private written = 0;
  readonly summary: SummaryEntry[] = [];

  constructor(
    private readonly fs: FileSystem,
    readonly fd: number,
    private readonly entriesPerBlock: number,
  ) {}

  get onDiskBytes(): number {
    return this.written;
  }

  add(position: Buffer, dataOffset: number, dataWidth: number, headerWidth: number, blocks: readonly CellBlockRef[]): void {
    if (position.length > positionBytesMax) throw new RangeError(`position of ${position.length} bytes exceeds ${positionBytesMax}`);
    const w = this.w;
    if (this.firstPosition === null) this.firstPosition = Buffer.from(position);
    this.entryStarts.push(w.length);
    w.lenBytes(position).varint(dataOffset).varint(dataWidth).varint(headerWidth).varint(blocks.length);
    const tableAt = w.length;
    for (let i = 0; i < blocks.length; i++) w.u32(0);
    const blocksAt = w.length;
    for (let i = 0; i < blocks.length; i++) {
      const b = blocks[i]!;
      w.patchU32(tableAt + 4 * i, w.length - blocksAt);
      w.lenBytes(b.first).lenBytes(b.last).varint(b.offset).varint(b.width);
    }
    if (w.length > indexBlockBytesMax) throw new RangeError(`index block exceeds ${indexBlockBytesMax} bytes`);
    if (this.entryStarts.length >= this.entriesPerBlock || w.length >= indexBlockBytesTarget) this.flush();
  }

  /** Writes the last block; the fd stays open for fsync. */
  finish(): readonly SummaryEntry[] {
    if (this.entryStarts.length > 0) this.flush();
    return this.summary;
  }

  private flush(): void {
    const w = this.w;
    for (const s of this.entryStarts) w.u32(s);
    w.u32(this.entryStarts.length);
    w.u32(crc32c(w.view()));
    const block = w.view();
    let done = 0;
    while (done < block.length) done += this.fs.writeSync(this.fd, block, done, block.length - done, this.written + done);
    this.summary.push({ firstPosition: this.firstPosition!, offset: this.written, length: block.length });
    this.written += block.length;
    this.entryStarts.length = 0;
    this.firstPosition = null;
    w.reset();
  }
}

/** Verifies a raw block (as read, crc included); returns the block without its crc or null if bad. */
export function verifyIndexBlock(raw: Buffer): Buffer | null {
  if (raw.length < 8) return null;
  const end = raw.length - 4;
  if (raw.readUInt32BE(end) !== crc32c(raw.subarray(0, end))) return null;
  return raw.subarray(0, end);
}

/** Reads varints from a buffer, tracking the position (reused, no allocation per read). */
class VarintCursor {
  pos = 0;
  constructor(
    readonly buf: Buffer,
    readonly end: number,
  ) {}

  varint(): number {
    if (this.pos < this.end && this.buf[this.pos]! < 0x80) return this.buf[this.pos++]!;
    let v = 0;
    let mul = 1;
    for (let i = 0; i < 8; i++) {
      if (this.pos >= this.end) throw new RangeError('index entry truncated');
      const b = this.buf[this.pos++]!;
      v += (b & 0x7f) * mul;
      if (b < 0x80) return v;
      mul *= 0x80;
    }
    throw new RangeError('varint too long');
  }

  /** Skips a varint-length-prefixed byte string; returns its start (its end is `pos`). */
  lenBytes(max: number): number {
    const n = this.varint();
    if (n > max || this.pos + n > this.end) throw new RangeError(`bad length ${n}`);
    const start = this.pos;
    this.pos += n;
    return start;
  }
}

/** A parsed index entry. Its position stays in the index block: see `copyPosition`. */
export interface IndexEntry {
  readonly block: Buffer;
  readonly positionStart: number;
  readonly positionEnd: number;
  readonly dataOffset: number;
  readonly dataWidth: number;
  readonly headerWidth: number;
  readonly cellBlocks: CellBlockIndex | null;
}

/** A copy of the entry's position. */
export function copyPosition(e: IndexEntry): Buffer {
  return Buffer.from(e.block.subarray(e.positionStart, e.positionEnd));
}

/** Sign of (the entry's position − target). */
export function comparePosition(e: IndexEntry, target: Uint8Array): number {
  return compareRange(e.block, e.positionStart, e.positionEnd, target, 0, target.length);
}

/** A verified index block (crc stripped), searched in place. */
export class IndexBlock {
  readonly count: number;
  private readonly tableAt: number;
  private readonly cur: VarintCursor;

  constructor(readonly buf: Buffer) {
    this.count = buf.readUInt32BE(buf.length - 4);
    this.tableAt = buf.length - 4 - 4 * this.count;
    if (this.count < 1 || this.tableAt < 0) throw new RangeError(`bad index block entry count ${this.count}`);
    this.cur = new VarintCursor(buf, this.tableAt);
  }

  private entryStart(i: number): number {
    const b = this.buf;
    const t = this.tableAt + 4 * i;
    const s = ((b[t]! << 24) | (b[t + 1]! << 16) | (b[t + 2]! << 8) | b[t + 3]!) >>> 0;
    if (s >= this.tableAt) throw new RangeError(`bad index entry offset ${s}`);
    return s;
  }

  /** Sign of (position of entry i − target). */
  comparePosition(i: number, target: Uint8Array): number {
    const c = this.cur;
    c.pos = this.entryStart(i);
    const start = c.lenBytes(positionBytesMax);
    return compareRange(this.buf, start, c.pos, target, 0, target.length);
  }

  /** The first entry whose position is ≥ target (> target when not inclusive); `count` if none. */
  lowerBound(target: Uint8Array, inclusive: boolean): number {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = this.comparePosition(mid, target);
      if (c < 0 || (c === 0 && !inclusive)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The entry with exactly this position, or -1. */
  find(target: Uint8Array): number {
    const i = this.lowerBound(target, true);
    return i < this.count && this.comparePosition(i, target) === 0 ? i : -1;
  }

  entry(i: number): IndexEntry {
    const c = this.cur;
    c.pos = this.entryStart(i);
    const positionStart = c.lenBytes(positionBytesMax);
    const positionEnd = c.pos;
    const block = this.buf;
    const dataOffset = c.varint();
    const dataWidth = c.varint();
    const headerWidth = c.varint();
    const blockCount = c.varint();
    if (headerWidth > dataWidth) throw new RangeError(`header width ${headerWidth} > data width ${dataWidth}`);
    const cellBlocks = blockCount === 0 ? null : new CellBlockIndex(this.buf, c.pos, blockCount, this.tableAt);
    return { block, positionStart, positionEnd, dataOffset, dataWidth, headerWidth, cellBlocks };
  }
}

/** The cell blocks of one wide partition, searched in place inside an index block. */
export class CellBlockIndex {
  private readonly blocksAt: number;
  private readonly cur: VarintCursor;

  constructor(
    private readonly buf: Buffer,
    private readonly tableAt: number,
    readonly count: number,
    end: number,
  ) {
    this.blocksAt = tableAt + 4 * count;
    if (this.blocksAt > end) throw new RangeError(`cell block table overruns the index block`);
    this.cur = new VarintCursor(buf, end);
  }

  /** Positions the cursor at block i's first name length. */
  private seek(i: number): VarintCursor {
    const b = this.buf;
    const t = this.tableAt + 4 * i;
    const c = this.cur;
    c.pos = this.blocksAt + (((b[t]! << 24) | (b[t + 1]! << 16) | (b[t + 2]! << 8) | b[t + 3]!) >>> 0);
    return c;
  }

  /** Offset (from the partition start) and width of block i. */
  span(i: number): { offset: number; width: number } {
    const c = this.seek(i);
    c.lenBytes(nameBytesMax);
    c.lenBytes(nameBytesMax);
    const offset = c.varint();
    return { offset, width: c.varint() };
  }

  /** Sign of (last name of block i − name). */
  compareLast(i: number, name: Uint8Array): number {
    const c = this.seek(i);
    c.lenBytes(nameBytesMax);
    const start = c.lenBytes(nameBytesMax);
    return compareRange(this.buf, start, c.pos, name, 0, name.length);
  }

  /** Sign of (first name of block i − name). */
  compareFirst(i: number, name: Uint8Array): number {
    const c = this.seek(i);
    const start = c.lenBytes(nameBytesMax);
    return compareRange(this.buf, start, c.pos, name, 0, name.length);
  }

  /** The first block whose last name is ≥ name; `count` if none. */
  firstEndingAtOrAfter(name: Uint8Array): number {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compareLast(mid, name) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The last block whose first name is ≤ name; -1 if none. */
  lastStartingAtOrBefore(name: Uint8Array): number {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compareFirst(mid, name) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }
}

import { type Cell, CellKind, NO_DELETION_TIME } from '../model/cell.js';
import { compareRange } from './bytes.js';
import { int64Max, int64Min, KIND_MASK, SAME_TS } from './partition-codec.js';
import { nameBytesMax, valueBytesMax } from './limits.js';
import { valueTooLong } from '../model/value-size.js';

/**
 * Decodes a run of cells (one cell block, or a whole partition's cells) in the format of
 * `partition-codec.ts`, one cell at a time. `advance()` parses the next cell into reusable state
 * (the name into a scratch buffer) without allocating; `cell()` materializes the current cell
 * with copies of its name and value, so skipped cells cost no allocation and returned cells never
 * share memory with the chunk cache. Malformed input throws RangeError; the reader turns it into
 * a CorruptionError.
 */
const EMPTY = Buffer.alloc(0);
/** Copies of at most this many bytes use a JS loop (cheaper than a native call). */
const loopCopyBytesMax = 64;
const varintBytesMax = 8;
/** Bytes of a varu64 decoded as a plain number (7 bytes = 49 bits, exact in a double). */
const numberDeltaBytesMax = 7;
const varu64BytesMax = 10;
const u64Max = 2n ** 64n - 1n;

function copyOut(src: Buffer, start: number, end: number): Buffer {
  const n = end - start;
  if (n === 0) return EMPTY;
  const out = Buffer.allocUnsafe(n);
  if (n <= loopCopyBytesMax) {
    for (let i = 0; i < n; i++) out[i] = src[start + i]!;
  } else {
    src.copy(out, 0, start, end);
  }
  return out;
}

function truncated(): RangeError {
  return new RangeError('cell run truncated');
}

export class CellRun {
  private buf: Buffer = EMPTY;
  private pos = 0;
  private end = 0;
  private tsBase = 0n;
  /** Grows with the longest name seen; starts small because every cursor makes one. */
  private nameBuf = Buffer.allocUnsafe(64);
  /** Length of the current cell's name in the scratch buffer. */
  nameLen = 0;
  kind = 0;
  private hasTs = false;
  /** The current cell's timestamp delta: a number, or -1 with the value in `deltaBig`. */
  private delta = 0;
  private deltaBig = 0n;
  private ttl = 0;
  private ldt = 0;
  private valueStart = 0;
  private valueEnd = 0;
  /** The last materialized timestamp, reused while cells share it. */
  private tsMemoDelta = -2;
  private tsMemoBig = 0n;
  private tsMemo = 0n;

  /** Values longer are damage: the node's max_value_size_in_mb, never above the format's valueBytesMax. */
  private readonly valueBytesBound: number;

  constructor(maxValueSizeBytes: number = valueBytesMax) {
    this.valueBytesBound = Math.min(maxValueSizeBytes, valueBytesMax);
  }

  /** Starts decoding buf[start, end), the start of a cell block, with timestamp base `tsBase`. */
  reset(buf: Buffer, start: number, end: number, tsBase: bigint): void {
    this.buf = buf;
    this.pos = start;
    this.end = end;
    this.nameLen = 0;
    this.hasTs = false;
    if (tsBase !== this.tsBase) {
      this.tsBase = tsBase;
      this.tsMemoDelta = -2;
    }
  }

  /** Parses the next cell; false when the run is exhausted. */
  advance(): boolean {
    if (this.pos >= this.end) return false;
    const flags = this.buf[this.pos++]!;
    const kind = flags & KIND_MASK;
    if ((flags & ~(KIND_MASK | SAME_TS)) !== 0 || kind > CellKind.TOMBSTONE) throw new RangeError(`bad cell flags ${flags}`);
    this.kind = kind;
    this.readName();
    if ((flags & SAME_TS) !== 0) {
      if (!this.hasTs) throw new RangeError('SAME_TS on the first cell of a block');
    } else {
      this.readDelta();
      this.hasTs = true;
    }
    this.ttl = kind === CellKind.EXPIRING ? this.varint() : 0;
    this.ldt = kind === CellKind.LIVE ? NO_DELETION_TIME : this.u32();
    if (kind === CellKind.TOMBSTONE) {
      this.valueStart = this.valueEnd = this.pos;
    } else {
      const n = this.varint();
      if (n > this.valueBytesBound) throw new RangeError(n > valueBytesMax ? `bad value length ${n}` : valueTooLong(n, this.valueBytesBound));
      if (this.pos + n > this.end) throw new RangeError(`bad value length ${n}`);
      this.valueStart = this.pos;
      this.pos += n;
      this.valueEnd = this.pos;
    }
    return true;
  }

  /** Sign of (current name − b). */
  compareName(b: Uint8Array): number {
    return compareRange(this.nameBuf, 0, this.nameLen, b, 0, b.length);
  }

  /**
   * The current cell, materialized (for cursors: cells that usually die young). The name is copied
   * (it is rebuilt in a scratch buffer); the value is a view of the decoded chunk, which is never
   * written after decoding — no copy on the read hot path, at the price that a value kept for long
   * keeps its chunk's memory alive.
   */
  cell(): Cell {
    const name = copyOut(this.nameBuf, 0, this.nameLen);
    const kind = this.kind as CellKind;
    const value = kind === CellKind.TOMBSTONE ? EMPTY : this.buf.subarray(this.valueStart, this.valueEnd);
    const timestamp = this.timestampOf(this.delta, this.deltaBig);
    return { name, kind, value, timestamp, ttl: this.ttl, localDeletionTime: this.ldt };
  }

  /**
   * The same as `cell()`, from a separate allocation site, for whole-partition decoding (scans,
   * compaction), whose cells live long. V8 pretenures an object-literal site whose objects tend to
   * survive; if scans and cursors shared one, a scan could make every short-lived cursor cell an
   * old-space object, and its young name and value buffers survive every scavenge through it.
   */
  longLivedCell(): Cell {
    const name = copyOut(this.nameBuf, 0, this.nameLen);
    const kind = this.kind as CellKind;
    const value = kind === CellKind.TOMBSTONE ? EMPTY : copyOut(this.buf, this.valueStart, this.valueEnd);
    const timestamp = this.timestampOf(this.delta, this.deltaBig);
    return { name, kind, value, timestamp, ttl: this.ttl, localDeletionTime: this.ldt };
  }

  private timestampOf(delta: number, deltaBig: bigint): bigint {
    if (delta === this.tsMemoDelta && (delta !== -1 || deltaBig === this.tsMemoBig)) return this.tsMemo;
    let ts: bigint;
    if (delta !== -1) {
      // tsBase is the partition's least timestamp and the record passed its checksum, so a small
      // delta cannot leave the int64 range: skip the (costly) bigint range check.
      ts = this.tsBase + BigInt(delta);
    } else {
      ts = this.tsBase + deltaBig;
      if (ts > int64Max || ts < int64Min) throw new RangeError('timestamp out of int64 range');
    }
    this.tsMemoDelta = delta;
    this.tsMemoBig = deltaBig;
    this.tsMemo = ts;
    return ts;
  }

  private readName(): void {
    const shared = this.varint();
    const suffixLen = this.varint();
    const len = shared + suffixLen;
    if (shared > this.nameLen || len > nameBytesMax || this.pos + suffixLen > this.end) {
      throw new RangeError(`bad name (shared ${shared}, suffix ${suffixLen})`);
    }
    if (len > this.nameBuf.length) {
      const grown = Buffer.allocUnsafe(Math.max(len, this.nameBuf.length * 2));
      this.nameBuf.copy(grown, 0, 0, shared);
      this.nameBuf = grown;
    }
    const src = this.buf;
    const dst = this.nameBuf;
    const from = this.pos;
    if (suffixLen <= loopCopyBytesMax) {
      for (let i = 0; i < suffixLen; i++) dst[shared + i] = src[from + i]!;
    } else {
      src.copy(dst, shared, from, from + suffixLen);
    }
    this.pos = from + suffixLen;
    this.nameLen = len;
  }

  private varint(): number {
    const buf = this.buf;
    let pos = this.pos;
    let v = 0;
    let mul = 1;
    for (let i = 0; i < varintBytesMax; i++) {
      if (pos >= this.end) throw truncated();
      const b = buf[pos++]!;
      v += (b & 0x7f) * mul;
      if (b < 0x80) {
        this.pos = pos;
        return v;
      }
      mul *= 0x80;
    }
    throw new RangeError('varint too long');
  }

  private u32(): number {
    if (this.pos + 4 > this.end) throw truncated();
    const v = this.buf.readUInt32BE(this.pos);
    this.pos += 4;
    return v;
  }

  private readDelta(): void {
    const buf = this.buf;
    let pos = this.pos;
    let v = 0;
    let mul = 1;
    for (let i = 0; i < numberDeltaBytesMax; i++) {
      if (pos >= this.end) throw truncated();
      const b = buf[pos++]!;
      v += (b & 0x7f) * mul;
      if (b < 0x80) {
        this.pos = pos;
        this.delta = v;
        return;
      }
      mul *= 0x80;
    }
    let big = BigInt(v);
    let shift = 49n;
    for (let i = numberDeltaBytesMax; i < varu64BytesMax; i++) {
      if (pos >= this.end) throw truncated();
      const b = buf[pos++]!;
      big |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) {
        if (big > u64Max) throw new RangeError('varu64 overflow');
        this.pos = pos;
        this.delta = -1;
        this.deltaBig = big;
        return;
      }
      shift += 7n;
    }
    throw new RangeError('varu64 too long');
  }
}

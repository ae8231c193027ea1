import type { Cell } from '../model/cell.js';
import type { DeletionTime, RangeTombstone } from '../model/deletion.js';
import { compareBytes } from './bytes.js';
import { CellRun } from './cell-run.js';
import { valueBytesMax } from './limits.js';
import type { PartitionHeader } from './partition-codec.js';

/**
 * Lazy iteration over the cells of one partition within a name slice, forward or reverse,
 * block by block (see `partition-codec.ts` for cell blocks): a forward slice seeks to the first
 * block that can hold `start`; a reverse slice starts at the last block that can hold `end` and
 * walks blocks backwards, decoding each block forward once and emitting it from the end.
 */

/** Cells with start ≤ name ≤ end (Buffer.compare), in forward or reverse order. */
export interface Slice {
  readonly start: Buffer;
  readonly end: Buffer;
  readonly reversed: boolean;
}

export interface PartitionCursor {
  readonly key: Buffer;
  readonly partitionDeletion: DeletionTime;
  /** Those overlapping the slice, sorted by start (in either direction). */
  readonly rangeTombstones: readonly RangeTombstone[];
  /** The next cell of the slice (tombstone cells included), or null when done. */
  next(): Cell | null;
}

/** Where a cursor gets its cell blocks from. */
export interface CellBlockSource {
  readonly count: number;
  /** Points `run` at the start of block i. */
  load(i: number, run: CellRun): void;
  /** The first block whose last name is ≥ name (`count` if none). */
  firstEndingAtOrAfter(name: Buffer): number;
  /** The last block whose first name is ≤ name (-1 if none). */
  lastStartingAtOrBefore(name: Buffer): number;
  /** True when block i's last name is known to be ≤ name (false when unknown). */
  endsAtOrBefore(i: number, name: Buffer): boolean;
  /** True when block i's first name is known to be ≥ name (false when unknown). */
  startsAtOrAfter(i: number, name: Buffer): boolean;
}

/** Turns any decoding failure into the reader's CorruptionError. */
export type CorruptionWrapper = (e: unknown) => Error;

export function overlapping(rts: readonly RangeTombstone[], slice: Slice): RangeTombstone[] {
  return rts.filter((rt) => compareBytes(rt.start, slice.end) <= 0 && compareBytes(rt.end, slice.start) >= 0);
}

/**
 * Opens a cursor. `longLived` says the caller keeps the cells (whole-partition reads): they are
 * then allocated apart from the usual short-lived ones (see `CellRun.longLivedCell`).
 */
export function openCursor(
  header: PartitionHeader,
  source: CellBlockSource,
  slice: Slice,
  wrap: CorruptionWrapper,
  longLived = false,
  maxValueSizeBytes: number = valueBytesMax,
): PartitionCursor {
  const rts = overlapping(header.rangeTombstones, slice);
  const empty = compareBytes(slice.start, slice.end) > 0 || source.count === 0;
  const Impl = slice.reversed ? ReverseCursor : ForwardCursor;
  return new Impl(header, rts, source, slice, wrap, empty, longLived, maxValueSizeBytes);
}

class ForwardCursor implements PartitionCursor {
  readonly key: Buffer;
  readonly partitionDeletion: DeletionTime;
  private readonly run: CellRun;
  private block: number;
  private done: boolean;
  private skipping = true;
  private checkEnd = true;

  constructor(
    header: PartitionHeader,
    readonly rangeTombstones: readonly RangeTombstone[],
    private readonly source: CellBlockSource,
    private readonly slice: Slice,
    private readonly wrap: CorruptionWrapper,
    empty: boolean,
    private readonly longLived: boolean,
    maxValueSizeBytes: number,
  ) {
    this.run = new CellRun(maxValueSizeBytes);
    this.key = header.key;
    this.partitionDeletion = header.partitionDeletion;
    this.block = empty ? source.count : source.firstEndingAtOrAfter(slice.start);
    this.done = this.block >= source.count;
    if (!this.done) this.load();
  }

  private load(): void {
    try {
      this.source.load(this.block, this.run);
      this.checkEnd = !this.source.endsAtOrBefore(this.block, this.slice.end);
      if (this.skipping && this.source.startsAtOrAfter(this.block, this.slice.start)) this.skipping = false;
    } catch (e) {
      throw this.wrap(e);
    }
  }

  next(): Cell | null {
    try {
      const run = this.run;
      while (!this.done) {
        if (!run.advance()) {
          this.block++;
          if (this.block >= this.source.count) this.done = true;
          else this.load();
          continue;
        }
        if (this.skipping) {
          if (run.compareName(this.slice.start) < 0) continue;
          this.skipping = false;
        }
        if (this.checkEnd && run.compareName(this.slice.end) > 0) {
          this.done = true;
          return null;
        }
        return this.longLived ? run.longLivedCell() : run.cell();
      }
      return null;
    } catch (e) {
      throw this.wrap(e);
    }
  }
}

/**
 * Walks blocks from the last one that can hold `end` backwards. Each block is decoded forward
 * once, materializing the cells inside the slice, which are then handed out from the end. Cell
 * blocks are small (about 1 KiB of cells), so a reader that stops early wastes at most one
 * block's worth of decoding.
 */
class ReverseCursor implements PartitionCursor {
  readonly key: Buffer;
  readonly partitionDeletion: DeletionTime;
  private readonly run: CellRun;
  /** The current block's cells inside the slice, in forward order; handed out with pop(). */
  private readonly pending: Cell[] = [];
  private block: number;
  /** Set once a block held a name below start: earlier blocks cannot contribute. */
  private reachedStart = false;

  constructor(
    header: PartitionHeader,
    readonly rangeTombstones: readonly RangeTombstone[],
    private readonly source: CellBlockSource,
    private readonly slice: Slice,
    private readonly wrap: CorruptionWrapper,
    empty: boolean,
    private readonly longLived: boolean,
    maxValueSizeBytes: number,
  ) {
    this.run = new CellRun(maxValueSizeBytes);
    this.key = header.key;
    this.partitionDeletion = header.partitionDeletion;
    this.block = empty ? -1 : source.lastStartingAtOrBefore(slice.end);
    if (this.block >= 0) this.fill();
  }

  /** Decodes block `this.block` forward, keeping the cells inside the slice. */
  private fill(): void {
    try {
      const { run, pending, slice } = this;
      this.source.load(this.block, run);
      const checkEnd = !this.source.endsAtOrBefore(this.block, slice.end);
      const checkStart = !this.source.startsAtOrAfter(this.block, slice.start);
      while (run.advance()) {
        if (checkStart && run.compareName(slice.start) < 0) {
          this.reachedStart = true;
          continue;
        }
        if (checkEnd && run.compareName(slice.end) > 0) break;
        pending.push(this.longLived ? run.longLivedCell() : run.cell());
      }
    } catch (e) {
      throw this.wrap(e);
    }
  }

  next(): Cell | null {
    while (this.pending.length === 0) {
      if (this.reachedStart || this.block <= 0) return null;
      this.block--;
      this.fill();
    }
    return this.pending.pop()!;
  }
}

import type { CellRun } from './cell-run.js';
import type { ByteSpan, DataFileReader } from './data-file-reader.js';
import type { CellBlockIndex } from './partition-index.js';
import type { CellBlockSource } from './partition-cursor.js';

/** The cells of a partition without a cell index: one block, already in memory. */
export class SingleBlockSource implements CellBlockSource {
  readonly count = 1;

  constructor(
    private readonly buf: Buffer,
    private readonly start: number,
    private readonly end: number,
    private readonly tsBase: bigint,
  ) {}

  load(_i: number, run: CellRun): void {
    run.reset(this.buf, this.start, this.end, this.tsBase);
  }

  firstEndingAtOrAfter(): number {
    return 0;
  }

  lastStartingAtOrBefore(): number {
    return 0;
  }

  endsAtOrBefore(): boolean {
    return false;
  }

  startsAtOrAfter(): boolean {
    return false;
  }
}

/** The cell blocks of a wide partition, located through its index entry and read on demand. */
export class IndexedBlockSource implements CellBlockSource {
  readonly count: number;
  private readonly span: ByteSpan = { buf: Buffer.alloc(0), start: 0 };

  constructor(
    private readonly data: DataFileReader,
    private readonly dataOffset: number,
    private readonly headerWidth: number,
    private readonly dataWidth: number,
    private readonly blocks: CellBlockIndex,
    private readonly tsBase: bigint,
    private readonly fillCache: boolean,
  ) {
    this.count = blocks.count;
  }

  load(i: number, run: CellRun): void {
    const { offset, width } = this.blocks.span(i);
    if (offset < this.headerWidth || offset + width > this.dataWidth) {
      throw new RangeError(`cell block ${i} [${offset}, +${width}) outside the partition`);
    }
    const span = this.span;
    this.data.locate(this.dataOffset + offset, width, this.fillCache, span);
    run.reset(span.buf, span.start, span.start + width, this.tsBase);
  }

  firstEndingAtOrAfter(name: Buffer): number {
    return this.blocks.firstEndingAtOrAfter(name);
  }

  lastStartingAtOrBefore(name: Buffer): number {
    return this.blocks.lastStartingAtOrBefore(name);
  }

  endsAtOrBefore(i: number, name: Buffer): boolean {
    return this.blocks.compareLast(i, name) <= 0;
  }

  startsAtOrAfter(i: number, name: Buffer): boolean {
    return this.blocks.compareFirst(i, name) >= 0;
  }
}

import type { DeletionTime, RangeTombstone } from '../model/deletion.js';
import type { LazyPartition, PartitionCursor, SSTableReader } from '../sstable/index.js';
import { type CellCursor, EMPTY_CURSOR } from './cell-cursor.js';
import type { PartitionView } from './partition-view.js';

/**
 * An SSTable's view of one partition. The reader seeks per slice through its partition and cell
 * indexes; the cursor for the slice asked first is opened eagerly (it also tells whether the
 * partition is there at all, which the bloom filter only guesses).
 */
export class SSTablePartitionView implements PartitionView {
  private cached: { start: Buffer; end: Buffer; reversed: boolean; cursor: PartitionCursor | null };

  private constructor(
    private readonly reader: SSTableReader,
    private readonly position: Buffer,
    first: { start: Buffer; end: Buffer; reversed: boolean; cursor: PartitionCursor },
  ) {
    this.cached = first;
    this.key = first.cursor.key;
    this.partitionDeletion = first.cursor.partitionDeletion;
  }

  readonly key: Buffer;
  readonly partitionDeletion: DeletionTime;

  static open(reader: SSTableReader, position: Buffer, start: Buffer, end: Buffer, reversed: boolean): SSTablePartitionView | null {
    if (!reader.mayContain(position)) return null;
    const cursor = reader.openPartition(position, { start, end, reversed });
    return cursor === null ? null : new SSTablePartitionView(reader, position, { start, end, reversed, cursor });
  }

  /** A partition a lazy scan found (it is there), its cursor for the first slice opened. */
  static ofScan(reader: SSTableReader, found: LazyPartition, start: Buffer, end: Buffer, reversed: boolean): SSTablePartitionView {
    return new SSTablePartitionView(reader, found.position, { start, end, reversed, cursor: found.open({ start, end, reversed }) });
  }

  private open(start: Buffer, end: Buffer, reversed: boolean): PartitionCursor | null {
    const c = this.cached;
    if (c.start === start && c.end === end && c.reversed === reversed) return c.cursor;
    const cursor = this.reader.openPartition(this.position, { start, end, reversed });
    this.cached = { start, end, reversed, cursor };
    return cursor;
  }

  rangeTombstones(start: Buffer, end: Buffer): readonly RangeTombstone[] {
    const c = this.cached;
    return this.open(start, end, c.start === start && c.end === end ? c.reversed : false)?.rangeTombstones ?? [];
  }

  cursor(start: Buffer, end: Buffer, reversed: boolean): CellCursor {
    return this.open(start, end, reversed) ?? EMPTY_CURSOR;
  }
}

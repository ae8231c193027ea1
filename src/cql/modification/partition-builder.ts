/**
 * Collects everything one execution (or one BATCH) does to one partition of one table — cells,
 * cell tombstones, range tombstones, a partition deletion — into a single PartitionUpdate, which
 * the engine applies atomically and in isolation. Statements of a batch touching the same
 * partition share one builder; repeated cell names are reconciled by the engine.
 */
import type { ColumnFamilyDef } from '../../schema/index.js';
import { type Cell, type DeletionTime, type PartitionUpdate, type RangeTombstone, expiringCell, liveCell, tombstoneCell } from '../../storage/model/index.js';
import type { TableLayout } from '../../db/cql-layout/table-layout.js';
import type { WriteParams } from './write-params.js';

export class PartitionBuilder {
  private readonly cells: Cell[] = [];
  private readonly rangeTombstones: RangeTombstone[] = [];
  private partitionDeletion: DeletionTime | null = null;
  /** Made on the first counter (most updates have none). */
  private counters: Map<string, { name: Buffer; value: bigint; timestamp: bigint }> | null = null;

  constructor(
    readonly cf: ColumnFamilyDef,
    readonly layout: TableLayout,
    /** The encoded partition key. */
    readonly key: Buffer,
  ) {}

  /** A live cell, expiring when the write has a TTL. */
  addCell(name: Buffer, value: Buffer, p: WriteParams): void {
    this.cells.push(p.ttl > 0 ? expiringCell(name, value, p.timestamp, p.ttl, p.nowSec) : liveCell(name, value, p.timestamp));
  }

  /** A counter's value as this update has it so far (several increments of one batch add up). */
  pendingCounter(name: Buffer): bigint | undefined {
    return this.counters?.get(name.toString('latin1'))?.value;
  }

  /** A counter's new value: one 8-byte cell that never expires, written at `timestamp`. */
  setCounter(name: Buffer, value: bigint, timestamp: bigint): void {
    (this.counters ??= new Map()).set(name.toString('latin1'), { name, value, timestamp });
  }

  addTombstone(name: Buffer, p: WriteParams): void {
    this.cells.push(tombstoneCell(name, p.timestamp, p.nowSec));
  }

  /** Deletes every cell named in [start, end] written at or before `timestamp`. */
  addRangeTombstone(start: Buffer, end: Buffer, timestamp: bigint, nowSec: number): void {
    this.rangeTombstones.push({ start, end, deletion: { markedForDeleteAt: timestamp, localDeletionTime: nowSec } });
  }

  deletePartition(timestamp: bigint, nowSec: number): void {
    const d = { markedForDeleteAt: timestamp, localDeletionTime: nowSec };
    if (this.partitionDeletion === null || d.markedForDeleteAt > this.partitionDeletion.markedForDeleteAt) this.partitionDeletion = d;
  }

  get isEmpty(): boolean {
    return this.cells.length === 0 && (this.counters === null || this.counters.size === 0) && this.rangeTombstones.length === 0 && this.partitionDeletion === null;
  }

  /** The update; the builder is done then (the update takes its arrays, no copy). */
  build(): PartitionUpdate {
    const cells = this.cells;
    for (const c of this.counters?.values() ?? []) {
      const value = Buffer.allocUnsafe(8);
      value.writeBigInt64BE(BigInt.asIntN(64, c.value), 0);
      cells.push(liveCell(c.name, value, c.timestamp));
    }
    return { key: this.key, partitionDeletion: this.partitionDeletion, rangeTombstones: this.rangeTombstones, cells };
  }
}

/** Builders by (table, partition), in the order first touched. */
export class PartitionBuilders {
  private readonly byKey = new Map<string, PartitionBuilder>();

  get(cf: ColumnFamilyDef, layout: TableLayout, key: Buffer): PartitionBuilder {
    const id = `${cf.id}/${key.toString('hex')}`;
    let b = this.byKey.get(id);
    if (b === undefined) this.byKey.set(id, (b = new PartitionBuilder(cf, layout, key)));
    return b;
  }

  all(): PartitionBuilder[] {
    return [...this.byKey.values()];
  }
}

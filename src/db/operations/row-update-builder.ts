/**
 * Collects everything one request does to one (row, column family) into one PartitionUpdate, so
 * the engine applies it atomically. Each add validates first and throws before anything is
 * recorded; since requests build every update before the first apply, a refused request writes
 * nothing. Deletions follow DESIGN §1: a column → a cell tombstone; a super column, or a slice of
 * names → a range tombstone; the row → a partition deletion.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { ColumnFamilyDef } from '../../schema/index.js';
import { type Cell, type DeletionTime, type PartitionUpdate, type RangeTombstone, expiringCell, liveCell, tombstoneCell } from '../../storage/model/index.js';
import { type SliceLevel, predicateQuery, rangeSlice, validatePredicate } from './predicate-query.js';
import { standardCellName, subColumnCellName, superColumnEnd, superColumnStart } from './thrift-cell-layout.js';
import type { Column, ColumnOrSuperColumn, Deletion, SlicePredicate } from './thrift-types.js';
import { validateColumn, validateName, validateTimestamp } from './thrift-validation.js';

export class RowUpdateBuilder {
  private readonly cells: Cell[] = [];
  private readonly rangeTombstones: RangeTombstone[] = [];
  private partitionDeletion: DeletionTime | null = null;
  private now: number | (() => number);

  /** `nowSec` may be a clock, read once when first needed (writes without a TTL or deletion never need it). */
  constructor(
    readonly cf: ColumnFamilyDef,
    readonly key: Buffer,
    nowSec: number | (() => number),
  ) {
    this.now = nowSec;
  }

  private get nowSec(): number {
    if (typeof this.now === 'function') this.now = this.now();
    return this.now;
  }

  /** A column of a Standard CF (`superName` undefined) or a sub-column of a Super CF. */
  addColumn(column: Column, superName: Buffer | undefined): void {
    if (column === null || typeof column !== 'object') {
      this.checkLevel(superName);
      throw new InvalidRequestError('Column is required');
    }
    this.addCell(superName, column.name, column.value, column.timestamp, column.ttl);
  }

  /** addColumn on the column's parts: the same checks in the same order, without a Column object. */
  addCell(superName: Buffer | undefined, columnName: Buffer, value: Buffer, timestamp: bigint, clientTtl: number | undefined): void {
    const cf = this.checkLevel(superName);
    validateColumn(cf, columnName, value, timestamp, clientTtl);
    const name = superName === undefined ? standardCellName(cf, columnName) : subColumnCellName(cf, superName, columnName);
    // The column family's default TTL applies when the client gives none.
    const ttl = clientTtl ?? cf.defaultTimeToLive;
    this.cells.push(ttl > 0 ? expiringCell(name, value, timestamp, ttl, this.nowSec) : liveCell(name, value, timestamp));
  }

  /** A super column name exactly when the column family is Super (checked, by the comparator). */
  private checkLevel(superName: Buffer | undefined): ColumnFamilyDef {
    const cf = this.cf;
    if (cf.columnType === 'Standard' && superName !== undefined) throw new InvalidRequestError(`supercolumn parameter is invalid for standard CF ${cf.name}`);
    if (cf.columnType === 'Super' && superName === undefined) throw new InvalidRequestError(`supercolumn parameter is not optional for super CF ${cf.name}`);
    if (superName !== undefined) validateName(cf.comparator, superName, 'super column name');
    return cf;
  }

  addColumnOrSuperColumn(cosc: ColumnOrSuperColumn): void {
    if (cosc === null || typeof cosc !== 'object' || (cosc.column === undefined) === (cosc.superColumn === undefined)) {
      throw new InvalidRequestError('ColumnOrSuperColumn must have one (and only one) of Column or SuperColumn');
    }
    if (cosc.column !== undefined) return this.addColumn(cosc.column, undefined);
    const sc = cosc.superColumn!;
    if (this.cf.columnType === 'Standard') throw new InvalidRequestError(`supercolumn parameter is invalid for standard CF ${this.cf.name}`);
    if (!Array.isArray(sc.columns)) throw new InvalidRequestError('SuperColumn requires a list of columns');
    for (const c of sc.columns) this.addColumn(c, sc.name);
  }

  deleteRow(timestamp: bigint): void {
    validateTimestamp(timestamp);
    const d = { markedForDeleteAt: timestamp, localDeletionTime: this.nowSec };
    if (this.partitionDeletion === null || d.markedForDeleteAt > this.partitionDeletion.markedForDeleteAt) this.partitionDeletion = d;
  }

  deleteSuperColumn(superName: Buffer, timestamp: bigint): void {
    if (this.cf.columnType !== 'Super') throw new InvalidRequestError(`supercolumn parameter is invalid for standard CF ${this.cf.name}`);
    validateName(this.cf.comparator, superName, 'super column name');
    validateTimestamp(timestamp);
    this.rangeTombstones.push({ start: superColumnStart(this.cf, superName), end: superColumnEnd(this.cf, superName), deletion: this.deletionAt(timestamp) });
  }

  /** One column (`superName` set for a Super CF's sub-column). */
  deleteColumn(superName: Buffer | undefined, name: Buffer, timestamp: bigint): void {
    validateTimestamp(timestamp);
    const cell = superName === undefined ? standardCellName(this.cf, name) : subColumnCellName(this.cf, superName, name);
    this.cells.push(tombstoneCell(cell, timestamp, this.nowSec));
  }

  /** batch_mutate's Deletion: the row, a super column, or what a predicate names. */
  addDeletion(deletion: Deletion): void {
    if (deletion === null || typeof deletion !== 'object') throw new InvalidRequestError('Deletion is required');
    const { timestamp, superColumn, predicate } = deletion;
    validateTimestamp(timestamp);
    if (superColumn !== undefined && this.cf.columnType === 'Standard') throw new InvalidRequestError(`supercolumn parameter is invalid for standard CF ${this.cf.name}`);
    if (superColumn !== undefined) validateName(this.cf.comparator, superColumn, 'super column name');
    if (predicate === undefined) {
      if (superColumn === undefined) this.deleteRow(timestamp);
      else this.deleteSuperColumn(superColumn, timestamp);
      return;
    }
    const level: SliceLevel = this.cf.columnType === 'Standard' ? 'columns' : superColumn === undefined ? 'superColumns' : 'subColumns';
    validatePredicate(this.cf, level, predicate);
    this.deletePredicate(level, superColumn, predicate, timestamp);
  }

  /** Names → cell tombstones (super column names → range tombstones); a slice range → one range tombstone. */
  private deletePredicate(level: SliceLevel, superColumn: Buffer | undefined, predicate: SlicePredicate, timestamp: bigint): void {
    const deletion = this.deletionAt(timestamp);
    if (predicate.columnNames !== undefined) {
      if (level !== 'superColumns') {
        for (const n of predicate.columnNames) this.deleteColumn(superColumn, n, timestamp);
        return;
      }
      for (const s of predicateQuery(this.cf, level, superColumn, predicate).slices) this.rangeTombstones.push({ ...s, deletion });
      return;
    }
    // A deletion removes the whole slice: count does not apply, and direction only orders the bounds.
    // Checked against Cassandra 1.2–3.x (CassandraServer.deleteColumnOrSuperColumn: one range
    // tombstone from start to finish, count unused); 0.7 refused SliceRange deletions outright
    // ("Deletion does not yet support SliceRange predicates."), which later Thrift clients rely on.
    const r = predicate.sliceRange!;
    const [low, high] = r.reversed ? [r.finish, r.start] : [r.start, r.finish];
    this.rangeTombstones.push({ ...rangeSlice(this.cf, level, superColumn, low, high), deletion });
  }

  private deletionAt(timestamp: bigint): DeletionTime {
    return { markedForDeleteAt: timestamp, localDeletionTime: this.nowSec };
  }

  build(): PartitionUpdate {
    return { key: this.key, partitionDeletion: this.partitionDeletion, rangeTombstones: this.rangeTombstones, cells: this.cells };
  }
}

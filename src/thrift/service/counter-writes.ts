/**
 * Counter writes of the Thrift session (`add`, `remove_counter`, counter mutations of
 * batch_mutate) as read-modify-write through the node's DataStore: under the partition lock the
 * CQL layer's counter updates take (DataStore.withPartitionLock, so Thrift and CQL increments of
 * one row coordinated by this node serialise), read the current sums at the request's level, add,
 * and write each new sum as an 8-byte cell at a server timestamp raised above the cell it read, at
 * the same level (counter-columns.ts says why cells, not shards). As with CQL counters, increments
 * of one row coordinated by two nodes at once are not serialised with each other.
 *
 * A row's changes are collected first (CounterRows) and checked by building them once without
 * writing (names against the comparators, super column use, deletions), so a refused batch writes
 * nothing. Applied, a row's deletions (at the server timestamp, which counter deletions carry
 * instead of a client's) and increments go in one update: an increment of a counter the same
 * batch deletes starts from zero and is written just after the deletion.
 *
 * Limit: a deletion removes the sums written before its server timestamp; a sum that was raised
 * above a clock running behind survives a deletion made before the clock catches up.
 */
import type { DataStore } from '../../cql/execution/index.js';
import type { ConsistencyLevel, ThriftOperations } from '../../db/index.js';
import { RowUpdateBuilder } from '../../db/operations/row-update-builder.js';
import { validateKey } from '../../db/operations/thrift-validation.js';
import { standardCellName, subColumnCellName } from '../../db/operations/thrift-cell-layout.js';
import type { TimestampSource } from '../../env/index.js';
import type { ColumnFamilyDef } from '../../schema/index.js';
import type { PartitionUpdate } from '../../storage/model/index.js';
import type { ColumnPath } from '../../db/index.js';
import type { CounterColumn, ThriftDeletion, ThriftMutation } from './cassandra-service.js';
import { counterValue, requireCounter, requireNonCounter } from './counter-columns.js';
import { invalidRequest } from './thrift-exceptions.js';

export interface CounterIncrement {
  readonly superName?: Buffer;
  readonly name: Buffer;
  readonly delta: bigint;
}

export interface CounterRowChange {
  readonly cf: ColumnFamilyDef;
  readonly key: Buffer;
  readonly increments: CounterIncrement[];
  readonly deletions: ThriftDeletion[];
}

/** What applying needs: the operations, the store (reads, writes, the partition lock), server timestamps, the clock. */
export interface CounterWriteDeps {
  readonly ops: ThriftOperations;
  readonly store: Pick<DataStore, 'read' | 'apply' | 'withPartitionLock'>;
  readonly timestamps: TimestampSource;
}

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;
const ZERO_SUM = Buffer.alloc(8);

/** Counter changes grouped by (column family, row), validated as they are added. */
export class CounterRows {
  private readonly rows = new Map<string, CounterRowChange>();

  get all(): CounterRowChange[] {
    return [...this.rows.values()];
  }

  increment(cf: ColumnFamilyDef, key: Buffer, column: CounterColumn, superName: Buffer | undefined): void {
    requireCounter(cf);
    if (column === null || typeof column !== 'object') throw invalidRequest('CounterColumn is required');
    if (typeof column.value !== 'bigint' || column.value < I64_MIN || column.value > I64_MAX) throw invalidRequest('CounterColumn value must be a 64-bit integer');
    this.row(cf, key).increments.push({ ...(superName === undefined ? {} : { superName }), name: column.name, delta: column.value });
  }

  /** One batch_mutate mutation of a counter column family. */
  addMutation(cf: ColumnFamilyDef, key: Buffer, m: ThriftMutation): void {
    if (m === null || typeof m !== 'object' || (m.columnOrSuperColumn === undefined) === (m.deletion === undefined)) {
      throw invalidRequest('Mutation must have one and only one of column_or_supercolumn or deletion');
    }
    if (m.deletion !== undefined) {
      requireCounter(cf);
      if (m.deletion === null || typeof m.deletion !== 'object') throw invalidRequest('Deletion is required');
      this.row(cf, key).deletions.push(m.deletion);
      return;
    }
    const c = m.columnOrSuperColumn!;
    const set = [c.column, c.superColumn, c.counterColumn, c.counterSuperColumn].filter((f) => f !== undefined);
    if (set.length !== 1) throw invalidRequest('ColumnOrSuperColumn must have one (and only one) of Column, SuperColumn, CounterColumn or CounterSuperColumn');
    if (c.column !== undefined || c.superColumn !== undefined) requireNonCounter(cf);
    if (c.counterColumn !== undefined) return this.increment(cf, key, c.counterColumn, undefined);
    const sc = c.counterSuperColumn!;
    if (!Array.isArray(sc.columns)) throw invalidRequest('CounterSuperColumn requires a list of columns');
    if (sc.columns.length === 0) this.row(cf, key); // nothing to add, but the row is checked
    for (const col of sc.columns) this.increment(cf, key, col, sc.name);
  }

  /** Throws what applying would refuse (keys, names, super column use, deletions); writes nothing. */
  check(nowSec: number): void {
    for (const row of this.rows.values()) {
      validateKey(row.cf, row.key);
      buildRowUpdate(row, nowSec, 0n, () => null);
    }
  }

  private row(cf: ColumnFamilyDef, key: Buffer): CounterRowChange {
    const id = `${cf.id}/${key.toString('hex')}`;
    let row = this.rows.get(id);
    if (row === undefined) this.rows.set(id, (row = { cf, key, increments: [], deletions: [] }));
    return row;
  }
}

/** Applies checked rows, each atomically under its partition lock. */
export function applyCounterRows(d: CounterWriteDeps, rows: readonly CounterRowChange[], cl: ConsistencyLevel): Promise<void> {
  return Promise.all(rows.map((row) => applyRow(d, row, cl))).then(() => undefined);
}

/** remove_counter: a deletion at the server timestamp, under the lock increments take. */
export function removeCounter(d: CounterWriteDeps, keyspace: string, cf: ColumnFamilyDef, key: Buffer, path: ColumnPath, cl: ConsistencyLevel): Promise<void> {
  requireCounter(cf);
  return d.store.withPartitionLock(cf, key, () => d.ops.remove(keyspace, key, path, d.timestamps.next(), cl));
}

function applyRow(d: CounterWriteDeps, row: CounterRowChange, cl: ConsistencyLevel): Promise<void> {
  return d.store.withPartitionLock(row.cf, row.key, async () => {
    const nowSec = d.ops.ctx.nowSec();
    const names = row.increments.map((i) => cellNameOf(row.cf, i)).sort(Buffer.compare);
    const read = names.length === 0 ? null : await d.store.read(row.cf, row.key, { slices: names.map((n) => ({ start: n, end: n })), reversed: false }, cl, nowSec);
    const current = new Map((read?.cells ?? []).map((c) => [c.name.toString('hex'), c]));
    const update = buildRowUpdate(row, nowSec, d.timestamps.next(), (name) => current.get(name.toString('hex')) ?? null);
    await d.store.apply([{ cf: row.cf, update }], cl);
  });
}

/**
 * The row's update: deletions at `at`, then each counter's new sum (increments of one name added
 * up) after its current cell, or from zero when one of the deletions covers it.
 */
function buildRowUpdate(row: CounterRowChange, nowSec: number, at: bigint, currentCell: (name: Buffer) => { value: Buffer; timestamp: bigint } | null): PartitionUpdate {
  const update = new RowUpdateBuilder(row.cf, row.key, nowSec);
  for (const del of row.deletions) update.addDeletion({ ...del, timestamp: at });
  // The deletions alone, read before any sum is added (build() shares the builder's arrays).
  const deleted = update.build();
  const covered = (name: Buffer): boolean =>
    deleted.partitionDeletion !== null ||
    deleted.rangeTombstones.some((rt) => Buffer.compare(rt.start, name) <= 0 && Buffer.compare(name, rt.end) <= 0) ||
    deleted.cells.some((c) => c.name.equals(name));
  const probe = new RowUpdateBuilder(row.cf, row.key, nowSec);
  const sums = new Map<string, { inc: CounterIncrement; sum: bigint; timestamp: bigint }>();
  for (const inc of row.increments) {
    // Validates the names and the super column's use before they are encoded.
    probe.addColumn({ name: inc.name, value: ZERO_SUM, timestamp: 0n }, inc.superName);
    const name = cellNameOf(row.cf, inc);
    const hex = name.toString('hex');
    const known = sums.get(hex);
    if (known !== undefined) {
      known.sum += inc.delta;
      continue;
    }
    const cell = currentCell(name);
    const base = cell === null || covered(name) ? 0n : counterValue(cell.value);
    let timestamp = row.deletions.length > 0 ? at + 1n : at;
    if (cell !== null && cell.timestamp >= timestamp) timestamp = cell.timestamp + 1n;
    sums.set(hex, { inc, sum: base + inc.delta, timestamp });
  }
  for (const { inc, sum, timestamp } of sums.values()) {
    const value = Buffer.alloc(8);
    value.writeBigInt64BE(BigInt.asIntN(64, sum)); // wraps as Java's long does
    update.addColumn({ name: inc.name, value, timestamp }, inc.superName);
  }
  return update.build();
}

function cellNameOf(cf: ColumnFamilyDef, inc: CounterIncrement): Buffer {
  return inc.superName === undefined ? standardCellName(cf, inc.name) : subColumnCellName(cf, inc.superName, inc.name);
}

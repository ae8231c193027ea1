/**
 * Writing a partition update of a table with CQL secondary indexes: the entries its live cells
 * call for (index-entries.ts) are written first, then the data — so a crash in between leaves at
 * worst an entry without its data, which queries skip, never data without its entry.
 *
 * Why no read-before-write (KEYS indexes of Thrift column families use one, under a row lock):
 * Cassandra's approach is taken instead — write the new entries, never look up the old ones;
 * an entry whose value was since replaced, deleted (cell, row, range or partition deletion) or
 * expired is "stale", and every index query re-reads the base row, drops the rows that no longer
 * match and deletes the stale entries it met (a tombstone at the entry's own timestamp, so a later
 * write of the same value keeps its entry). The reasons:
 *   - correctness cannot rest on the entries anyway: a row made of cells with different TTLs dies
 *     without any write, so a partition key or clustering index needs the re-check regardless;
 *   - a partition or range deletion would otherwise need a read of everything it covers, under a
 *     lock, on every write path (CQL, Thrift, batches), and writes would queue behind each other;
 *   - stale entries cost reads only where they are met, and each is removed once.
 * The price: an entry with no TTL outlives an expired row until a query meets it.
 *
 * Race with CREATE INDEX: the live schema's indexes are looked at again after the entries are
 * written and right before the data write starts (synchronously): an index published meanwhile
 * gets its entries too; one published after the data write began is built by a scan that first
 * waits for the writes in flight (SchemaKeeper), so it sees this one. An index dropped meanwhile
 * just loses its entries.
 *
 * Race with stale-entry removal: until the data has landed, its new entries look stale (no data
 * calls for them), so the write marks its partition in flight (partition-writes.ts) from before
 * the entries until after the data, and removal keeps off such partitions.
 */
import type { ColumnFamilyDef } from '../../schema/index.js';
import type { PartitionUpdate } from '../../storage/model/index.js';
import type { StorageEngine } from '../../storage/storage-engine.js';
import type { TableLayout } from '../cql-layout/table-layout.js';
import type { CqlIndex } from './cql-index.js';
import { entriesFor } from './index-entries.js';
import { type PartitionWrites, partitionWriteId } from './partition-writes.js';

/** A table's maintained indexes and its layout. */
export interface CqlIndexSet {
  readonly indexes: readonly CqlIndex[];
  readonly layout: TableLayout;
}

export interface CqlIndexWriteContext {
  readonly engine: StorageEngine;
  /** The live definition of a table (undefined once dropped). */
  liveTable(id: string): ColumnFamilyDef | undefined;
  cqlIndexesOf(cf: ColumnFamilyDef): CqlIndexSet | null;
  position(key: Buffer): Buffer;
  /** Where this write says it is in flight (stale-entry removal keeps off its partition). */
  readonly writes: PartitionWrites;
  nowSec(): number;
}

/** Rounds of "an index appeared while its entries were written" before giving up (schema churn). */
const ROUNDS_MAX = 16;

export async function writeWithCqlIndexes(ctx: CqlIndexWriteContext, cf: ColumnFamilyDef, update: PartitionUpdate, first: CqlIndexSet): Promise<void> {
  const id = partitionWriteId(cf.id, update.key);
  ctx.writes.begin(id);
  try {
    await writeEntriesThenData(ctx, cf, update, first);
  } finally {
    ctx.writes.end(id);
  }
}

async function writeEntriesThenData(ctx: CqlIndexWriteContext, cf: ColumnFamilyDef, update: PartitionUpdate, first: CqlIndexSet): Promise<void> {
  const done = new Set<string>();
  const position = ctx.position(update.key);
  let set: CqlIndexSet | null = first;
  for (let round = 0; round < ROUNDS_MAX; round++) {
    const pending = set === null ? [] : set.indexes.filter((i) => !done.has(i.table.id));
    if (pending.length === 0) return ctx.engine.apply(cf.id, update);
    const batches = entriesFor(pending, set!.layout, update.key, position, update.cells, ctx.nowSec());
    await Promise.all(batches.map((b) => applyEntries(ctx, cf, b.index, { key: b.key, partitionDeletion: null, rangeTombstones: [], cells: b.cells })));
    for (const i of pending) done.add(i.table.id);
    const live = ctx.liveTable(cf.id);
    set = live === undefined ? null : ctx.cqlIndexesOf(live);
  }
  return ctx.engine.apply(cf.id, update);
}

function applyEntries(ctx: CqlIndexWriteContext, cf: ColumnFamilyDef, index: CqlIndex, update: PartitionUpdate): Promise<void> {
  return ctx.engine.apply(index.table.id, update).catch((e: unknown) => {
    // DROP INDEX (or DROP TABLE) won the race: the entries have nowhere to go, and need none.
    const live = ctx.liveTable(cf.id);
    const still = live === undefined ? null : ctx.cqlIndexesOf(live);
    if (still?.indexes.some((i) => i.table.id === index.table.id) === true) throw e;
  });
}

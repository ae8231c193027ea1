/**
 * Building KEYS indexes from the rows a column family already holds (an index added to a column
 * family with data): scan the data table a page of partitions at a time, reading only the indexed
 * columns, and write one entry per live value — a copy of the data cell's timestamp and TTL, as
 * index maintenance writes it (index-maintenance.ts), grouped into one update per index partition.
 *
 * Safe beside concurrent writes once every write made without the index has landed (the caller
 * waits for that): a later write maintains the index itself, and because an entry carries its
 * data cell's timestamp, an entry this build writes for a value that has since been replaced or
 * deleted is shadowed by the tombstone that write put on it. Writing the same entries twice is
 * harmless, so an interrupted build is simply run again.
 */
import type { ColumnFamilyDef } from '../../schema/index.js';
import { type Cell, isLive } from '../../storage/model/index.js';
import type { StorageEngine } from '../../storage/storage-engine.js';
import type { PositionBound } from '../../storage/table-store.js';
import { type KeysIndex, indexEntryNameOfPosition, indexPartitionKey } from './keys-index.js';

/** Data partitions read per step. */
const PAGE_PARTITIONS = 256;
const EMPTY = Buffer.alloc(0);

interface EntryBatch {
  readonly tableId: string;
  readonly key: Buffer;
  readonly cells: Cell[];
}

/** Writes the entries of `indexes` (of `cf`) for every live indexed value; returns how many. */
export async function buildKeysIndexes(engine: StorageEngine, cf: ColumnFamilyDef, indexes: readonly KeysIndex[], nowSec: number): Promise<number> {
  if (indexes.length === 0) return 0;
  const names = indexes.map((i) => i.cellName).sort(Buffer.compare);
  const query = { slices: names.map((n) => ({ start: n, end: n })), reversed: false };
  let from: PositionBound | undefined;
  let written = 0;
  for (;;) {
    const page = engine.scan(cf.id, from, undefined, query, PAGE_PARTITIONS, nowSec);
    // One update per index partition (indexed value): entries arrive in position order, as names sort.
    const batches = new Map<string, EntryBatch>();
    for (const row of page) {
      const entryName = indexEntryNameOfPosition(row.position);
      for (const cell of row.cells) {
        const index = indexes.find((i) => i.cellName.equals(cell.name));
        if (index === undefined || !isLive(cell, nowSec)) continue;
        const id = `${index.table.id}/${cell.value.toString('hex')}`;
        let batch = batches.get(id);
        if (batch === undefined) batches.set(id, (batch = { tableId: index.table.id, key: indexPartitionKey(cell.value), cells: [] }));
        batch.cells.push({ ...cell, name: entryName, value: EMPTY });
        written++;
      }
    }
    await Promise.all([...batches.values()].map((b) => engine.apply(b.tableId, { key: b.key, partitionDeletion: null, rangeTombstones: [], cells: b.cells })));
    if (page.length < PAGE_PARTITIONS) return written;
    from = { position: page[page.length - 1]!.position, inclusive: false };
  }
}

/**
 * The index entries a base partition's live cells call for — one function for both index
 * maintenance (the cells of a write) and index builds (the cells a scan finds). Tombstones, range
 * and partition deletions call for nothing: entries they make stale are found and removed by the
 * queries that meet them (see write-with-cql-indexes.ts for why).
 *
 *   a column's value (regular or static; simple, full, or an element of a collection): one entry
 *   per live cell, a copy of the data cell's timestamp and TTL — so it expires with the value,
 *   and a replaced value's entry is older than the cell that replaced it
 *   a partition key or clustering column: one entry per row the cells touch (a partition key
 *   index also gets one per partition whose static cells they touch), timestamped with the
 *   newest of those cells, without TTL: a row lives while any of its cells does, which no single
 *   TTL can say; the entry of a row that died is stale and is removed when a query meets it
 *
 * An indexed value is an index partition key: over 65535 bytes a write is refused (Cassandra's
 * message); a build skips such values.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { TupleType } from '../../marshal/index.js';
import { type Cell, isLive, liveCell } from '../../storage/model/index.js';
import { decodePartitionKey } from '../cql-layout/partition-key.js';
import type { DecodedCellName, TableLayout } from '../cql-layout/table-layout.js';
import type { CqlIndex } from './cql-index.js';
import { type EntryTarget, entryName, indexKeyOf } from './index-entry.js';

/** The longest indexed value (an index partition key's length is a u16 in Cassandra). */
export const INDEXED_VALUE_MAX_BYTES = 0xffff;

const EMPTY = Buffer.alloc(0);

/** The entries of one index partition to write. */
export interface EntryBatch {
  readonly index: CqlIndex;
  /** The index partition key. */
  readonly key: Buffer;
  readonly cells: Cell[];
}

export interface EntryOptions {
  /** Skip values too long to index (a build) instead of refusing them (a write). */
  readonly skipOversized?: boolean;
}

/** The entries `cells` (of the base partition `key` at `position`) call for, one batch per index partition. */
export function entriesFor(indexes: readonly CqlIndex[], layout: TableLayout, key: Buffer, position: Buffer, cells: readonly Cell[], nowSec: number, opts: EntryOptions = {}): EntryBatch[] {
  const batches = new Map<string, EntryBatch>();
  const keyParts = indexes.some((i) => i.column.kind === 'partition_key') ? decodePartitionKey(layout.table, key) : [];
  /** Row entries of key/clustering indexes: the newest cell per entry name. */
  const rowEntries = new Map<string, { index: CqlIndex; value: Buffer; name: Buffer; timestamp: bigint }>();
  const add = (index: CqlIndex, value: Buffer, cell: Cell): void => {
    if (value.length > INDEXED_VALUE_MAX_BYTES) {
      if (opts.skipOversized === true) return;
      throw new InvalidRequestError(`Cannot index value of size ${value.length} for index ${index.def.name} on ${layout.cf.keyspace}.${layout.cf.name}(${index.column.name}) (maximum allowed size=${INDEXED_VALUE_MAX_BYTES})`);
    }
    const id = `${index.table.id}/${value.toString('hex')}`;
    let batch = batches.get(id);
    if (batch === undefined) batches.set(id, (batch = { index, key: indexKeyOf(value), cells: [] }));
    batch.cells.push(cell);
  };
  for (const cell of cells) {
    if (!isLive(cell, nowSec)) continue;
    const d = layout.decode(cell.name);
    if (d.unknownColumn === true || (d.column !== null && layout.isDropped(d.column, cell.timestamp))) continue;
    for (const index of indexes) {
      const kind = index.column.kind;
      if (kind === 'partition_key' || kind === 'clustering') {
        const value = kind === 'partition_key' ? keyParts[index.column.position]! : d.isStatic ? undefined : d.clustering[index.column.position];
        if (value === undefined) continue;
        const name = entryName(index, layout, { position, clustering: d.isStatic ? null : d.clustering, path: null });
        const id = `${index.table.id}/${name.toString('hex')}`;
        const seen = rowEntries.get(id);
        if (seen === undefined || seen.timestamp < cell.timestamp) rowEntries.set(id, { index, value, name, timestamp: cell.timestamp });
        continue;
      }
      if (d.column?.name !== index.column.name) continue;
      const found = indexedValue(index, d, cell);
      if (found === null) continue;
      const target: EntryTarget = { position, clustering: d.isStatic ? null : d.clustering, path: index.withPath ? d.path : null };
      add(index, found, { ...cell, name: entryName(index, layout, target), value: EMPTY });
    }
  }
  for (const e of rowEntries.values()) add(e.index, e.value, liveCell(e.name, EMPTY, e.timestamp));
  return [...batches.values()];
}

/** The value a cell of the indexed column gives the index, or null when it gives none. */
function indexedValue(index: CqlIndex, d: DecodedCellName, cell: Cell): Buffer | null {
  switch (index.part) {
    case 'simple':
    case 'full':
      return d.path === null ? cell.value : null;
    case 'values':
      if (d.path === null) return null;
      return index.withPath ? cell.value : d.path; // a set's element is its path
    case 'keys':
      return d.path;
    case 'entries':
      return d.path === null ? null : (index.valueType as TupleType).build([d.path, cell.value]);
  }
}


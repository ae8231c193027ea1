/**
 * Virtual rows → the cells the engine would hold for them, laid out by TableLayout exactly as a
 * real table's (row marker, one cell per column, one per element of a non-frozen set or map), so
 * the engine's read path can answer slices, reversed reads and limits over them unchanged.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { AbstractType, CellEntry } from '../../marshal/index.js';
import type { CqlColumn } from '../../schema/index.js';
import { type Cell, type PartitionUpdate, liveCell } from '../../storage/model/index.js';
import { encodePartitionKey } from '../../db/cql-layout/partition-key.js';
import type { TableLayout } from '../../db/cql-layout/table-layout.js';
import { collectionPathType } from '../../db/cql-layout/table-layout.js';
import type { VirtualRow } from './virtual-table.js';

/** Every virtual cell carries this write time: there is only ever one version. */
const VIRTUAL_TIMESTAMP = 1n;
const EMPTY = Buffer.alloc(0);

export function rowUpdate(layout: TableLayout, row: VirtualRow): PartitionUpdate {
  const t = layout.table;
  const key = encodePartitionKey(t, t.partitionKey.map((c) => required(c, row)));
  const clustering = t.clustering.map((c) => required(c, row));
  const cells: Cell[] = [];
  const marker = layout.markerName(clustering);
  if (marker !== null) cells.push(liveCell(marker, EMPTY, VIRTUAL_TIMESTAMP));
  for (const c of [...t.regular, ...t.statics]) {
    const v = row[c.name];
    if (v === null || v === undefined) continue;
    const bytes = serialize(c, v);
    const pathType = collectionPathType(c.type);
    if (pathType === null) {
      cells.push(liveCell(layout.cellName(clustering, c), bytes, VIRTUAL_TIMESTAMP));
      continue;
    }
    const elements = (c.type as unknown as { toCells(b: Buffer): CellEntry[] }).toCells(bytes);
    for (const e of elements) cells.push(liveCell(layout.cellName(clustering, c, pathType.toComparable(e.path)), e.value, VIRTUAL_TIMESTAMP));
  }
  cells.sort((a, b) => Buffer.compare(a.name, b.name));
  return { key, partitionDeletion: null, rangeTombstones: [], cells };
}

function required(c: CqlColumn, row: VirtualRow): Buffer {
  const v = row[c.name];
  if (v === null || v === undefined) throw new InvalidRequestError(`virtual row without its key column ${c.name}`);
  return serialize(c, v);
}

function serialize(c: CqlColumn, v: unknown): Buffer {
  return Buffer.isBuffer(v) ? v : (c.type as AbstractType<unknown>).decompose(v);
}

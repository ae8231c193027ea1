/**
 * The view rows a base partition's live cells call for (Cassandra's ViewUpdateGenerator, the part
 * that turns one base row into its view row), one per base row that has a view row:
 *  - a base row has one when it is live (its marker or any cell), every view primary key column has
 *    a value (the base key columns always do; a base regular column in the view key must be live)
 *    and the WHERE filters pass (IS NOT NULL; `=`, IN and ranges on a key column, compared by the
 *    column's type; on a tuple of clustering columns, compared column by column as CQL compares
 *    tuples, by value whatever the clustering order);
 *  - the view row's marker: the timestamp and expiry of the base regular column in the view key
 *    when there is one (the row lives exactly while that cell does); otherwise the base row's
 *    marker timestamp (the newest cell's when it has no marker) and the latest expiry of the base
 *    row's live parts, so a view row lives exactly while its base row does, unselected columns
 *    included;
 *  - its cells: the selected columns' cells, values, timestamps and TTLs kept. Where the view key
 *    holds a base regular column, the cells never predate that column's cell (so a row whose view
 *    key comes back to an earlier value is not shadowed by the tombstone its move away wrote —
 *    what Cassandra's shadowable tombstones do) and never outlive it.
 */
import type { AbstractType } from '../../marshal/index.js';
import { type CqlColumn, type ColumnFamilyDef, type ViewFilter, filterColumns } from '../../schema/index.js';
import { type Cell, CellKind, NO_DELETION_TIME, isLive } from '../../storage/model/index.js';
import { decodePartitionKey, encodePartitionKey } from '../cql-layout/partition-key.js';
import { type TableLayout, collectionPathType } from '../cql-layout/table-layout.js';

/** A view with the layouts of its table and its base table. */
export interface ViewTarget {
  readonly view: ColumnFamilyDef;
  readonly layout: TableLayout;
  readonly base: TableLayout;
}

export interface ViewRow {
  /** The view partition key. */
  readonly key: Buffer;
  readonly clustering: readonly Buffer[];
  /** The view row's identity (partition key and clustering), to tell when a base row's view key moved. */
  readonly id: string;
  /** Marker first, then the selected columns' cells. */
  readonly cells: readonly Cell[];
}

interface BaseRow {
  readonly clustering: Buffer[];
  marker: Cell | null;
  readonly columns: Map<string, Cell[]>;
}

/** View rows by base row (the hex of the base clustering prefix). */
export function viewRowsOf(t: ViewTarget, baseKey: Buffer, cells: readonly Cell[], nowSec: number): Map<string, ViewRow> {
  const rows = new Map<string, BaseRow>();
  for (const c of cells) {
    if (!isLive(c, nowSec)) continue;
    const d = t.base.decode(c.name);
    if (d.isStatic || d.unknownColumn === true) continue;
    const id = c.name.subarray(0, d.prefixLength).toString('hex');
    let row = rows.get(id);
    if (row === undefined) rows.set(id, (row = { clustering: d.clustering, marker: null, columns: new Map() }));
    if (d.column === null) row.marker = c;
    else if (!t.base.isDropped(d.column, c.timestamp)) row.columns.set(d.column.name, [...(row.columns.get(d.column.name) ?? []), c]);
  }
  const keyValues = decodePartitionKey(t.base.table, baseKey);
  const out = new Map<string, ViewRow>();
  for (const [id, row] of rows) {
    const v = viewRowOf(t, keyValues, row);
    if (v !== null) out.set(id, v);
  }
  return out;
}

function viewRowOf(t: ViewTarget, keyValues: readonly Buffer[], row: BaseRow): ViewRow | null {
  const value = (c: CqlColumn): Buffer | null => {
    if (c.kind === 'partition_key') return keyValues[c.position] ?? null;
    if (c.kind === 'clustering') return row.clustering[c.position] ?? null;
    const cs = row.columns.get(c.name);
    return cs === undefined || cs.length === 0 ? null : cs[0]!.value;
  };
  for (const f of t.view.view!.filters) {
    const values: Buffer[] = [];
    const types: AbstractType[] = [];
    for (const name of filterColumns(f)) {
      const col = t.base.table.columns.get(name);
      const v = col === undefined ? null : value(col);
      if (v === null) return null;
      values.push(v);
      types.push(col!.type);
    }
    if (!passes(f, values, types)) return null;
  }
  const viewTable = t.layout.table;
  const keyParts: Buffer[] = [];
  for (const c of viewTable.partitionKey) {
    const v = value(t.base.table.columns.get(c.name)!);
    if (v === null) return null;
    keyParts.push(v);
  }
  const clustering: Buffer[] = [];
  for (const c of viewTable.clustering) {
    const v = value(t.base.table.columns.get(c.name)!);
    if (v === null) return null;
    clustering.push(v);
  }
  const keyColumn = [...viewTable.partitionKey, ...viewTable.clustering].find((c) => t.base.table.columns.get(c.name)!.kind === 'regular');
  const keyCell = keyColumn === undefined ? null : row.columns.get(keyColumn.name)![0]!;
  const marker = keyCell ?? markerOf(row);
  if (marker === null) return null;
  const key = encodePartitionKey(viewTable, keyParts);
  const cells: Cell[] = [{ ...marker, name: t.layout.markerName(clustering)!, value: EMPTY }];
  for (const c of viewTable.regular) {
    for (const cell of row.columns.get(c.name) ?? []) {
      // A collection element's path comes back serialized; names take its comparable form.
      const path = t.base.decode(cell.name).path;
      const name = t.layout.cellName(clustering, c, path === null ? undefined : collectionPathType(c.type)!.toComparable(path));
      cells.push(keyCell === null ? { ...cell, name } : boundedBy({ ...cell, name }, keyCell));
    }
  }
  return { key, clustering, id: `${key.toString('hex')}/${t.layout.prefixStart(clustering).toString('hex')}`, cells };
}

/** The base row's liveness as one cell: its marker's timestamp (else the newest cell's), the latest expiry of its live parts. */
function markerOf(row: BaseRow): Cell | null {
  const parts = [...(row.marker === null ? [] : [row.marker]), ...[...row.columns.values()].flat()];
  if (parts.length === 0) return null;
  let timestamp = row.marker?.timestamp ?? parts[0]!.timestamp;
  if (row.marker === null) for (const p of parts) if (p.timestamp > timestamp) timestamp = p.timestamp;
  let longest = parts[0]!;
  for (const p of parts) if (outlives(p, longest)) longest = p;
  return { ...longest, timestamp };
}

function outlives(a: Cell, b: Cell): boolean {
  if (b.kind !== CellKind.EXPIRING) return false;
  return a.kind !== CellKind.EXPIRING || a.localDeletionTime > b.localDeletionTime;
}

/** `cell` stamped no earlier than the view key's cell and expiring no later than it. */
function boundedBy(cell: Cell, key: Cell): Cell {
  const timestamp = cell.timestamp > key.timestamp ? cell.timestamp : key.timestamp;
  if (key.kind !== CellKind.EXPIRING || (cell.kind === CellKind.EXPIRING && cell.localDeletionTime <= key.localDeletionTime)) return { ...cell, timestamp };
  return { ...cell, timestamp, kind: CellKind.EXPIRING, ttl: key.ttl, localDeletionTime: key.localDeletionTime === NO_DELETION_TIME ? cell.localDeletionTime : key.localDeletionTime };
}

const EMPTY = Buffer.alloc(0);

/** Whether a base row's values of the filter's columns pass it. */
function passes(f: ViewFilter, v: readonly Buffer[], types: readonly AbstractType[]): boolean {
  if (f.op === 'IS NOT NULL') return true;
  if (f.op === 'IN') {
    for (let at = 0; at < f.values.length; at += v.length) if (compareAt(v, f.values, at, types) === 0) return true;
    return false;
  }
  const c = compareAt(v, f.values, 0, types);
  if (f.op === '=') return c === 0;
  if (f.op === '<') return c < 0;
  if (f.op === '<=') return c <= 0;
  if (f.op === '>') return c > 0;
  return c >= 0;
}

/** The row's values against the filter's tuple starting at `at`, column by column. */
function compareAt(v: readonly Buffer[], values: readonly Buffer[], at: number, types: readonly AbstractType[]): number {
  for (let i = 0; i < v.length; i++) {
    const c = types[i]!.compare(v[i]!, values[at + i]!);
    if (c !== 0) return c;
  }
  return 0;
}

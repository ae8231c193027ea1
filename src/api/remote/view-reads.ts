/**
 * The 0.7 reads through a column family's CQL view (cql-view.ts), answered as the operations'
 * wire shapes (ColumnOrSuperColumn, KeySlice) so the API decodes them as it decodes any backend's.
 *
 *   one row, dynamic / sub-columns   SELECT column1, value … WHERE key = ? [AND column1 = ?]
 *                                    AND bounds | IN (names) [ORDER BY … DESC] LIMIT count
 *   one row, super columns           the same on column1, pages grouped by super column here
 *                                    until `count` super columns (CQL counts CQL rows, not groups)
 *   one row, named columns           SELECT <named> … WHERE key = ?, the predicate applied here
 *   key range                        WHERE token(key) >= token(?) [AND token(key) <= token(?)],
 *                                    pages grouped by key until `count` rows, predicate here
 *   index clause                     WHERE <expressions> [AND token(key) >= token(?)] LIMIT count
 *                                    ALLOW FILTERING, predicate here
 *
 * Reversed slices order every clustering column the other way (CQL wants them all flipped) and
 * turn each super column's sub-columns back to ascending, as 0.7 returned them. Column
 * timestamps are not read (0): the API never shows them.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { Column, ColumnOrSuperColumn, ColumnParent, IndexClause, KeyRange, KeySlice, SlicePredicate, SuperColumn } from '../../db/index.js';
import { applyPredicate } from './client-slice.js';
import type { CqlView, ViewColumn } from './cql-view.js';
import type { RawRow, RemoteSession } from './remote-session.js';
import { pushAll } from '../../util/push-all.js';

const EMPTY = Buffer.alloc(0);
const OPERATORS = { EQ: '=', GT: '>', GTE: '>=', LT: '<', LTE: '<=' } as const;

type Clustered = Extract<CqlView, { shape: 'dynamic' | 'super' }>;
type Named = Extract<CqlView, { shape: 'named' }>;

interface Query {
  readonly where: string[];
  readonly params: unknown[];
}

export class ViewReads {
  constructor(private readonly s: RemoteSession) {}

  async slice(view: CqlView, key: Buffer, parent: ColumnParent, predicate: SlicePredicate): Promise<ColumnOrSuperColumn[]> {
    if (view.shape === 'named') return applyPredicate(await this.namedRow(view, key), nameOf, view.def.comparator, predicate).map(asColumn);
    if (view.shape === 'super' && parent.superColumn === undefined) return (await this.superSlice(view, key, predicate)).map((superColumn) => ({ superColumn }));
    return (await this.columnSlice(view, key, parent.superColumn, predicate)).map(asColumn);
  }

  /** Rows of a key range in ring order, up to `range.count` (rows CQL shows: no tombstone-only ghosts). */
  async range(view: CqlView, range: KeyRange, parent: ColumnParent, predicate: SlicePredicate): Promise<KeySlice[]> {
    const q: Query = { where: [], params: [] };
    if (range.startKey !== undefined && range.startKey.length > 0) add(q, `token(${view.key.id}) >= token(?)`, range.startKey);
    if (range.endKey !== undefined && range.endKey.length > 0) add(q, `token(${view.key.id}) <= token(?)`, range.endKey);
    const rows = await this.partitions(view, q, '', range.count);
    return rows.map(({ key, cells }) => ({ key, columns: this.rowSlice(view, cells, parent, predicate) }));
  }

  /** Rows matching every expression, in ring order from the clause's start key, up to its count. */
  async indexed(view: CqlView, clause: IndexClause, parent: ColumnParent, predicate: SlicePredicate): Promise<KeySlice[]> {
    if (view.shape !== 'named') throw new InvalidRequestError('No indexed columns present in index clause with operator EQ');
    if (clause.count === 0) return [];
    const q: Query = { where: [], params: [] };
    for (const e of clause.expressions) {
      const named = view.named.find((n) => view.def.comparator.compare(n.name, e.columnName) === 0);
      if (named === undefined) throw new InvalidRequestError(`column ${view.def.comparator.toString(e.columnName)} of ${view.def.name} has no column metadata: over CQL only named columns can be queried`);
      add(q, `${named.column.id} ${OPERATORS[e.op]} ?`, e.value);
    }
    if (clause.startKey.length > 0) add(q, `token(${view.key.id}) >= token(?)`, clause.startKey);
    const rows = await this.partitions(view, q, ` LIMIT ${clause.count} ALLOW FILTERING`, clause.count);
    return rows.map(({ key, cells }) => ({ key, columns: this.rowSlice(view, cells, parent, predicate) }));
  }

  /** Columns of a dynamic row, or the sub-columns of one super column, restricted by CQL. */
  private async columnSlice(view: Clustered, key: Buffer, superName: Buffer | undefined, predicate: SlicePredicate): Promise<Column[]> {
    const q: Query = { where: [], params: [] };
    add(q, `${view.key.id} = ?`, key);
    let col: ViewColumn = view.column1;
    let type = view.def.comparator;
    if (view.shape === 'super') {
      add(q, `${view.column1.id} = ?`, superName!);
      col = view.column2;
      type = view.def.subcomparator!;
    }
    let tail = '';
    if (predicate.columnNames !== undefined) {
      if (predicate.columnNames.length === 0) return [];
      add(q, `${col.id} IN (${predicate.columnNames.map(() => '?').join(', ')})`, ...predicate.columnNames);
    } else {
      const r = predicate.sliceRange!;
      if (r.count === 0) return [];
      bounds(q, col, r.reversed ? r.finish : r.start, r.reversed ? r.start : r.finish);
      tail = `${r.reversed ? ` ORDER BY ${reversedOrder(view)}` : ''} LIMIT ${r.count}`;
    }
    const rows = await this.s.rows(`SELECT ${col.select}, ${view.value.select} FROM ${view.table} WHERE ${q.where.join(' AND ')}${tail}`, q.params);
    const columns = rows.map((r) => column(r[0]!, r[1]));
    if (predicate.columnNames !== undefined) columns.sort((a, b) => type.compare(a.name, b.name));
    return columns;
  }

  /** A Super CF row's super columns: CQL rows grouped by column1, `count` groups at most. */
  private async superSlice(view: Extract<CqlView, { shape: 'super' }>, key: Buffer, predicate: SlicePredicate): Promise<SuperColumn[]> {
    const q: Query = { where: [], params: [] };
    add(q, `${view.key.id} = ?`, key);
    let limit = Number.MAX_SAFE_INTEGER;
    let reversed = false;
    if (predicate.columnNames !== undefined) {
      if (predicate.columnNames.length === 0) return [];
      add(q, `${view.column1.id} IN (${predicate.columnNames.map(() => '?').join(', ')})`, ...predicate.columnNames);
    } else {
      const r = predicate.sliceRange!;
      if (r.count === 0) return [];
      bounds(q, view.column1, r.reversed ? r.finish : r.start, r.reversed ? r.start : r.finish);
      limit = r.count;
      reversed = r.reversed;
    }
    const out: SuperColumn[] = [];
    const query = `SELECT ${view.column1.select}, ${view.column2.select}, ${view.value.select} FROM ${view.table} WHERE ${q.where.join(' AND ')}${reversed ? ` ORDER BY ${reversedOrder(view)}` : ''}`;
    await this.s.scan(query, q.params, (r) => {
      const last = out[out.length - 1];
      if (last !== undefined && last.name.equals(r[0]!)) {
        (last.columns as Column[]).push(column(r[1]!, r[2]));
        return true;
      }
      if (out.length === limit) return false;
      out.push({ name: r[0]!, columns: [column(r[1]!, r[2])] });
      return true;
    });
    if (reversed) for (const sc of out) (sc.columns as Column[]).reverse();
    if (predicate.columnNames !== undefined) out.sort((a, b) => view.def.comparator.compare(a.name, b.name));
    return out;
  }

  private async namedRow(view: Named, key: Buffer): Promise<Column[]> {
    if (view.named.length === 0) return [];
    const rows = await this.s.rows(`SELECT ${view.named.map((n) => n.column.select).join(', ')} FROM ${view.table} WHERE ${view.key.id} = ?`, [key]);
    return rows.length === 0 ? [] : namedColumns(view, rows[0]!, 0);
  }

  /**
   * Partitions of a scan (with `q`'s restrictions) as key → CQL rows without the key, `count`
   * partitions at most, in the order the server returns them (ring order).
   */
  private async partitions(view: CqlView, q: Query, tail: string, count: number): Promise<{ key: Buffer; cells: RawRow[] }[]> {
    const out: { key: Buffer; cells: RawRow[] }[] = [];
    const where = q.where.length === 0 ? '' : ` WHERE ${q.where.join(' AND ')}`;
    await this.s.scan(`SELECT ${view.key.select}, ${selection(view)} FROM ${view.table}${where}${tail}`, q.params, (r) => {
      const last = out[out.length - 1];
      if (last !== undefined && last.key.equals(r[0]!)) {
        last.cells.push(r.slice(1));
        return true;
      }
      if (out.length === count) return false;
      out.push({ key: r[0]!, cells: [r.slice(1)] });
      return true;
    });
    return out;
  }

  /** One scanned partition's CQL rows → its slice, the predicate applied here. */
  private rowSlice(view: CqlView, cells: readonly RawRow[], parent: ColumnParent, predicate: SlicePredicate): ColumnOrSuperColumn[] {
    const def = view.def;
    if (view.shape === 'named') return applyPredicate(namedColumns(view, cells[0]!, 0), nameOf, def.comparator, predicate).map(asColumn);
    if (view.shape === 'dynamic') return applyPredicate(cells.map((c) => column(c[0]!, c[1])), nameOf, def.comparator, predicate).map(asColumn);
    if (parent.superColumn !== undefined) {
      const sub = cells.filter((c) => def.comparator.compare(c[0]!, parent.superColumn!) === 0).map((c) => column(c[1]!, c[2]));
      return applyPredicate(sub, nameOf, def.subcomparator!, predicate).map(asColumn);
    }
    const supers: SuperColumn[] = [];
    for (const c of cells) {
      const last = supers[supers.length - 1];
      if (last !== undefined && last.name.equals(c[0]!)) (last.columns as Column[]).push(column(c[1]!, c[2]));
      else supers.push({ name: c[0]!, columns: [column(c[1]!, c[2])] });
    }
    return applyPredicate(supers, (sc) => sc.name, def.comparator, predicate).map((superColumn) => ({ superColumn }));
  }
}

/** The view's columns after the key, as a select list. */
function selection(view: CqlView): string {
  switch (view.shape) {
    case 'dynamic':
      return `${view.column1.select}, ${view.value.select}`;
    case 'super':
      return `${view.column1.select}, ${view.column2.select}, ${view.value.select}`;
    case 'named':
      return view.named.length === 0 ? view.key.select : view.named.map((n) => n.column.select).join(', ');
  }
}

/** A row of named columns (from `offset` in the CQL row) → its columns in comparator order. */
function namedColumns(view: Named, row: RawRow, offset: number): Column[] {
  const out: Column[] = [];
  view.named.forEach((n, i) => {
    const v = row[offset + i];
    if (v !== null && v !== undefined) out.push(column(n.name, v));
  });
  return out.sort((a, b) => view.def.comparator.compare(a.name, b.name));
}

/** Inclusive bounds in comparator order on a clustering column (DESC columns flip the operators). */
function bounds(q: Query, col: ViewColumn, low: Buffer, high: Buffer): void {
  if (low.length > 0) add(q, `${col.id} ${col.reversed ? '<=' : '>='} ?`, low);
  if (high.length > 0) add(q, `${col.id} ${col.reversed ? '>=' : '<='} ?`, high);
}

/** ORDER BY turning every clustering column against its declared order. */
function reversedOrder(view: Clustered): string {
  const cols = view.shape === 'super' ? [view.column1, view.column2] : [view.column1];
  return cols.map((c) => `${c.id} ${c.reversed ? 'ASC' : 'DESC'}`).join(', ');
}

function add(q: Query, clause: string, ...params: unknown[]): void {
  q.where.push(clause);
  pushAll(q.params, params);
}

function column(name: Buffer, value: Buffer | null | undefined): Column {
  return { name, value: value ?? EMPTY, timestamp: 0n };
}

function nameOf(c: Column): Buffer {
  return c.name;
}

function asColumn(column: Column): ColumnOrSuperColumn {
  return { column };
}


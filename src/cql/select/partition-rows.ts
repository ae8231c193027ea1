/**
 * Reading the rows of a SELECT from a DataStore: one partition by key, or partitions in token
 * order by scan, each read with the clustering slices (cut after the paging state's last row when
 * resuming), the static cells, and a row limit so reads stop early when no filter can drop rows.
 * Static cells are read in a forward read's first slice; a reversed read gets them by a second
 * read, so a row limit never cuts them. Rows then go through the row filter; a partition with
 * static values and no rows gives one static-only row when the query selects whole partitions.
 *
 * A filtered read cannot stop after `limit` rows read, as rows the filter drops do not count: it
 * reads FILTERED_ROWS_PER_STEP rows at a time, each step resuming after the last row read,
 * until `limit` rows passed or the partition ended, pacing the request between steps (a filter
 * over a wide partition is many short steps, not one long one).
 */
import type { PositionBound } from '../../dht/index.js';
import { SEP_END, STATIC_END, STATIC_START } from '../../storage/model/index.js';
import type { PartitionResult } from '../../storage/read/partition-reader.js';
import { type NameSlice, type SliceQuery, slicesPast } from '../../storage/read/slice-query.js';
import type { Consistency } from '../execution/query-options.js';
import type { TableRef } from '../execution/table-lookup.js';
import type { RowPredicate } from '../restrictions/row-filter.js';
import { decodePartitionKey } from '../../db/cql-layout/partition-key.js';
import { type PartitionRows, assembleRows } from '../storage/row-assembler.js';
import { type ResultRow, resultRow } from './result-row.js';
import type { TombstoneWarning } from './tombstone-warning.js';
import type { TraceSink } from '../../util/trace-sink.js';

/** Every row name sorts after this bound, every static name before it. */
const ROWS_START = Buffer.from([SEP_END]);
const STATIC_SLICE: NameSlice = { start: STATIC_START, end: STATIC_END };
/** Rows a filtered read reads (before filtering) in one step. */
export const FILTERED_ROWS_PER_STEP = 1000;

export interface RowReadOptions {
  readonly table: TableRef;
  readonly slices: readonly NameSlice[];
  readonly reversed: boolean;
  readonly filter: RowPredicate | null;
  readonly distinct: boolean;
  readonly staticOnlyRows: boolean;
  readonly consistency: Consistency;
  readonly nowSec: number;
  /** Awaited between the steps of a filtered read (the request's RequestBudget); none when absent. */
  readonly pace?: () => Promise<void>;
  /** Told each read's tombstones, to warn the client past tombstone_warn_threshold; none when absent. */
  readonly tombstones?: TombstoneWarning;
  /** The traced request's sink: every read carries it down, and each read's rows are told to it. */
  readonly trace?: TraceSink;
}

export interface ScannedRows {
  readonly key: Buffer;
  readonly position: Buffer;
  readonly rows: ResultRow[];
  /** Rows read before the row filter (scan steps are sized by it). */
  readonly rowsRead: number;
}

export class PartitionRowReader {
  private readonly rowSlices: NameSlice[];
  private readonly hasStatics: boolean;

  /** The request's "now" the rows are read as of (TTL expiry). */
  get nowSec(): number {
    return this.o.nowSec;
  }

  constructor(private readonly o: RowReadOptions) {
    this.rowSlices = o.slices.filter((s) => Buffer.compare(s.end, ROWS_START) > 0).map((s) => (Buffer.compare(s.start, ROWS_START) < 0 ? { start: ROWS_START, end: s.end } : s));
    this.hasStatics = o.table.cf.cql.statics.length > 0;
  }

  /** The rows of one partition (after `after` when resuming) that pass the filter, at most `limit`. */
  readKey(key: Buffer, after: readonly Buffer[] | null, limit: number): Promise<ResultRow[]> {
    if (this.o.filter === null || this.o.distinct) return this.readKeyOnce(key, after, limit);
    return this.readFiltered(key, after, limit, []);
  }

  /** Steps of FILTERED_ROWS_PER_STEP rows read, from `after`, adding the rows that pass to `out` until it holds `limit`. */
  private async readFiltered(key: Buffer, after: readonly Buffer[] | null, limit: number, out: ResultRow[]): Promise<ResultRow[]> {
    const all = this.unfiltered();
    let from = after;
    for (;;) {
      const rows = await all.readKeyOnce(key, from, FILTERED_ROWS_PER_STEP);
      if (this.keepPassing(rows, limit, out)) return out;
      const last = rows[rows.length - 1];
      if (rows.length < FILTERED_ROWS_PER_STEP || last === undefined || last.clustering === null) return out;
      from = last.clustering;
      await this.o.pace?.();
    }
  }

  /** Adds the rows that pass the filter to `out`; true once it holds `limit`. */
  private keepPassing(rows: readonly ResultRow[], limit: number, out: ResultRow[]): boolean {
    const filter = this.o.filter!;
    for (const r of rows) {
      if (out.length >= limit) return true;
      if (filter((c) => r.value(c))) out.push(r);
    }
    return out.length >= limit;
  }

  /** One read of the partition: at most `limit` rows before filtering when no filter applies. */
  private async readKeyOnce(key: Buffer, after: readonly Buffer[] | null, limit: number): Promise<ResultRow[]> {
    const o = this.o;
    const slices = after === null ? this.rowSlices : this.cut(after);
    if (slices.length === 0 && (after !== null || !this.hasStatics)) return [];
    const { cf } = o.table;
    if (!o.reversed) {
      const r = await o.table.store.read(cf, key, this.query(this.withStatics(slices), limit), o.consistency, o.nowSec);
      return this.noted(key, r, r === null ? [] : this.rows(key, assembleRows(o.table.layout, r.cells, o.nowSec, false), after !== null));
    }
    const read = slices.length === 0 ? null : await o.table.store.read(cf, key, this.query(slices, limit), o.consistency, o.nowSec);
    const statics = this.hasStatics ? await o.table.store.read(cf, key, this.traced({ slices: [STATIC_SLICE], reversed: false }), o.consistency, o.nowSec) : null;
    const rows = read === null ? [] : assembleRows(o.table.layout, read.cells, o.nowSec, true).rows;
    const st = statics === null ? null : assembleRows(o.table.layout, statics.cells, o.nowSec, false).statics;
    return this.noted(key, read, this.rows(key, { statics: st, rows }, after !== null));
  }

  /** `readKey` of each key from its start (no paging position), answers in `keys` order, in one store read when forward. */
  async readKeys(keys: readonly Buffer[], limit: number): Promise<ResultRow[][]> {
    const o = this.o;
    if (o.reversed || o.filter !== null || (this.rowSlices.length === 0 && !this.hasStatics)) return Promise.all(keys.map((k) => this.readKey(k, null, limit)));
    const found = await o.table.store.readMany(o.table.cf, keys, this.query(this.withStatics(this.rowSlices), limit), o.consistency, o.nowSec);
    return found.map((r, i) => this.noted(keys[i]!, r, r === null ? [] : this.rows(keys[i]!, assembleRows(o.table.layout, r.cells, o.nowSec, false), false)));
  }

  /** The row filter the reads apply. */
  get filter(): RowPredicate | null {
    return this.o.filter;
  }

  /** The level every read is made at (an index scan reads its entries at it too). */
  get consistency(): Consistency {
    return this.o.consistency;
  }

  /** The same reads without the row filter (an index scan checks rows itself). */
  unfiltered(): PartitionRowReader {
    return this.o.filter === null ? this : new PartitionRowReader({ ...this.o, filter: null });
  }

  /**
   * One row (with the partition's static values) by its clustering values: none when it does not
   * exist or lies outside the query's clustering slices. Forward reads only.
   */
  async readRow(key: Buffer, clustering: readonly Buffer[]): Promise<ResultRow[]> {
    const o = this.o;
    const layout = o.table.layout;
    const start = layout.prefixStart(clustering);
    const end = layout.prefixEnd(clustering);
    if (!this.rowSlices.some((s) => Buffer.compare(s.start, start) <= 0 && Buffer.compare(start, s.end) <= 0)) return [];
    const r = await o.table.store.read(o.table.cf, key, this.traced({ slices: this.withStatics([{ start, end }]), reversed: false }), o.consistency, o.nowSec);
    if (r === null) return [];
    const p = assembleRows(layout, r.cells, o.nowSec, false);
    return this.noted(key, r, p.rows.length === 0 ? [] : this.rows(key, p, false));
  }

  /**
   * Up to `partitions` partitions (with live data) from `from`, in token order, each with at most
   * `limit` rows; filtered, each partition's first FILTERED_ROWS_PER_STEP rows are read by the
   * scan and a partition with more is read on in steps.
   */
  async scan(from: PositionBound | undefined, to: PositionBound | undefined, limit: number, partitions: number): Promise<ScannedRows[]> {
    if (this.o.filter === null || this.o.distinct) return this.scanOnce(from, to, limit, partitions);
    const found = await this.unfiltered().scanOnce(from, to, FILTERED_ROWS_PER_STEP, partitions);
    const out: ScannedRows[] = [];
    for (const p of found) {
      const rows: ResultRow[] = [];
      const last = p.rows[p.rows.length - 1];
      if (!this.keepPassing(p.rows, limit, rows) && p.rows.length >= FILTERED_ROWS_PER_STEP && last !== undefined && last.clustering !== null) {
        await this.o.pace?.();
        await this.readFiltered(p.key, last.clustering, limit, rows);
      }
      out.push({ key: p.key, position: p.position, rows, rowsRead: p.rowsRead });
    }
    return out;
  }

  private async scanOnce(from: PositionBound | undefined, to: PositionBound | undefined, limit: number, partitions: number): Promise<ScannedRows[]> {
    const o = this.o;
    const found = await o.table.store.scan(o.table.cf, from, to, this.query(this.withStatics(this.rowSlices), limit), partitions, o.consistency, o.nowSec);
    let tombstones = 0;
    let live = 0;
    const out = found.map((p) => {
      const rows = this.rows(p.key, assembleRows(o.table.layout, p.cells, o.nowSec, false), false);
      tombstones += p.tombstones ?? 0;
      live += rows.length;
      return { key: p.key, position: p.position, rows, rowsRead: rows.length };
    });
    o.tombstones?.note(null, tombstones, live);
    if (o.trace !== undefined) o.trace.trace(`Read ${live} live rows and ${tombstones} tombstone cells from ${found.length} partitions`);
    return out;
  }

  /** Tells the tombstone warning what one read met; returns its rows. */
  private noted(key: Buffer, read: PartitionResult | null, rows: ResultRow[]): ResultRow[] {
    if (read !== null && read.tombstones !== undefined) this.o.tombstones?.note(key, read.tombstones, rows.length);
    // Cassandra 4.0's ReadCommand traces "Read %d live rows and %d tombstone cells".
    if (this.o.trace !== undefined) this.o.trace.trace(`Read ${rows.length} live rows and ${read?.tombstones ?? 0} tombstone cells`);
    return rows;
  }

  private withStatics(slices: NameSlice[]): NameSlice[] {
    return this.hasStatics ? [STATIC_SLICE, ...slices] : slices;
  }

  private query(slices: readonly NameSlice[], limit: number): SliceQuery {
    const o = this.o;
    const rows = o.distinct ? 1 : o.filter === null ? limit : Infinity;
    if (rows === Infinity) return this.traced({ slices, reversed: o.reversed });
    // The static cells are a group of their own in a forward read.
    return this.traced({ slices, reversed: o.reversed, groupLimit: rows + (this.hasStatics ? 1 : 0), groupLength: o.table.layout.groupLength });
  }

  /** `q` carrying the request's trace sink, when it is traced. */
  private traced(q: SliceQuery): SliceQuery {
    return this.o.trace === undefined ? q : { ...q, trace: this.o.trace };
  }

  /** The row slices, only what lies after `after` in read order. */
  private cut(after: readonly Buffer[]): NameSlice[] {
    const layout = this.o.table.layout;
    return slicesPast(this.rowSlices, this.o.reversed ? layout.prefixStart(after) : layout.prefixEnd(after), this.o.reversed);
  }

  private rows(key: Buffer, p: PartitionRows, resumed: boolean): ResultRow[] {
    const o = this.o;
    const pk = decodePartitionKey(o.table.cf.cql, key);
    const statics = p.statics !== null && p.statics.columns.size > 0 ? p.statics : null;
    const keep = (r: ResultRow): boolean => o.filter === null || o.filter((c) => r.value(c));
    if (o.distinct) {
      if (resumed || (p.rows.length === 0 && statics === null)) return [];
      const r = resultRow(key, pk, null, statics, o.nowSec);
      return keep(r) ? [r] : [];
    }
    if (p.rows.length === 0) {
      if (resumed || statics === null || !o.staticOnlyRows) return [];
      const r = resultRow(key, pk, null, statics, o.nowSec);
      return keep(r) ? [r] : [];
    }
    const out: ResultRow[] = [];
    for (const row of p.rows) {
      const r = resultRow(key, pk, row, statics, o.nowSec);
      if (keep(r)) out.push(r);
    }
    return out;
  }
}

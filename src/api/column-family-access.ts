/**
 * The reads and writes of one column family in JS values: what both API styles (the Ruby-style
 * Keyspace and the pycassa-style ColumnFamily) call after sorting out their arguments. Converts
 * with the column family's codec, calls the backend once per request, and decodes the answer.
 */
import { NotFoundError } from '../errors/index.js';
import type { ColumnParent, Mutation } from '../db/index.js';
import type { ColumnFamilyDef } from '../schema/index.js';
import type { ApiContext } from './api-context.js';
import { ColumnFamilyCodec } from './column-family-codec.js';
import { checkThriftShaped } from './thrift-shape.js';
import { type IndexClauseInput, indexClause } from './index-clause.js';
import type { DecodedRow } from './operations-backend.js';
import type { ColumnsInput, Name, Row, SliceOptions, SuperColumnsInput, SuperRow, Value, WriteOptions } from './js-values.js';
import { type DeletionTarget, columnWrites, deletionMutation, insertMutations } from './row-mutations.js';
import { DEFAULT_COLUMN_COUNT, sliceLevel, slicePredicate } from './slice-predicate.js';

/** A key range: keys (inclusive) under the order-preserving partitioners; from a key's token position otherwise. */
/** get_count's default limit: every column. */
const COUNT_ALL = 0x7fffffff;

export interface KeyRangeOptions {
  readonly start?: Name;
  readonly finish?: Name;
  /** At most this many rows; 100 by default. */
  readonly count?: number;
  /** Keep rows with no live columns (0.7's range ghosts); dropped by default. */
  readonly includeEmpty?: boolean;
}

export class ColumnFamilyAccess {
  private constructor(
    private readonly ctx: ApiContext,
    readonly keyspace: string,
    readonly codec: ColumnFamilyCodec,
  ) {}

  /** The access for the column family's current definition. */
  static of(ctx: ApiContext, keyspace: string, columnFamily: string): Promise<ColumnFamilyAccess> {
    return ColumnFamilyAccess.with(ctx, keyspace, columnFamily, (a) => Promise.resolve(a));
  }

  /**
   * Runs `fn` with the access for the column family's current definition: in this tick when the
   * backend knows the definition at once (the embedded one), after its answer otherwise. Every
   * call starts here, so an access (and its codec) is made once per definition.
   */
  static with<T>(ctx: ApiContext, keyspace: string, columnFamily: string, fn: (a: ColumnFamilyAccess) => Promise<T>): Promise<T> {
    try {
      const def = ctx.backend.columnFamilyDef(keyspace, columnFamily);
      return def instanceof Promise ? def.then((d) => fn(ColumnFamilyAccess.forDef(ctx, d))) : fn(ColumnFamilyAccess.forDef(ctx, def));
    } catch (e) {
      return Promise.reject(e);
    }
  }

  private static forDef(ctx: ApiContext, def: ColumnFamilyDef): ColumnFamilyAccess {
    let access = ctx.accesses.get(def);
    if (access === undefined) {
      checkThriftShaped(def);
      ctx.accesses.set(def, (access = new ColumnFamilyAccess(ctx, def.keyspace, new ColumnFamilyCodec(def, ctx.raw))));
    }
    return access;
  }

  get isSuper(): boolean {
    return this.codec.isSuper;
  }

  /** A row (Row, or SuperRow for a Super CF), or one super column's sub-columns. */
  async slice(key: Name, superColumn: Name | undefined, opts?: SliceOptions): Promise<Row | SuperRow> {
    const level = sliceLevel(this.codec, superColumn);
    return this.ctx.backend.getSlice(this.keyspace, this.codec.key(key), this.parent(superColumn), slicePredicate(this.codec, level, opts), this.codec);
  }

  /** One column's value (a sub-column's when `superColumn` is given); undefined when absent. */
  async column(key: Name, superColumn: Name | undefined, column: Name): Promise<Value | undefined> {
    const name = this.codec.name('column', column);
    const path = { ...this.parent(superColumn), column: name };
    try {
      const found = await this.ctx.backend.get(this.keyspace, this.codec.key(key), path);
      return found.column === undefined ? undefined : this.codec.decodeValue(name, found.column.value);
    } catch (e) {
      if (e instanceof NotFoundError) return undefined;
      throw e;
    }
  }

  /** Each key's slice, in the order the keys were given (empty for an absent row). */
  async multislice(keys: readonly Name[], superColumn: Name | undefined, opts?: SliceOptions): Promise<Map<Value, Row | SuperRow>> {
    const level = sliceLevel(this.codec, superColumn);
    const keyBytes = keys.map((k) => this.codec.key(k));
    const slices = await this.ctx.backend.multigetSlice(this.keyspace, keyBytes, this.parent(superColumn), slicePredicate(this.codec, level, opts), this.codec);
    return this.byKey(slices);
  }

  /** Rows of a key range in partitioner order. */
  async range(range: KeyRangeOptions, superColumn: Name | undefined, opts?: SliceOptions): Promise<Map<Value, Row | SuperRow>> {
    const level = sliceLevel(this.codec, superColumn);
    const keyRange = {
      startKey: range.start === undefined ? Buffer.alloc(0) : this.codec.key(range.start),
      endKey: range.finish === undefined ? Buffer.alloc(0) : this.codec.key(range.finish),
      count: range.count ?? DEFAULT_COLUMN_COUNT,
    };
    const slices = await this.ctx.backend.getRangeSlices(this.keyspace, this.parent(superColumn), slicePredicate(this.codec, level, opts), keyRange, this.codec);
    const out = new Map<Value, Row | SuperRow>();
    for (const s of slices) {
      if (s.columns.size > 0 || range.includeEmpty === true) out.set(this.codec.decodeKey(s.key), s.columns);
    }
    return out;
  }

  /** Rows matching an index clause, in index (partitioner) order, rows without selected columns left out. */
  async indexed(clause: IndexClauseInput, superColumn: Name | undefined, opts?: SliceOptions): Promise<Map<Value, Row | SuperRow>> {
    const level = sliceLevel(this.codec, superColumn);
    const rows = await this.ctx.backend.getIndexedSlices(this.keyspace, this.parent(superColumn), indexClause(this.codec, clause), slicePredicate(this.codec, level, opts), this.codec);
    const out = new Map<Value, Row | SuperRow>();
    for (const r of rows) if (r.columns.size > 0) out.set(this.codec.decodeKey(r.key), r.columns);
    return out;
  }

  /** Columns of a row (super columns of a Super CF's row), or sub-columns of one super column. */
  count(key: Name, superColumn: Name | undefined, opts?: SliceOptions): Promise<number> {
    const level = sliceLevel(this.codec, superColumn);
    const predicate = slicePredicate(this.codec, level, { ...opts, count: opts?.count ?? COUNT_ALL });
    return this.ctx.backend.getCount(this.keyspace, this.codec.key(key), this.parent(superColumn), predicate);
  }

  /** Writes columns to one row (super column → columns for a Super CF), atomically. */
  insert(key: Name, columns: ColumnsInput | SuperColumnsInput, opts?: WriteOptions): Promise<void> {
    const writes = columnWrites(this.codec, columns);
    const timestamp = opts?.timestamp === undefined ? this.ctx.timestamps.next() : BigInt(opts.timestamp);
    return this.ctx.backend.insertColumns(this.keyspace, this.codec.def.name, this.codec.key(key), writes, timestamp, opts?.ttl);
  }

  insertMutations(columns: ColumnsInput | SuperColumnsInput, opts: WriteOptions = {}): Mutation[] {
    return insertMutations(this.codec, columns, this.timestamp(opts), opts.ttl);
  }

  deletionMutation(target: DeletionTarget, opts: WriteOptions = {}): Mutation {
    return deletionMutation(this.codec, target, this.timestamp(opts));
  }

  /** One row's mutations as one batch_mutate (atomic for the row). */
  mutate(key: Name, mutations: Mutation[]): Promise<void> {
    return this.ctx.backend.batchMutate(this.keyspace, [[this.codec.key(key), new Map([[this.codec.def.name, mutations]])]]);
  }

  private parent(superColumn: Name | undefined): ColumnParent {
    const columnFamily = this.codec.def.name;
    return superColumn === undefined ? { columnFamily } : { columnFamily, superColumn: this.codec.name('super', superColumn) };
  }

  private timestamp(opts: WriteOptions): bigint {
    return opts.timestamp === undefined ? this.ctx.timestamps.next() : BigInt(opts.timestamp);
  }

  /** The backend answers distinct keys in request order: one entry per distinct key. */
  private byKey(slices: readonly DecodedRow[]): Map<Value, Row | SuperRow> {
    const out = new Map<Value, Row | SuperRow>();
    for (const s of slices) out.set(this.codec.decodeKey(s.key), s.columns);
    return out;
  }
}

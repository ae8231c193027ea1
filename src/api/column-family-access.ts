/**
 * The reads and writes of one column family in JS values: what both API styles (the Ruby-style
 * Keyspace and the pycassa-style ColumnFamily) call after sorting out their arguments. Converts
 * with the column family's codec, calls the backend once per request, and decodes the answer.
 */
import { NotFoundError } from '../errors/index.js';
import type { ColumnParent, Mutation } from '../db/index.js';
import type { ApiContext } from './api-context.js';
import { ColumnFamilyCodec } from './column-family-codec.js';
import { checkThriftShaped } from './thrift-shape.js';
import { type IndexClauseInput, indexClause } from './index-clause.js';
import type { DecodedRow } from './operations-backend.js';
import type { ColumnsInput, Name, Row, SliceOptions, SuperColumnsInput, SuperRow, Value, WriteOptions } from './js-values.js';
import { type DeletionTarget, deletionMutation, insertMutations } from './row-mutations.js';
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

  static async of(ctx: ApiContext, keyspace: string, columnFamily: string): Promise<ColumnFamilyAccess> {
    const def = await ctx.backend.columnFamilyDef(keyspace, columnFamily);
    checkThriftShaped(def);
    let codec = ctx.codecs.get(def);
    if (codec === undefined) ctx.codecs.set(def, (codec = new ColumnFamilyCodec(def, ctx.raw)));
    return new ColumnFamilyAccess(ctx, keyspace, codec);
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

/**
 * A column family handle in pycassa's style (seeds 001-003): `cf.insert(key, columns)`,
 * `cf.get(key, {columnStart, columnCount, columnReversed, …})`. As in pycassa, `get` of a row with
 * nothing in the slice is a NotFoundError, and `multiget`/`getRange`/`getIndexedSlices` leave such
 * rows out.
 */
import { NotFoundError } from '../errors/index.js';
import type { ApiContext } from './api-context.js';
import { ColumnFamilyAccess } from './column-family-access.js';
import type { IndexClauseInput } from './index-clause.js';
import type { ColumnsInput, Name, Row, SliceOptions, SuperColumnsInput, SuperRow, Value, WriteOptions } from './js-values.js';

/** pycassa's column selection: names, or a start/finish/count/reversed range; optionally inside one super column. */
export interface ColumnOptions {
  readonly columns?: readonly Name[];
  readonly columnStart?: Name;
  readonly columnFinish?: Name;
  /** 100 by default, as pycassa's. */
  readonly columnCount?: number;
  readonly columnReversed?: boolean;
  readonly superColumn?: Name;
}

export interface GetRangeOptions extends ColumnOptions {
  readonly start?: Name;
  readonly finish?: Name;
  /** At most this many rows; 100 by default. */
  readonly rowCount?: number;
}

export interface RemoveOptions extends WriteOptions {
  readonly superColumn?: Name;
}

export class ColumnFamily {
  constructor(
    private readonly ctx: ApiContext,
    readonly keyspace: string,
    readonly name: string,
  ) {}

  insert(key: Name, columns: ColumnsInput | SuperColumnsInput, options?: WriteOptions): Promise<void> {
    return ColumnFamilyAccess.with(this.ctx, this.keyspace, this.name, (a) => a.insert(key, columns, options));
  }

  /** The row's selected columns (super columns → sub-columns for a Super CF); NotFoundError when none. */
  async get<T extends Row | SuperRow = Row>(key: Name, options: ColumnOptions = {}): Promise<T> {
    const a = await this.access();
    const result = await a.slice(key, options.superColumn, sliceOptions(options));
    if (result.size === 0) throw new NotFoundError(`no columns for key ${String(key)} in ${this.keyspace}.${this.name}`);
    return result as T;
  }

  /** key → row for the keys that have selected columns, in the order given. */
  async multiget<T extends Row | SuperRow = Row>(keys: readonly Name[], options: ColumnOptions = {}): Promise<Map<Value, T>> {
    const a = await this.access();
    const rows = await a.multislice(keys, options.superColumn, sliceOptions(options));
    for (const [k, row] of rows) if (row.size === 0) rows.delete(k);
    return rows as Map<Value, T>;
  }

  /** key → row over a key range, in partitioner order, rows without selected columns left out. */
  async getRange<T extends Row | SuperRow = Row>(options: GetRangeOptions = {}): Promise<Map<Value, T>> {
    const a = await this.access();
    const range = { start: options.start, finish: options.finish, count: options.rowCount };
    return (await a.range(range, options.superColumn, sliceOptions(options))) as Map<Value, T>;
  }

  /**
   * pycassa's `get_indexed_slices`: key → row for the rows matching every expression of the
   * clause (one must be an EQ on a KEYS-indexed column), in index order, rows without selected
   * columns left out. `cf.getIndexedSlices({ expressions: [{ column: 'state', value: 'UT' }] })`.
   */
  async getIndexedSlices(clause: IndexClauseInput, options: ColumnOptions = {}): Promise<Map<Value, Row>> {
    const a = await this.access();
    return (await a.indexed(clause, options.superColumn, sliceOptions(options))) as Map<Value, Row>;
  }

  async getCount(key: Name, options: ColumnOptions = {}): Promise<number> {
    const a = await this.access();
    return a.count(key, options.superColumn, { ...sliceOptions(options), count: options.columnCount ?? 0x7fffffff });
  }

  /** Deletes the row, or the named columns (of `superColumn` when given; super columns of a Super CF otherwise). */
  async remove(key: Name, columns?: readonly Name[], options: RemoveOptions = {}): Promise<void> {
    const a = await this.access();
    const target = { superColumn: options.superColumn, ...(columns === undefined ? {} : { columns }) };
    await a.mutate(key, [a.deletionMutation(target, options)]);
  }

  private access(): Promise<ColumnFamilyAccess> {
    return ColumnFamilyAccess.of(this.ctx, this.keyspace, this.name);
  }
}

function sliceOptions(o: ColumnOptions): SliceOptions {
  if (o.columns !== undefined) return { columns: o.columns };
  return { start: o.columnStart, finish: o.columnFinish, count: o.columnCount, reversed: o.columnReversed };
}

/**
 * A keyspace in the Ruby client's style (seed 000): parameters in storage order —
 * `get(cf, key, superColumn?, column?, options?)` — returning a value for one column, an ordered
 * Map for a row or a super column, and a Map of Maps for a Super CF's row. Also hands out
 * pycassa-style handles (`columnFamily(name)`).
 */
import type { ApiContext } from './api-context.js';
import { Batch } from './batch.js';
import { ColumnFamily } from './column-family.js';
import { Table } from './cql-table-handle.js';
import { ColumnFamilyAccess, type KeyRangeOptions } from './column-family-access.js';
import type { IndexClauseInput, IndexExpressionInput } from './index-clause.js';
import type { ColumnsInput, GetResult, Name, Row, SliceOptions, SuperColumnsInput, SuperRow, Value, WriteOptions } from './js-values.js';
import { columnPath, splitArgs } from './ruby-arguments.js';

/** `(superColumn?, column?, options?)` after the key. */
export type PathArgs<O> = [] | [O] | [Name] | [Name, O] | [Name, Name] | [Name, Name, O];

/** A key range plus the slice of each row to return. */
export interface RangeOptions extends KeyRangeOptions {
  readonly superColumn?: Name;
  readonly columns?: SliceOptions;
}

/** The slice of each row, plus the Ruby client's `:key_start`/`:key_count` for an expression list. */
export interface IndexedSliceOptions extends SliceOptions {
  /** The first row key to consider (inclusive). */
  readonly keyStart?: Name;
  /** At most this many rows; 100 by default. */
  readonly keyCount?: number;
}

export class Keyspace {
  constructor(
    private readonly ctx: ApiContext,
    readonly name: string,
  ) {}

  /** A handle on any table by its CQL columns (CREATE TABLE tables too): insert/select/delete rows. */
  table(name: string): Table {
    return new Table(this.ctx, this.name, name);
  }

  /** A pycassa-style handle on one column family. */
  columnFamily(name: string): ColumnFamily {
    return new ColumnFamily(this.ctx, this.name, name);
  }

  /** Writes `columns` to one row (name → value; for a Super CF, super column → {name → value}). */
  insert(cf: string, key: Name, columns: ColumnsInput | SuperColumnsInput, options?: WriteOptions): Promise<void> {
    return ColumnFamilyAccess.with(this.ctx, this.name, cf, (a) => a.insert(key, columns, options));
  }

  /**
   * A row, a super column, or one column's value (undefined when absent). The type parameter
   * states what the call returns: `Row` for a row or super column, `SuperRow` for a Super CF's row,
   * `Value` for a column.
   */
  async get<T extends GetResult = GetResult>(cf: string, key: Name, ...args: PathArgs<SliceOptions>): Promise<T> {
    const a = await this.access(cf);
    const { names, options } = splitArgs<SliceOptions>(args);
    const path = columnPath(a.isSuper, names);
    const result = path.column === undefined ? await a.slice(key, path.superColumn, options) : await a.column(key, path.superColumn, path.column);
    return result as T;
  }

  /** `get` for many keys: key → result, in the order given (an empty Map for an absent row). */
  async multiget<T extends GetResult = GetResult>(cf: string, keys: readonly Name[], ...args: PathArgs<SliceOptions>): Promise<Map<Value, T>> {
    const a = await this.access(cf);
    const { names, options } = splitArgs<SliceOptions>(args);
    const path = columnPath(a.isSuper, names);
    if (path.column === undefined) return (await a.multislice(keys, path.superColumn, options)) as Map<Value, T>;
    const rows = await a.multislice(keys, path.superColumn, { columns: [path.column] });
    const out = new Map<Value, T>();
    for (const [k, row] of rows) out.set(k, (row as Row).values().next().value as T);
    return out;
  }

  /** Rows of a key range (key order under the order-preserving partitioners), rows without live columns left out. */
  async getRange<T extends Row | SuperRow = Row>(cf: string, options: RangeOptions = {}): Promise<Map<Value, T>> {
    const a = await this.access(cf);
    return (await a.range(options, options.superColumn, options.columns)) as Map<Value, T>;
  }

  /**
   * The Ruby client's `get_indexed_slices`: rows matching every expression (one must be an EQ on a
   * KEYS-indexed column), as key → row in index order, rows without selected columns left out.
   * Takes an expression list (`options.keyStart`/`keyCount` say where to start and how many) or a
   * whole clause `{ expressions, startKey, count }`.
   */
  async getIndexedSlices<T extends Row = Row>(cf: string, clause: readonly IndexExpressionInput[] | IndexClauseInput, options: IndexedSliceOptions = {}): Promise<Map<Value, T>> {
    const a = await this.access(cf);
    const { keyStart, keyCount, ...slice } = options;
    const full: IndexClauseInput = isExpressionList(clause) ? { expressions: clause, startKey: keyStart, count: keyCount } : clause;
    return (await a.indexed(full, undefined, slice)) as Map<Value, T>;
  }

  /** How many columns a row has (super columns for a Super CF), or sub-columns a super column has. */
  async getCount(cf: string, key: Name, ...args: [] | [SliceOptions] | [Name] | [Name, SliceOptions]): Promise<number> {
    const a = await this.access(cf);
    const { names, options } = splitArgs<SliceOptions>(args);
    return a.count(key, names[0], options);
  }

  /** Deletes a row, a column, a super column or a sub-column. */
  async remove(cf: string, key: Name, ...args: PathArgs<WriteOptions>): Promise<void> {
    const a = await this.access(cf);
    const { names, options } = splitArgs<WriteOptions>(args);
    const path = columnPath(a.isSuper, names);
    const target = { superColumn: path.superColumn, ...(path.column === undefined ? {} : { columns: [path.column] }) };
    await a.mutate(key, [a.deletionMutation(target, options)]);
  }

  /** Runs `fn` to collect inserts and removes, then sends them as one batch_mutate. */
  async batch(fn: (b: Batch) => void | Promise<void>): Promise<void> {
    const b = new Batch();
    await fn(b);
    if (b.size === 0) return;
    await this.ctx.backend.batchMutate(this.name, await b.toMutationMap(this.ctx, this.name));
  }

  /** Removes every row of the column family. */
  truncate(cf: string): Promise<void> {
    return this.ctx.backend.truncate(this.name, cf);
  }

  private access(cf: string): Promise<ColumnFamilyAccess> {
    return ColumnFamilyAccess.of(this.ctx, this.name, cf);
  }
}

function isExpressionList(c: readonly IndexExpressionInput[] | IndexClauseInput): c is readonly IndexExpressionInput[] {
  return Array.isArray(c);
}

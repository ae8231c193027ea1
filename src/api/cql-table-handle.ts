/**
 * `ks.table(name)`: any table — made with CREATE TABLE (clustering columns, collections, static
 * columns, composite keys) or a column family seen through its CQL view — by its CQL columns:
 *
 *   const scores = db.keyspace('ks').table('scores');
 *   await scores.insert({ user: 'ann', game: 7, points: 12, tags: ['a'] }, { ttl: 60 });
 *   await scores.select({ user: 'ann' });   // [{ user: 'ann', game: 7, points: 12, tags: ['a'] }]
 *   await scores.delete({ user: 'ann', game: 7 });
 *
 * Values are each column type's JS value (AbstractType compose/decompose: string for text, uuid
 * and inet; number for int and double; bigint for bigint and varint; Date for timestamp; Buffer for
 * blob; arrays for lists and sets; Map for maps); rows list the columns in `SELECT *` order with
 * null for no value. Statements are CQL on both backends (run in process embedded, sent over the
 * protocol remote), so the two give the same rows. `where` is equality on columns, ANDed.
 */
import { InvalidRequestError } from '../errors/index.js';
import { quoteIdentifier } from '../cql/parser/index.js';
import type { ColumnFamilyDef, CqlColumn } from '../schema/index.js';
import type { ApiContext } from './api-context.js';
import type { WriteOptions } from './js-values.js';

export type CqlRow = Record<string, unknown>;

export interface SelectOptions {
  /** At most this many rows. */
  readonly limit?: number;
  /** Let `where` name columns that need filtering (CQL's ALLOW FILTERING). */
  readonly allowFiltering?: boolean;
}

export class Table {
  constructor(
    private readonly ctx: ApiContext,
    readonly keyspace: string,
    readonly name: string,
  ) {}

  /** Writes one row (every primary key column given); other columns given are set, null ones deleted. */
  async insert(row: CqlRow, options: WriteOptions = {}): Promise<void> {
    const def = await this.def();
    const entries = Object.entries(row).map(([name, v]) => [column(def, name), v] as const);
    const ids = entries.map(([c]) => quoteIdentifier(c.name)).join(', ');
    const marks = entries.map(() => '?').join(', ');
    const values = entries.map(([c, v]) => bytes(c, v));
    const { using, attrs } = usingClause(this.ctx, options);
    await this.ctx.backend.cql(this.keyspace, `INSERT INTO ${this.table(def)} (${ids}) VALUES (${marks}) ${using}`, [...values, ...attrs]);
  }

  /** Rows whose columns equal `where`'s values (all rows without it), in the table's order. */
  async select(where: CqlRow = {}, options: SelectOptions = {}): Promise<CqlRow[]> {
    const def = await this.def();
    const columns = starOrder(def);
    const { clause, values } = whereClause(def, where);
    const limit = options.limit === undefined ? '' : ` LIMIT ${positive(options.limit)}`;
    const filtering = options.allowFiltering === true ? ' ALLOW FILTERING' : '';
    const rows = await this.ctx.backend.cql(this.keyspace, `SELECT ${columns.map(selector).join(', ')} FROM ${this.table(def)}${clause}${limit}${filtering}`, values);
    return rows.map((r) => Object.fromEntries(columns.map((c, i) => [c.name, r[i] === null || r[i] === undefined ? null : c.type.compose(r[i]!)])));
  }

  /** Deletes the rows (or partition) `where` names by its primary key columns. */
  async delete(where: CqlRow, options: Pick<WriteOptions, 'timestamp'> = {}): Promise<void> {
    const def = await this.def();
    const { clause, values } = whereClause(def, where);
    if (clause === '') throw new InvalidRequestError('delete needs the partition key in where');
    const { using, attrs } = usingClause(this.ctx, options);
    await this.ctx.backend.cql(this.keyspace, `DELETE FROM ${this.table(def)} ${using}${clause}`, [...attrs, ...values]);
  }

  private async def(): Promise<ColumnFamilyDef> {
    return this.ctx.backend.columnFamilyDef(this.keyspace, this.name);
  }

  private table(def: ColumnFamilyDef): string {
    return `${quoteIdentifier(def.keyspace)}.${quoteIdentifier(def.name)}`;
  }
}

/** Cassandra's `SELECT *` order: partition key, clustering, then the others by name. */
function starOrder(def: ColumnFamilyDef): CqlColumn[] {
  const t = def.cql;
  return [...t.partitionKey, ...t.clustering, ...[...t.regular, ...t.statics].sort((a, b) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)))];
}

/** A selector that returns the column's bytes (native types through `<type>AsBlob`). */
function selector(c: CqlColumn): string {
  const id = quoteIdentifier(c.name);
  const n = c.type.cqlName;
  return n !== null && /^[a-z]+$/.test(n) && n !== 'blob' && n !== 'counter' ? `${n}AsBlob(${id})` : id;
}

function whereClause(def: ColumnFamilyDef, where: CqlRow): { clause: string; values: (Buffer | null)[] } {
  if (where === null || typeof where !== 'object') throw new InvalidRequestError('where must be an object of column → value');
  const entries = Object.entries(where).map(([name, v]) => [column(def, name), v] as const);
  if (entries.length === 0) return { clause: '', values: [] };
  return { clause: ` WHERE ${entries.map(([c]) => `${quoteIdentifier(c.name)} = ?`).join(' AND ')}`, values: entries.map(([c, v]) => bytes(c, v)) };
}

function usingClause(ctx: ApiContext, options: WriteOptions): { using: string; attrs: Buffer[] } {
  const timestamp = options.timestamp === undefined ? ctx.timestamps.next() : BigInt(options.timestamp);
  const ts = Buffer.alloc(8);
  ts.writeBigInt64BE(timestamp);
  if (options.ttl === undefined) return { using: 'USING TIMESTAMP ?', attrs: [ts] };
  const ttl = Buffer.alloc(4);
  ttl.writeInt32BE(positive(options.ttl, 0));
  return { using: 'USING TTL ? AND TIMESTAMP ?', attrs: [ttl, ts] };
}

function column(def: ColumnFamilyDef, name: string): CqlColumn {
  const c = def.cql.columns.get(name);
  if (c === undefined) throw new InvalidRequestError(`Undefined column name ${name} in table ${def.keyspace}.${def.name}`);
  return c;
}

function bytes(c: CqlColumn, v: unknown): Buffer | null {
  if (v === null || v === undefined) return null;
  try {
    return c.type.decompose(v as never);
  } catch (e) {
    throw new InvalidRequestError(`Invalid value for column ${c.name} of type ${c.type.cqlName ?? c.type.name}: ${(e as Error).message}`, { cause: e });
  }
}

function positive(n: number, min = 1): number {
  if (!Number.isInteger(n) || n < min) throw new InvalidRequestError(`expected an integer ≥ ${min}, got ${n}`);
  return n;
}

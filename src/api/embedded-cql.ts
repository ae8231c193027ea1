/**
 * CQL run in this process by the embedded node's query processor — the path a client's QUERY
 * takes (the statement cache, then the statement's execution at the request's level), without
 * the wire: `db.execute()` and `db.prepare()`, and `ks.table(name)`'s statements.
 *
 * Values go in as each bind marker's JS value (AbstractType decompose: string for text, uuid and
 * inet; number for int, float and double; bigint for bigint, counter and varint; Date for
 * timestamp; Buffer for blob; arrays for lists and sets; Map for maps), positionally or by marker
 * name; `undefined` leaves a column unset. Rows come back as objects keyed by column name, each
 * value composed by its type the same way; every page is read unless `pageSize` asks for one.
 * The embedded process is the node's owner: its statements are not checked against roles, as
 * Cassandra's internal queries are not.
 */
import { type ClientState, type ColumnSpec, type CqlStatement, type BoundValue, UNSET, queryOptions } from '../cql/execution/index.js';
import { InvalidRequestError } from '../errors/index.js';
import { toCqlString } from '../marshal/index.js';
import type { QueryProcessor } from '../server/index.js';
import type { ConsistencyLevel } from '../db/index.js';

/** Rows per page while `execute` reads every page. */
const PAGE_ROWS = 5000;

export type CqlValues = readonly unknown[] | Readonly<Record<string, unknown>>;

export interface ExecuteOptions {
  /** The keyspace unqualified names are in; the database's current one (set by USE) otherwise. */
  readonly keyspace?: string;
  /** ONE by default. */
  readonly consistency?: ConsistencyLevel | 'LOCAL_ONE' | 'LOCAL_SERIAL' | 'SERIAL';
  /** Return one page of this many rows (and `pageState` when more follow) instead of every row. */
  readonly pageSize?: number;
  /** Where the previous page ended (its `pageState`). */
  readonly pageState?: Buffer;
  /** The write timestamp in microseconds; the node's clock otherwise. */
  readonly timestamp?: bigint;
}

export interface ResultColumn {
  readonly name: string;
  /** Its CQL type, as DESCRIBE writes it (`int`, `map<text, int>`, `frozen<address>`). */
  readonly type: string;
}

export interface ResultSet<R = Record<string, unknown>> {
  readonly rows: R[];
  /** The columns of each row, in order (empty for statements that return no rows). */
  readonly columns: readonly ResultColumn[];
  /** When `pageSize` was given and more rows follow: pass it back as `pageState`. */
  readonly pageState?: Buffer;
  /** Warnings the node attached (a large batch, tombstones read, a slow function). */
  readonly warnings: readonly string[];
}

export interface PreparedQuery {
  readonly query: string;
  /** One per bind marker, in order. */
  readonly parameters: readonly ResultColumn[];
  /** The columns each row comes back with; empty for statements that return no rows. */
  readonly columns: readonly ResultColumn[];
  execute<R = Record<string, unknown>>(values?: CqlValues, options?: ExecuteOptions): Promise<ResultSet<R>>;
}

/** The session state embedded statements share: the current keyspace (USE changes it). */
export class EmbeddedCql {
  private keyspace: string | undefined;

  constructor(private readonly processor: QueryProcessor) {}

  async execute<R>(query: string, values: CqlValues | undefined, options: ExecuteOptions = {}): Promise<ResultSet<R>> {
    const statement = await this.bind(query, options.keyspace);
    const bound = boundValues(statement, values);
    const warnings: string[] = [];
    const state = this.state(options.keyspace, warnings);
    const rows: R[] = [];
    let pagingState = options.pageState;
    for (;;) {
      const result = await this.processor.runChecked(statement, state, queryOptions(bound, {
        consistency: options.consistency ?? 'ONE',
        pageSize: options.pageSize ?? PAGE_ROWS,
        ...(pagingState === undefined ? {} : { pagingState }),
        ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
      }));
      if (result.kind !== 'rows') return { rows, columns: [], warnings };
      const columns = result.columns;
      for (const r of result.rows) rows.push(rowObject(columns, r) as R);
      pagingState = result.pagingState;
      if (pagingState === undefined) return { rows, columns: columns.map(resultColumn), warnings };
      if (options.pageSize !== undefined) return { rows, columns: columns.map(resultColumn), pageState: pagingState, warnings };
    }
  }

  async prepare(query: string, keyspace: string | undefined): Promise<PreparedQuery> {
    const statement = await this.bind(query, keyspace);
    return {
      query,
      parameters: statement.bindVariables.map(resultColumn),
      columns: (statement.resultColumns ?? []).map(resultColumn),
      execute: (values, options = {}) => this.execute(query, values, { ...(keyspace === undefined ? {} : { keyspace }), ...options }),
    };
  }

  /** A statement's rows as each column's bytes (every page): what `ks.table()` reads. */
  async rawRows(keyspace: string, query: string, values: readonly BoundValue[]): Promise<(Buffer | null)[][]> {
    const statement = await this.bind(query, keyspace);
    const state = this.state(keyspace, []);
    const out: (Buffer | null)[][] = [];
    let pagingState: Buffer | undefined;
    for (;;) {
      const result = await this.processor.runChecked(statement, state, queryOptions(values, { pageSize: PAGE_ROWS, ...(pagingState === undefined ? {} : { pagingState }) }));
      if (result.kind !== 'rows') return out;
      for (const r of result.rows) out.push([...r]);
      if (result.pagingState === undefined) return out;
      pagingState = result.pagingState;
    }
  }

  private bind(query: string, keyspace: string | undefined): Promise<CqlStatement> {
    if (typeof query !== 'string') throw new InvalidRequestError(`a CQL statement must be a string, not ${describe(query)}`);
    return Promise.resolve(this.processor.bindText(query, keyspace ?? this.keyspace));
  }

  /** One request's state: the given keyspace, or the session's (which USE sets). */
  private state(keyspace: string | undefined, warnings: string[]): ClientState {
    if (keyspace !== undefined) return { keyspace, warn: (m) => warnings.push(m) };
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const session = this;
    return {
      get keyspace() {
        return session.keyspace;
      },
      set keyspace(ks: string | undefined) {
        session.keyspace = ks;
      },
      warn: (m) => warnings.push(m),
    };
  }
}

function resultColumn(c: ColumnSpec): ResultColumn {
  return { name: c.name, type: toCqlString(c.type) };
}

function rowObject(columns: readonly ColumnSpec[], values: readonly (Buffer | null)[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i++) {
    const v = values[i];
    row[columns[i]!.name] = v === null || v === undefined ? null : columns[i]!.type.compose(v);
  }
  return row;
}

/** The JS values of `values` as bytes, by the statement's markers (positional or by name). */
function boundValues(statement: CqlStatement, values: CqlValues | undefined): BoundValue[] {
  const markers = statement.bindVariables;
  if (values === undefined || values === null) {
    if (markers.length > 0) throw new InvalidRequestError(`the statement has ${markers.length} bind marker(s) and no values were given`);
    return [];
  }
  if (Array.isArray(values)) {
    if (values.length !== markers.length) throw new InvalidRequestError(`the statement has ${markers.length} bind marker(s) but ${values.length} value(s) were given`);
    return markers.map((m, i) => toBytes(m, values[i]));
  }
  if (typeof values !== 'object') throw new InvalidRequestError(`values must be an array (by position) or an object (by marker name), not ${describe(values)}`);
  const byName = values as Readonly<Record<string, unknown>>;
  const names = new Set(markers.map((m) => m.name));
  const unknown = Object.keys(byName).filter((k) => !names.has(k));
  if (unknown.length > 0) throw new InvalidRequestError(`no bind marker is named ${unknown.join(', ')} (the statement's are ${[...names].join(', ') || 'none'})`);
  return markers.map((m) => toBytes(m, byName[m.name]));
}

function toBytes(marker: ColumnSpec, v: unknown): BoundValue {
  if (v === undefined) return UNSET;
  if (v === null) return null;
  try {
    return marker.type.decompose(v as never);
  } catch (e) {
    throw new InvalidRequestError(`Invalid value for ${marker.name} (${toCqlString(marker.type)}): ${(e as Error).message}`);
  }
}

function describe(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v;
}

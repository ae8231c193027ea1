/**
 * The node's prepared statements: an LRU keyed by statement id (statement-id.ts), shared by every
 * session as in Cassandra, bounded by weighed bytes (prepared_statements_cache_size_mb) and by count
 * (prepared_statements_cache_max_entries). An id not (or no longer) held is UNPREPARED, and the
 * client prepares again (drivers do it by themselves).
 *
 * An entry weighs its text's bytes plus an estimate of its parsed and bound forms:
 * `PREPARED_FORM_FACTOR` times the walked size of the parse tree (util/estimated-size.ts).
 * Measured with V8's heap (node --expose-gc, 50 statements of 180 KB each): an IN list of 25,000
 * terms holds 10.1 MB (weighed 9.2 MB), a single 180 KB string literal 0.5 MB (weighed 1.3 MB) —
 * the text alone would have undercounted the IN list fiftyfold, which is how 300 such statements
 * once took a node to 2.9 GB. A statement weighing more than the whole bound is refused with
 * Cassandra's message (checked in apache/cassandra cql3/QueryProcessor.storePreparedStatement).
 *
 * A statement is bound to the schema it was prepared against. When the schema has changed since,
 * EXECUTE binds it again from its parse (in steps, as PREPARE does): if its bind variables are the same, it runs (and the
 * new binding is kept); if they differ, the entry is dropped and the client gets UNPREPARED, so it
 * re-prepares; if it no longer prepares (table dropped), the entry is dropped and the client gets
 * that error. When only its result columns changed (SELECT * after ALTER TABLE ADD), a v5 client
 * is told with the rows (the transport's Metadata_changed and new result metadata id, as Cassandra
 * 4.0 does), so it runs; a v3/v4 client has no such signal and would misread the rows, so it gets
 * UNPREPARED and learns the new columns by preparing again (`resultChangesAnnounced`).
 */
import type { ColumnSpec, CqlContext, CqlStatement } from '../cql/execution/index.js';
import { type ParsedStatement, parseStatementPaced } from '../cql/parser/index.js';
import { loopPacer } from '../cql/execution/index.js';
import { InvalidRequestError, UnpreparedError } from '../errors/index.js';
import type { Schema } from '../schema/index.js';
import { estimatedHeapBytesPaced } from '../util/estimated-size.js';
import { LruCache } from './lru-cache.js';
import { MAX_BIND_MARKERS } from './query-values.js';
import { statementId } from './statement-id.js';
import type { PacedStatementPreparer } from './statement-preparer.js';

/** prepared_statements_cache_max_entries' default (Ilium's count bound). */
export const DEFAULT_PREPARED_STATEMENTS_MAX = 10_000;
/**
 * prepared_statements_cache_size_mb's default, 16 MiB. Cassandra's is max(10 MB, heap / 256): 16
 * is that for a 4 GiB heap, V8's usual old-space limit on a 64-bit machine with 16 GB or more.
 */
export const DEFAULT_PREPARED_STATEMENTS_BYTES_MAX = 16 * 1024 * 1024;
/** How much more than its walked parse tree a prepared statement holds (see the header). */
const PREPARED_FORM_FACTOR = 3;

interface PreparedEntry {
  readonly query: string;
  /** The keyspace unqualified names resolved in when it was prepared. */
  readonly keyspace: string | undefined;
  readonly parsed: ParsedStatement;
  statement: CqlStatement;
  /** The binding whose result columns the last PREPARE answered with. */
  announced: CqlStatement;
  /** The schema snapshot `statement` is bound to. */
  schema: Schema;
  /** Its weight in the cache, in estimated bytes. */
  readonly bytes: number;
}

export class PreparedStatements {
  private readonly entries: LruCache<string, PreparedEntry>;

  constructor(
    private readonly ctx: CqlContext,
    /** Binds in steps, when preparing and when binding again after a schema change (a test's preparer binds at once). */
    private readonly preparePaced: PacedStatementPreparer,
    maxEntries = DEFAULT_PREPARED_STATEMENTS_MAX,
    readonly bytesMax = DEFAULT_PREPARED_STATEMENTS_BYTES_MAX,
  ) {
    this.entries = new LruCache(maxEntries, { weigh: (e) => e.bytes, weightMax: bytesMax });
  }

  /** The estimated bytes held. */
  get bytes(): number {
    return this.entries.weight;
  }

  get size(): number {
    return this.entries.size;
  }

  get evictions(): number {
    return this.entries.evictions;
  }

  /**
   * Parses and binds `query` in `keyspace`, stores it, and returns its id and statement. A CQL-text
   * batch is parsed, bound and weighed in steps that yield the loop (a batch of 100,000 INSERTs is
   * seconds of work before its weight refuses it).
   */
  async prepare(query: string, keyspace: string | undefined): Promise<{ id: Buffer; statement: CqlStatement }> {
    const pace = loopPacer(this.ctx.env);
    const parsed = await parseStatementPaced(query, pace);
    const schema = this.ctx.schema();
    const statement = await this.preparePaced(parsed, this.ctx, keyspace, pace);
    if (statement.bindVariables.length > MAX_BIND_MARKERS) {
      throw new InvalidRequestError(`Too many markers(?). ${statement.bindVariables.length} markers exceed the allowed maximum of ${MAX_BIND_MARKERS}`);
    }
    const id = statementId(query, keyspace, parsed.statement);
    const key = cacheKey(id);
    const existing = this.entries.peek(key);
    if (existing !== undefined && existing.query !== query) {
      throw new InvalidRequestError(`MD5 hash collision: query with the same MD5 hash was already prepared. \n Existing: '${existing.query}'`);
    }
    const bytes = Buffer.byteLength(query) + PREPARED_FORM_FACTOR * (await estimatedHeapBytesPaced(parsed, pace));
    if (bytes > this.bytesMax) {
      throw new InvalidRequestError(`Prepared statement of size ${bytes} bytes is larger than allowed maximum of ${Math.floor(this.bytesMax / (1024 * 1024))} MB: ${query.slice(0, 200)}...`);
    }
    this.entries.set(key, { query, keyspace, parsed, statement, announced: statement, schema, bytes });
    return { id, statement };
  }

  /**
   * The statement of `id`, bound to the current schema; UnpreparedError when it is not held.
   * `resultChangesAnnounced`: the client learns changed result columns with the rows (v5).
   * Bound to the current schema already, it is returned as is; after a schema change it is bound
   * again as a PREPARE binds it, in steps that yield the loop (a text batch is bound a statement
   * at a time), so the answer is then a promise.
   */
  get(id: Buffer, resultChangesAnnounced = false): CqlStatement | Promise<CqlStatement> {
    const key = cacheKey(id);
    const entry = this.entries.get(key);
    if (entry === undefined) throw unprepared(id);
    const schema = this.ctx.schema();
    if (entry.schema === schema) return this.announced(key, entry, id, resultChangesAnnounced);
    const dropOn = (e: unknown): never => {
      if (this.entries.peek(key) === entry) this.entries.delete(key);
      throw e;
    };
    let fresh: CqlStatement | Promise<CqlStatement>;
    try {
      fresh = this.preparePaced(entry.parsed, this.ctx, entry.keyspace, loopPacer(this.ctx.env));
    } catch (e) {
      return dropOn(e);
    }
    if (!(fresh instanceof Promise)) return this.rebound(key, entry, id, fresh, schema, resultChangesAnnounced);
    return fresh.then((s) => this.rebound(key, entry, id, s, schema, resultChangesAnnounced), dropOn);
  }

  /** Keeps `fresh`, bound to `schema`, as `entry`'s statement when its bind variables are the same. */
  private rebound(key: string, entry: PreparedEntry, id: Buffer, fresh: CqlStatement, schema: Schema, resultChangesAnnounced: boolean): CqlStatement {
    if (!sameBindings(entry.statement, fresh)) {
      if (this.entries.peek(key) === entry) this.entries.delete(key);
      throw unprepared(id);
    }
    entry.statement = fresh;
    entry.schema = schema;
    return this.announced(key, entry, id, resultChangesAnnounced);
  }

  /** `entry`'s statement, unless its result columns changed since the client learnt them and it cannot be told. */
  private announced(key: string, entry: PreparedEntry, id: Buffer, resultChangesAnnounced: boolean): CqlStatement {
    if (!resultChangesAnnounced && entry.announced !== entry.statement && !sameResult(entry.announced, entry.statement)) {
      if (this.entries.peek(key) === entry) this.entries.delete(key);
      throw unprepared(id);
    }
    return entry.statement;
  }

  /** The text `id` was prepared from, when it is held (the audit log's operation). */
  textOf(id: Buffer): string | undefined {
    return this.entries.peek(cacheKey(id))?.query;
  }

  /** The parse `id` was prepared from, when it is held (the audit log's statement). */
  parsedOf(id: Buffer): ParsedStatement | undefined {
    return this.entries.peek(cacheKey(id))?.parsed;
  }

  /** Drops `id` (tests, and a client's EXECUTE of an id whose statement changed shape). */
  evict(id: Buffer): boolean {
    return this.entries.delete(cacheKey(id));
  }
}

export function unprepared(id: Buffer): UnpreparedError {
  return new UnpreparedError(
    `Prepared query with ID ${id.toString('hex')} not found (either the query was not prepared on this host (maybe the host has been restarted?) or you have prepared too many queries and it has been evicted from the internal cache)`,
    id,
  );
}

/** Same bind variables and partition key indexes: the client's values still bind as it thinks. */
function sameBindings(a: CqlStatement, b: CqlStatement): boolean {
  return sameColumns(a.bindVariables, b.bindVariables) && a.pkIndexes.length === b.pkIndexes.length && a.pkIndexes.every((x, i) => x === b.pkIndexes[i]);
}

/** Same result columns: the metadata the client was given still describes the rows. */
function sameResult(a: CqlStatement, b: CqlStatement): boolean {
  return a.resultColumns === null ? b.resultColumns === null : b.resultColumns !== null && sameColumns(a.resultColumns, b.resultColumns);
}

function sameColumns(a: readonly ColumnSpec[], b: readonly ColumnSpec[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((c, i) => {
    const d = b[i]!;
    return c.keyspace === d.keyspace && c.table === d.table && c.name === d.name && c.type.fullName === d.type.fullName;
  });
}

/** The cache's key of a statement id: its bytes one char each (half a hex string's length, cheaper to make). */
function cacheKey(id: Buffer): string {
  return id.toString('latin1');
}

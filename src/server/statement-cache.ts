/**
 * Statements of simple QUERY requests, kept by (session keyspace, text) so a text sent again —
 * drivers' polls of system tables, applications sending `?` statements with values unprepared —
 * skips parsing and binding. An entry is reused only while the schema it was bound to is the
 * current one; long texts (literal-laden one-offs, CQL-text batches) are not kept. An LRU bounded by count and by
 * weighed bytes: an entry weighs `STATEMENT_CACHE_BYTES_PER_CHAR` per character of its text, an
 * upper estimate of what a bound statement holds (an IN list holds ~56 bytes of heap per character
 * of its text: prepared-statements.ts has the measurements), cheap enough for the path of every
 * one-off query, where walking the parse tree would cost half as much as parsing it.
 */
import type { CqlContext, CqlStatement } from '../cql/execution/index.js';
import { parseStatement } from '../cql/parser/index.js';
import type { Schema } from '../schema/index.js';
import { LruCache } from './lru-cache.js';
import type { StatementPreparer } from './statement-preparer.js';

export const DEFAULT_STATEMENT_CACHE_MAX = 1000;
/** Texts longer than this are prepared each time, not kept. */
export const STATEMENT_CACHE_MAX_QUERY_CHARS = 4096;
/** The cache's weighed bytes at most: 1000 texts of 256 characters, or 64 of the longest. */
export const DEFAULT_STATEMENT_CACHE_BYTES_MAX = 16 * 1024 * 1024;
const STATEMENT_CACHE_BYTES_PER_CHAR = 64;

interface CachedStatement {
  readonly statement: CqlStatement;
  readonly schema: Schema;
  readonly bytes: number;
}

export class StatementCache {
  private readonly entries: LruCache<string, CachedStatement>;
  hits = 0;
  misses = 0;

  constructor(
    private readonly ctx: CqlContext,
    private readonly prepareStatement: StatementPreparer,
    maxEntries = DEFAULT_STATEMENT_CACHE_MAX,
    bytesMax = DEFAULT_STATEMENT_CACHE_BYTES_MAX,
  ) {
    this.entries = new LruCache(maxEntries, { weigh: (e) => e.bytes, weightMax: bytesMax });
  }

  /** The weighed bytes held. */
  get bytes(): number {
    return this.entries.weight;
  }

  /**
   * The statement for `query` in `keyspace`: the cached one if still bound to the current schema.
   * Undefined for a text too long to keep: the caller prepares it (in steps, as it may be a batch
   * of thousands of statements).
   */
  statementFor(query: string, keyspace: string | undefined): CqlStatement | undefined {
    const schema = this.ctx.schema();
    if (query.length > STATEMENT_CACHE_MAX_QUERY_CHARS) return undefined;
    const key = keyspace === undefined ? `\u0000${query}` : `${keyspace}\u0000${query}`;
    const cached = this.entries.get(key);
    if (cached !== undefined && cached.schema === schema) {
      this.hits++;
      return cached.statement;
    }
    this.misses++;
    const statement = this.prepareStatement(parseStatement(query), this.ctx, keyspace);
    const bytes = query.length * STATEMENT_CACHE_BYTES_PER_CHAR;
    if (bytes <= this.entries.weightMax) this.entries.set(key, { statement, schema, bytes });
    return statement;
  }
}

/**
 * Statements of simple QUERY requests, kept by (session keyspace, text) so a text sent again —
 * drivers' polls of system tables, applications sending `?` statements with values unprepared —
 * skips parsing and binding. An entry is reused only while the schema it was bound to is the
 * current one; long texts (literal-laden one-offs) are not kept. Bounded LRU.
 */
import type { CqlContext, CqlStatement } from '../cql/execution/index.js';
import { parseStatement } from '../cql/parser/index.js';
import type { Schema } from '../schema/index.js';
import { LruCache } from './lru-cache.js';
import type { StatementPreparer } from './statement-preparer.js';

export const DEFAULT_STATEMENT_CACHE_MAX = 1000;
/** Texts longer than this are prepared each time, not kept. */
export const STATEMENT_CACHE_MAX_QUERY_CHARS = 4096;

interface CachedStatement {
  readonly statement: CqlStatement;
  readonly schema: Schema;
}

export class StatementCache {
  private readonly entries: LruCache<string, CachedStatement>;
  hits = 0;
  misses = 0;

  constructor(
    private readonly ctx: CqlContext,
    private readonly prepareStatement: StatementPreparer,
    maxEntries = DEFAULT_STATEMENT_CACHE_MAX,
  ) {
    this.entries = new LruCache(maxEntries);
  }

  /** The statement for `query` in `keyspace`: the cached one if still bound to the current schema. */
  statementFor(query: string, keyspace: string | undefined): CqlStatement {
    const schema = this.ctx.schema();
    if (query.length > STATEMENT_CACHE_MAX_QUERY_CHARS) return this.prepareStatement(parseStatement(query), this.ctx, keyspace);
    const key = keyspace === undefined ? `\u0000${query}` : `${keyspace}\u0000${query}`;
    const cached = this.entries.get(key);
    if (cached !== undefined && cached.schema === schema) {
      this.hits++;
      return cached.statement;
    }
    this.misses++;
    const statement = this.prepareStatement(parseStatement(query), this.ctx, keyspace);
    this.entries.set(key, { statement, schema });
    return statement;
  }
}

/**
 * The query processor: the CQL layer behind the native protocol (the transport's
 * CqlRequestHandler). It owns what sessions share — prepared statements (bounded LRU by id),
 * the cache of simple statements, type spec conversions — and runs a statement: execute, turn
 * its CqlResult into a RESULT message, and announce a schema change to every client REGISTERed
 * for SCHEMA_CHANGE (Cassandra does so for any change made on the node, the issuer included).
 */
import { type ClientState, type CqlContext, type CqlResult, type CqlStatement, type QueryOptions, type SchemaChangeEvent, loopPacer } from '../cql/execution/index.js';
import { type Statement, parseStatement, parseStatementPaced } from '../cql/parser/index.js';
import { prepareStatement, prepareStatementPaced } from '../cql/prepare.js';
import type { ClientInfo, CqlRequestHandler, CqlSession, ResultMessage, ServerEvent } from '../transport/index.js';
import type { AuditLog } from './audit/index.js';
import { CQL_BATCHES, type ExecuteBatch } from './batch-executor.js';
import { DEFAULT_PREPARED_STATEMENTS_BYTES_MAX, DEFAULT_PREPARED_STATEMENTS_MAX, PreparedStatements } from './prepared-statements.js';
import { QuerySession } from './query-session.js';
import { toResultMessage, toSchemaChange } from './result-messages.js';
import { DEFAULT_STATEMENT_CACHE_MAX, StatementCache } from './statement-cache.js';
import type { PacedStatementPreparer, StatementPreparer } from './statement-preparer.js';
import { TypeSpecs } from './type-spec.js';

export interface QueryProcessorOptions {
  /** Prepared statements kept (least recently used dropped first). */
  readonly preparedStatementsMax?: number;
  /** Their estimated bytes kept at most (prepared_statements_cache_size_mb). */
  readonly preparedStatementsBytesMax?: number;
  /** Simple-statement texts kept bound (0 turns the cache off). */
  readonly statementCacheMax?: number;
  /** Binds parsed statements (the CQL layer's prepareStatement unless a test substitutes one). */
  readonly prepare?: StatementPreparer;
  /** Runs BATCH requests (the CQL layer's executeBatch unless a test watches them). */
  readonly executeBatch?: ExecuteBatch;
}

/** Statements whose result is never a schema change. */
const CHANGES_NO_SCHEMA: ReadonlySet<string> = new Set(['select', 'insert', 'update', 'delete', 'batch']);

/** Where the processor announces events (the CQL server's publish). */
export type EventSink = (event: ServerEvent) => void;

export class QueryProcessor implements CqlRequestHandler {
  readonly prepared: PreparedStatements;
  /** Undefined when turned off. */
  readonly statements: StatementCache | undefined;
  readonly types = new TypeSpecs();
  readonly executeBatch: ExecuteBatch;
  private events: EventSink = () => undefined;
  /** The node's audit log, when it has one (statements are logged while it is enabled). */
  audit: AuditLog | undefined;
  private readonly prepare: StatementPreparer;
  private readonly preparePaced: PacedStatementPreparer;

  constructor(
    readonly ctx: CqlContext,
    options: QueryProcessorOptions = {},
  ) {
    this.prepare = options.prepare ?? prepareStatement;
    // A test's preparer binds at once.
    this.preparePaced = options.prepare ?? prepareStatementPaced;
    this.prepared = new PreparedStatements(ctx, this.preparePaced, options.preparedStatementsMax ?? DEFAULT_PREPARED_STATEMENTS_MAX, options.preparedStatementsBytesMax ?? DEFAULT_PREPARED_STATEMENTS_BYTES_MAX);
    const cacheMax = options.statementCacheMax ?? DEFAULT_STATEMENT_CACHE_MAX;
    this.statements = cacheMax > 0 ? new StatementCache(ctx, this.prepare, cacheMax) : undefined;
    this.executeBatch = options.executeBatch ?? CQL_BATCHES;
  }

  /** Sets where events go (the server is made after its handler, so this is wired late). */
  publishTo(sink: EventSink): void {
    this.events = sink;
  }

  /** Tells CQL clients of a schema change made elsewhere (a Thrift client's system_* call). */
  announceSchemaChange(change: SchemaChangeEvent): void {
    this.events({ type: 'SCHEMA_CHANGE', change: toSchemaChange(change) });
  }

  /** Tells CQL clients of a ring change (TOPOLOGY_CHANGE, STATUS_CHANGE) that gossip reported. */
  announceClusterEvent(event: ServerEvent): void {
    this.events(event);
  }

  newSession(client: ClientInfo): CqlSession {
    return new QuerySession(this, client.user, client.remoteAddress, client.protocolVersion >= 5);
  }

  /**
   * A QUERY's statement: bound from the statement cache when it holds the text, else parsed and
   * bound (paced) — `seen` gets the parse then.
   */
  bindText(query: string, keyspace: string | undefined, seen?: (parsed: Statement) => void): CqlStatement | Promise<CqlStatement> {
    return this.statements?.statementFor(query, keyspace) ?? this.prepareTextPaced(query, keyspace, seen);
  }

  /** Parses and binds `query` (no caching). */
  prepareText(query: string, keyspace: string | undefined): CqlStatement {
    return this.prepare(parseStatement(query), this.ctx, keyspace);
  }

  /**
   * `prepareText` for a request: a CQL-text batch is parsed and bound a statement at a time,
   * yielding the loop once a slice of work ran (100,000 INSERTs are ~2 s of parsing and binding);
   * any other statement is prepared at once and returned as is. `seen` gets the parse (the
   * audit log's line reads the statement's kind and table from it).
   */
  prepareTextPaced(query: string, keyspace: string | undefined, seen?: (parsed: Statement) => void): CqlStatement | Promise<CqlStatement> {
    const pace = loopPacer(this.ctx.env);
    const parsed = parseStatementPaced(query, pace);
    if (!(parsed instanceof Promise)) {
      seen?.(parsed.statement);
      return this.preparePaced(parsed, this.ctx, keyspace, pace);
    }
    return parsed.then((p) => {
      seen?.(p.statement);
      return this.preparePaced(p, this.ctx, keyspace, pace);
    });
  }

  /**
   * Checks the user's permissions (each time: EXECUTE of a prepared statement included), executes
   * `statement` and answers its RESULT; schema changes are also published, and tell the authorizer
   * (the creator's grants, a dropped resource's grants gone).
   */
  async run(statement: CqlStatement, state: ClientState, options: QueryOptions): Promise<ResultMessage> {
    const access = this.ctx.authorizer.ensureAccess(state, statement);
    if (access !== undefined) await access;
    return toResultMessage(await this.runChecked(statement, state, options), this.types);
  }

  /**
   * Executes `statement` whose access was checked (or that the node's own process runs, as the
   * embedded API does: Cassandra's internal queries are not checked either) and returns its
   * result as the CQL layer gives it; schema changes are published and tell the authorizer.
   */
  runChecked(statement: CqlStatement, state: ClientState, options: QueryOptions): Promise<CqlResult> {
    // A user-defined function that runs long warns the client of the request that called it.
    const running = this.ctx.userFunctions.withWarnings((m) => state.warn(m), () => statement.execute(state, options));
    // Not async: a statement that changes no schema adds no promise of its own.
    return CHANGES_NO_SCHEMA.has(statement.kind) ? running : running.then((r) => this.schemaChanged(r, state));
  }

  /** A schema change publishes itself and tells the authorizer (the creator's grants, a dropped resource's gone). */
  private async schemaChanged(result: CqlResult, state: ClientState): Promise<CqlResult> {
    if (result.kind === 'schemaChange') {
      await this.ctx.authorizer.schemaChanged(state.user, result.change, this.ctx.schema());
      this.events({ type: 'SCHEMA_CHANGE', change: toSchemaChange(result.change) });
    }
    return result;
  }

  /** A CqlResult as a RESULT message, publishing it when it is a schema change. */
  answer(result: CqlResult): ResultMessage {
    if (result.kind === 'schemaChange') this.events({ type: 'SCHEMA_CHANGE', change: toSchemaChange(result.change) });
    return toResultMessage(result, this.types);
  }
}

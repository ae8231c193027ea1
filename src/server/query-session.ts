/**
 * One client connection's session: its keyspace (set by USE) and user, and the four requests
 * that run CQL. QUERY binds the text (through the processor's statement cache) and executes it;
 * PREPARE stores the statement under its id; EXECUTE finds it (UNPREPARED when unknown) and runs
 * it; BATCH prepares each text or finds each id (in steps that yield the loop), checks that only
 * INSERT, UPDATE and DELETE are in it, checks the user may MODIFY each statement's table, and hands
 * the lot to the batch executor. A long text (a CQL-text batch) is parsed and bound in steps too.
 *
 * Statements see a ClientState per request: the session's keyspace (read and written through),
 * the user, and warnings that go back with that request's response.
 */
import { type ClientState, type CqlStatement, type QueryOptions, loopPacer } from '../cql/execution/index.js';
import { type Statement, parseStatement } from '../cql/parser/index.js';
import type { NetAddress } from '../env/index.js';
import { InvalidRequestError } from '../errors/index.js';
import type { BatchSpec, CqlSession, PreparedResult, QueryParameters, RequestContext, ResultMessage } from '../transport/index.js';
import type { AuditLog } from './audit/index.js';
import type { BatchItem } from './batch-executor.js';
import type { QueryProcessor } from './query-processor.js';
import { batchValues, consistency, toQueryOptions } from './query-values.js';
import { toPreparedResult } from './result-messages.js';
import { traceParameters, traced } from './traced-request.js';
import type { SessionStart } from '../cql/tracing/index.js';
import type { TraceSink } from '../util/trace-sink.js';

const BATCHABLE = new Set(['insert', 'update', 'delete']);
/** Statements of a BATCH message looked up between two checks of the request's slice of the loop. */
const BATCH_LOOKUPS_PER_STEP = 256;

export class QuerySession implements CqlSession {
  keyspace: string | undefined = undefined;

  constructor(
    private readonly processor: QueryProcessor,
    readonly user: string | undefined,
    /** The client's address (the audit log's source; unknown in tests that make sessions by hand). */
    private readonly client: NetAddress = { host: '0.0.0.0', port: 0 },
    /** The client speaks v5: it learns changed result columns with the rows (prepared-statements.ts). */
    private readonly resultChangesAnnounced = false,
  ) {}

  async query(query: string, params: QueryParameters, rctx: RequestContext): Promise<ResultMessage> {
    return this.audited(query, (seen) =>
      traced(this.processor.ctx.tracing, rctx, () => this.traceStart('Execute CQL3 query', traceParameters(query, params)), async (trace) => {
        // Cassandra 4.0's QueryProcessor traces the same two steps.
        trace?.trace(`Parsing ${query}`);
        const statement = await this.bind(query, params.keyspace ?? this.keyspace, seen);
        trace?.trace('Preparing statement');
        return this.processor.run(statement, this.state(rctx), withTrace(toQueryOptions(params, statement.bindVariables), trace));
      }),
    );
  }

  async prepare(query: string, keyspace: string | undefined, rctx: RequestContext): Promise<PreparedResult> {
    return traced(this.processor.ctx.tracing, rctx, () => this.traceStart('Preparing CQL3 query', new Map([['query', query]])), async (trace) => {
      trace?.trace(`Preparing ${query}`);
      const { id, statement } = await this.processor.prepared.prepare(query, keyspace ?? this.keyspace);
      const audit = this.processor.audit;
      if (audit?.enabled) audit.log({ type: 'PREPARE_STATEMENT', category: 'PREPARE', user: this.user ?? null, source: this.client, keyspace: keyspace ?? this.keyspace, operation: query });
      return toPreparedResult(id, statement, this.processor.types);
    });
  }

  execute(id: Buffer, params: QueryParameters, rctx: RequestContext): Promise<ResultMessage> {
    // The text is looked up only for the audit log and a trace (a second cache lookup otherwise).
    const prepared = this.processor.prepared;
    return this.audited(this.processor.audit?.enabled === true ? prepared.textOf(id) : undefined, (seen) =>
      traced(this.processor.ctx.tracing, rctx, () => this.traceStart('Execute CQL3 prepared query', traceParameters(prepared.textOf(id), params)), async (trace) => {
        if (seen !== undefined) {
          const parsed = prepared.parsedOf(id);
          if (parsed !== undefined) seen(parsed.statement);
        }
        const found = prepared.get(id, this.resultChangesAnnounced);
        const statement = found instanceof Promise ? await found : found;
        return this.processor.run(statement, this.state(rctx), withTrace(toQueryOptions(params, statement.bindVariables), trace));
      }),
    );
  }

  /** A traced session's start row: what was asked, by whom. */
  private traceStart(request: string, parameters: Map<string, string>): SessionStart {
    // An inet holds no IPv6 scope (fe80::1%eth0): the address without it.
    return { request, client: this.client.host.replace(/%.*$/, ''), parameters };
  }

  /**
   * Runs a QUERY or EXECUTE of `text`, logging it in the audit log while that is on: the
   * statement's type when it ran, REQUEST_FAILURE with the error when it did not. Its kind,
   * keyspace and table come from the parse the request made (`seen`, given only while the log is
   * on: a prepared statement's, or a text's parsed to be bound, as a CQL-text batch is, in
   * steps); a text the statement cache bound without parsing it (at most
   * STATEMENT_CACHE_MAX_QUERY_CHARS) is parsed again for them.
   */
  private audited(text: string | undefined, run: (seen: ((parsed: Statement) => void) | undefined) => Promise<ResultMessage>): Promise<ResultMessage> {
    const audit = this.processor.audit;
    // Not async while the log is off: the request adds no promise of its own.
    if (audit?.enabled !== true || text === undefined) return run(undefined);
    return this.auditedRun(audit, text, run);
  }

  private async auditedRun(audit: AuditLog, text: string, run: (seen: (parsed: Statement) => void) => Promise<ResultMessage>): Promise<ResultMessage> {
    const keyspace = this.keyspace;
    const user = this.user ?? null;
    let parsed: Statement | undefined;
    const seen = (p: Statement): void => {
      parsed = p;
    };
    try {
      const result = await run(seen);
      audit.logStatement(parsed ?? parseStatement(text).statement, text, user, this.client, keyspace);
      return result;
    } catch (e) {
      if (parsed === undefined) {
        try {
          parsed = parseStatement(text).statement;
        } catch {
          parsed = undefined;
        }
      }
      if (parsed === undefined) audit.logFailure(text, user, this.client, keyspace, e as Error);
      else audit.logStatement(parsed, text, user, this.client, keyspace, e as Error);
      throw e;
    }
  }

  async batch(batch: BatchSpec, rctx: RequestContext): Promise<ResultMessage> {
    return traced(this.processor.ctx.tracing, rctx, () => this.traceStart('Execute batch of CQL3 queries', traceParameters(undefined, batch)), (trace) => this.runBatch(batch, rctx, trace));
  }

  private async runBatch(batch: BatchSpec, rctx: RequestContext, trace: TraceSink | undefined): Promise<ResultMessage> {
    const items = await this.batchItems(batch.statements, batch.keyspace);
    const options = {
      consistency: consistency(batch.consistency),
      values: [],
      ...(batch.serialConsistency === undefined ? {} : { serialConsistency: consistency(batch.serialConsistency) }),
      ...(batch.timestamp === undefined ? {} : { timestamp: batch.timestamp }),
      ...(batch.nowInSeconds === undefined ? {} : { nowInSeconds: batch.nowInSeconds }),
      ...(trace === undefined ? {} : { trace }),
    };
    const p = this.processor;
    const state = this.state(rctx);
    // Once per distinct statement: a batch repeating one prepared INSERT 65k times is one check, not 65k awaits in a row.
    for (const statement of new Set(items.map((i) => i.statement))) await p.ctx.authorizer.ensureAccess(state, statement);
    const result = p.answer(await p.executeBatch(p.ctx, state, batch.type, items, options));
    if (p.audit?.enabled) {
      const texts = batch.statements.map((s) => (s.kind === 'query' ? s.query : (p.prepared.textOf(s.id) ?? '')));
      p.audit.log({ type: 'BATCH', category: 'DML', user: this.user ?? null, source: this.client, keyspace: this.keyspace, operation: texts.join('; ') });
    }
    return result;
  }

  /**
   * Each statement of a BATCH message prepared from its text or found by its id, with its values;
   * the loop yields every BATCH_LOOKUPS_PER_STEP statements once its slice of the loop is used (a
   * BATCH of 65,535 prepared statements is ~100 ms of lookups).
   */
  /** `keyspace`: the batch's own (v5), else the session's as the batch arrived (a USE may run between two steps). */
  private async batchItems(statements: BatchSpec['statements'], batchKeyspace: string | undefined): Promise<BatchItem[]> {
    const pace = loopPacer(this.processor.ctx.env);
    const keyspace = batchKeyspace ?? this.keyspace;
    const items: BatchItem[] = [];
    for (let i = 0; i < statements.length; i++) {
      if (i % BATCH_LOOKUPS_PER_STEP === BATCH_LOOKUPS_PER_STEP - 1) await pace();
      const s = statements[i]!;
      const found = s.kind === 'query' ? this.bind(s.query, keyspace) : this.processor.prepared.get(s.id, this.resultChangesAnnounced);
      const statement = found instanceof Promise ? await found : found;
      if (!BATCHABLE.has(statement.kind)) throw new InvalidRequestError('Invalid statement in batch: only UPDATE, INSERT and DELETE statements are allowed.');
      items.push({ statement, values: batchValues(s.values, statement.bindVariables.length) });
    }
    return items;
  }

  /** `seen` gets the text's parse when it is parsed here (not when the statement cache has it bound). */
  private bind(query: string, keyspace: string | undefined, seen?: (parsed: Statement) => void): CqlStatement | Promise<CqlStatement> {
    return this.processor.bindText(query, keyspace, seen);
  }

  /** The ClientState statements of one request see. */
  private state(rctx: RequestContext): ClientState {
    return new RequestState(this, rctx);
  }
}

/**
 * A request's ClientState: the session's keyspace read and written through, the session's user,
 * warnings to the request's context. A class (accessors on its prototype) rather than an object
 * literal with accessors: one is made per request.
 */
class RequestState implements ClientState {
  readonly user?: string;

  constructor(
    private readonly session: QuerySession,
    private readonly rctx: RequestContext,
  ) {
    if (session.user !== undefined) this.user = session.user;
  }

  get keyspace(): string | undefined {
    return this.session.keyspace;
  }

  set keyspace(ks: string | undefined) {
    this.session.keyspace = ks;
  }

  warn(message: string): void {
    this.rctx.warn(message);
  }
}

/** `options` carrying the request's trace sink, when it is traced. */
function withTrace(options: QueryOptions, trace: TraceSink | undefined): QueryOptions {
  return trace === undefined ? options : { ...options, trace };
}

/**
 * The console's CQL editor: one statement run as a CQL client's QUERY is (a QuerySession of the
 * node's processor: the same parsing, permissions, auditing and tracing), as the HTTP caller's
 * user, at most CONSOLE_ROWS_MAX rows a page (the next page by the result's paging state). With
 * `trace`, the request carries the tracing flag; the session's events are then read back from
 * system_traces (written after the request, so read again until the session row says it ended,
 * for at most TRACE_WAIT_MS).
 */
import type { Env, NetAddress } from '../../env/index.js';
import type { QueryProcessor } from '../query-processor.js';
import type { CqlSession, RequestContext, ResultMessage } from '../../transport/index.js';
import { showValue, specName, typeOfSpec } from './console-values.js';

export const CONSOLE_ROWS_MAX = 100;
const TRACE_WAIT_MS = 2000;
const TRACE_POLL_MS = 50;
const TRACE_EVENTS_MAX = 500;

export interface ConsoleCqlRequest {
  readonly query: string;
  readonly keyspace?: string;
  readonly trace?: boolean;
  /** Hex of the previous page's paging state. */
  readonly pagingState?: string;
  readonly pageSize?: number;
}

/** Who asks: the HTTP Basic user (undefined when authentication is off) and the HTTP client's address. */
export interface ConsoleCaller {
  readonly user: string | undefined;
  readonly address: NetAddress;
}

export interface ConsoleResult {
  readonly kind: ResultMessage['kind'];
  readonly columns: { name: string; type: string }[];
  readonly rows: (string | null)[][];
  readonly pagingState?: string;
  readonly keyspace?: string;
  readonly warnings: string[];
  readonly traceId?: string;
}

export interface ConsoleTrace {
  readonly sessionId: string;
  readonly durationMicros: number | null;
  readonly events: { activity: string; source: string; sourceElapsedMicros: string | null; thread: string }[];
}

export class ConsoleCql {
  constructor(
    private readonly env: Env,
    private readonly processor: QueryProcessor,
  ) {}

  /** Runs `req` as the HTTP caller; failures throw the statement's error (the route answers it as JSON). */
  async run(req: ConsoleCqlRequest, caller: ConsoleCaller): Promise<ConsoleResult> {
    const session = this.session(caller);
    if (req.keyspace !== undefined && req.keyspace !== '') await session.query(`USE "${req.keyspace.replace(/"/g, '""')}"`, params(), context(false).rctx);
    const { rctx, traceId, warnings } = context(req.trace === true);
    const pageSize = Math.max(1, Math.min(CONSOLE_ROWS_MAX, req.pageSize ?? CONSOLE_ROWS_MAX));
    const result = await session.query(req.query, { ...params(), pageSize, ...(req.pagingState ? { pagingState: Buffer.from(req.pagingState, 'hex') } : {}) }, rctx);
    const id = traceId();
    return { ...shape(result), warnings, ...(id === undefined ? {} : { traceId: id }) };
  }

  /** The events of trace session `id` (a UUID), waiting a little for the writer. */
  async trace(id: string, caller: ConsoleCaller): Promise<ConsoleTrace> {
    const session = this.session(caller);
    const deadline = this.env.clock.nowMs() + TRACE_WAIT_MS;
    for (;;) {
      const s = shape(await session.query(`SELECT duration FROM system_traces.sessions WHERE session_id = ${id}`, params(), context(false).rctx));
      const ended = s.rows.length > 0 && s.rows[0]![0] !== null;
      if (ended || this.env.clock.nowMs() >= deadline) {
        const e = shape(await session.query(`SELECT activity, source, source_elapsed, thread FROM system_traces.events WHERE session_id = ${id} LIMIT ${TRACE_EVENTS_MAX}`, params(), context(false).rctx));
        const durationMicros = ended ? Number(s.rows[0]![0]) : null;
        return { sessionId: id, durationMicros, events: e.rows.map((r) => ({ activity: r[0] ?? '', source: r[1] ?? '', sourceElapsedMicros: r[2] ?? null, thread: r[3] ?? '' })) };
      }
      await new Promise<void>((resolve) => this.env.timers.setTimeout(resolve, TRACE_POLL_MS));
    }
  }

  /** A session as a CQL connection from the caller's address would have (the audit log's source). */
  private session({ user, address }: ConsoleCaller): CqlSession {
    return this.processor.newSession({ remoteAddress: address, protocolVersion: 4, startupOptions: new Map([['DRIVER_NAME', 'Ilium web console']]), ...(user === undefined ? {} : { user }) });
  }
}

function params() {
  return { consistency: 'ONE' as const, values: [], skipMetadata: false };
}

function context(tracing: boolean): { rctx: RequestContext; traceId: () => string | undefined; warnings: string[] } {
  let id: Buffer | undefined;
  const warnings: string[] = [];
  const rctx: RequestContext = {
    tracing,
    warn: (m) => warnings.push(m),
    setTracingId: (b) => (id = b),
    customPayload: undefined,
    setCustomPayload: () => undefined,
  };
  return { rctx, warnings, traceId: () => (id === undefined ? undefined : uuidText(id)) };
}

function uuidText(b: Buffer): string {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function shape(result: ResultMessage): Omit<ConsoleResult, 'warnings' | 'traceId'> {
  if (result.kind === 'set_keyspace') return { kind: result.kind, columns: [], rows: [], keyspace: result.keyspace };
  if (result.kind !== 'rows') return { kind: result.kind, columns: [], rows: [] };
  const cols = result.metadata.columns;
  const types = cols.map((c) => typeOfSpec(c.type));
  const rows = result.rows.map((r) => r.map((v, i) => showValue(types[i], v)));
  const paging = result.metadata.pagingState;
  return { kind: 'rows', columns: cols.map((c) => ({ name: c.name, type: specName(c.type) })), rows, ...(paging === undefined ? {} : { pagingState: paging.toString('hex') }) };
}

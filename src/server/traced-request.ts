/**
 * Runs one client request traced or not, as Cassandra 4.0's Message.Request.execute decides: a
 * request with the protocol's tracing flag starts a session whose id goes back with the response;
 * another one may be picked by the trace probability (nodetool settraceprobability) and is traced
 * without the client knowing. The session ends when the request does, failed or not; its rows are
 * written after, never awaited (cql/tracing/trace-writer.ts).
 */
import type { Tracing, TraceSession, SessionStart } from '../cql/tracing/index.js';
import type { QueryParameters, RequestContext } from '../transport/index.js';

export function traced<T>(tracing: Tracing, rctx: RequestContext, start: () => SessionStart, run: (trace: TraceSession | undefined) => Promise<T>): Promise<T> {
  // Not async: an untraced request adds no promise of its own.
  if (!rctx.tracing && !tracing.pickedAtRandom()) return run(undefined);
  return runTraced(tracing, rctx, start, run);
}

async function runTraced<T>(tracing: Tracing, rctx: RequestContext, start: () => SessionStart, run: (trace: TraceSession) => Promise<T>): Promise<T> {
  const session = tracing.begin(start());
  if (rctx.tracing) rctx.setTracingId(session.id);
  try {
    return await run(session);
  } catch (e) {
    session.trace(`Request failed: ${(e as Error).message}`);
    throw e;
  } finally {
    tracing.stop(session);
  }
}

/**
 * A session's `parameters`, with Cassandra 4.0's keys (QueryMessage / ExecuteMessage traceQuery):
 * query, consistency_level, serial_consistency_level, page_size, user_timestamp.
 */
export function traceParameters(query: string | undefined, params: Pick<QueryParameters, 'consistency' | 'serialConsistency' | 'pageSize' | 'timestamp'>): Map<string, string> {
  const out = new Map<string, string>();
  if (query !== undefined) out.set('query', query);
  out.set('consistency_level', params.consistency);
  if (params.serialConsistency !== undefined) out.set('serial_consistency_level', params.serialConsistency);
  if (params.pageSize !== undefined && params.pageSize > 0) out.set('page_size', String(params.pageSize));
  if (params.timestamp !== undefined) out.set('user_timestamp', String(params.timestamp));
  return out;
}

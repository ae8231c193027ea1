/**
 * Cassandra's `CustomPayloadMirroringQueryHandler` (chosen with
 * `-Dcassandra.custom_query_handler_class=org.apache.cassandra.cql3.CustomPayloadMirroringQueryHandler`):
 * the usual query processing, and every QUERY, PREPARE, EXECUTE and BATCH that succeeds is
 * answered with the custom payload its request carried (none when it carried none). Drivers'
 * test suites use it to check that they send and read custom payloads.
 */
import type {
  BatchSpec,
  ClientInfo,
  CqlRequestHandler,
  CqlSession,
  PreparedResult,
  QueryParameters,
  RequestContext,
  ResultMessage,
} from '../transport/index.js';

export class CustomPayloadMirroringHandler implements CqlRequestHandler {
  constructor(private readonly inner: CqlRequestHandler) {}

  newSession(client: ClientInfo): CqlSession {
    return new MirroringSession(this.inner.newSession(client));
  }
}

class MirroringSession implements CqlSession {
  constructor(private readonly inner: CqlSession) {}

  get keyspace(): string | undefined {
    return this.inner.keyspace;
  }

  query(query: string, params: QueryParameters, ctx: RequestContext): Promise<ResultMessage> {
    return mirrored(ctx, this.inner.query(query, params, ctx));
  }

  prepare(query: string, keyspace: string | undefined, ctx: RequestContext): Promise<PreparedResult> {
    return mirrored(ctx, this.inner.prepare(query, keyspace, ctx));
  }

  execute(id: Buffer, params: QueryParameters, ctx: RequestContext): Promise<ResultMessage> {
    return mirrored(ctx, this.inner.execute(id, params, ctx));
  }

  batch(batch: BatchSpec, ctx: RequestContext): Promise<ResultMessage> {
    return mirrored(ctx, this.inner.batch(batch, ctx));
  }

  close(): void {
    this.inner.close?.();
  }
}

async function mirrored<T>(ctx: RequestContext, result: Promise<T>): Promise<T> {
  const r = await result;
  if (ctx.customPayload !== undefined) ctx.setCustomPayload(ctx.customPayload);
  return r;
}

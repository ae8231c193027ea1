import type { NetAddress } from '../../env/index.js';
import type { BatchRequest, QueryParameters, PreparedResult, ResultMessage } from '../protocol/index.js';

/**
 * How the query layer plugs into the transport. The transport owns framing, connection state,
 * authentication and compression; the handler owns everything a statement means. Every method
 * returns the RESULT to send, or throws: an `IliumError` becomes the ERROR with its code (and
 * the fields of the typed request errors: UnavailableError, ReadTimeoutError…); anything else
 * becomes SERVER_ERROR with its message, and the server logs it.
 */
export interface ClientInfo {
  readonly remoteAddress: NetAddress;
  /** The protocol version the client speaks (3, 4 or 5). */
  readonly protocolVersion: number;
  /** STARTUP options as sent (CQL_VERSION, COMPRESSION, DRIVER_NAME, DRIVER_VERSION, …). */
  readonly startupOptions: ReadonlyMap<string, string>;
  /** The authenticated user; undefined when the authenticator requires no login. */
  readonly user?: string;
}

/** What a request may tell the client besides its result. */
export interface RequestContext {
  /** The client set the tracing flag on this request (QUERY, PREPARE, EXECUTE, BATCH). */
  readonly tracing: boolean;
  /** Adds a warning sent with the response (v4 and later; dropped for v3 clients). */
  warn(message: string): void;
  /**
   * The trace session id to send back when `tracing`. If the handler sets none, the transport
   * sends a fresh random (version 4) UUID for which no trace is recorded.
   */
  setTracingId(id: Buffer): void;
  /** The custom payload the request carried (v4 flag 0x04), or undefined. */
  readonly customPayload: ReadonlyMap<string, Buffer | null> | undefined;
  /** A custom payload to send back with the response (v4 and later; dropped for v3 clients). */
  setCustomPayload(payload: ReadonlyMap<string, Buffer | null>): void;
}

/** Batch statements and options, as the BATCH request carried them. */
export type BatchSpec = Omit<BatchRequest, 'opcode'>;

/** One client connection's view of the query layer. */
export interface CqlSession {
  /** The keyspace set by USE (a Set_keyspace result), or undefined. */
  readonly keyspace: string | undefined;
  query(query: string, params: QueryParameters, ctx: RequestContext): Promise<ResultMessage>;
  /**
   * Prepares `query`; `keyspace` is the keyspace to resolve unqualified names in when the
   * request names one (v5), else undefined (use the session's).
   */
  prepare(query: string, keyspace: string | undefined, ctx: RequestContext): Promise<PreparedResult>;
  /** Runs a prepared statement; throw `UnpreparedError` for an unknown id. */
  execute(id: Buffer, params: QueryParameters, ctx: RequestContext): Promise<ResultMessage>;
  batch(batch: BatchSpec, ctx: RequestContext): Promise<ResultMessage>;
  /** The connection closed; in-flight requests may still finish (their results are dropped). */
  close?(): void;
}

export interface CqlRequestHandler {
  /** Called once a connection is ready (after STARTUP, and authentication if any). */
  newSession(client: ClientInfo): CqlSession;
}

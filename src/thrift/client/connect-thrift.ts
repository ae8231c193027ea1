/**
 * Ilium's own Thrift client: a `CassandraService` over one framed binary-protocol connection,
 * built from the compiled IDL (every method of interface/cassandra.thrift, arguments positional
 * as in the IDL, IDL defaults for omitted ones such as the consistency level). Exceptions the
 * server declares come back as ThriftException; a TApplicationException as
 * ThriftApplicationError. Calls may overlap; the server answers them in order.
 */
import { type Env, type NetAddress, type TlsClientOptions, createRealEnv } from '../../env/index.js';
import { ApplicationExceptionType, ThriftApplicationError, ThriftClientConnection, ThriftWriter } from '../../transport/thrift/index.js';
import { loadCassandraIdl } from '../idl/cassandra-idl.js';
import type { CompiledIdl, MethodCodec } from '../idl/struct-codec.js';
import type { CassandraService } from '../service/cassandra-service.js';
import { ThriftException, type ThriftExceptionName } from '../service/thrift-exceptions.js';

export interface ThriftClientOptions {
  readonly host?: string;
  /** 9160 by default (Cassandra's rpc_port). */
  readonly port?: number;
  readonly env?: Env;
  /** Compiled once and shared by many clients if given. */
  readonly idl?: CompiledIdl;
  readonly maxFrameBytes?: number;
  /** TLS (a node with client_encryption_options): `ca` to verify the node, `key`/`cert` or `pfx` for mutual auth. */
  readonly tls?: TlsClientOptions;
}

export interface CassandraClient extends CassandraService {
  readonly address: NetAddress;
  /** True once the connection has failed or closed (a client then has to connect again). */
  readonly closed: boolean;
  close(): Promise<void>;
  /** Closes now, without waiting for the server (after a call got no answer). */
  destroy(): void;
}

export const DEFAULT_RPC_PORT = 9160;

export async function connectThrift(opts: ThriftClientOptions = {}): Promise<CassandraClient> {
  const env = opts.env ?? createRealEnv();
  const idl = opts.idl ?? loadCassandraIdl();
  const address = { host: opts.host ?? '127.0.0.1', port: opts.port ?? DEFAULT_RPC_PORT };
  const conn = await ThriftClientConnection.open(env, address, opts.maxFrameBytes, opts.tls);
  const client: Record<string, unknown> = {
    address,
    get closed() {
      return conn.closed;
    },
    close: () => conn.close(),
    destroy: () => conn.destroy(),
  };
  for (const m of idl.methods.values()) client[m.jsName] = (...args: unknown[]) => invoke(conn, m, args);
  return client as unknown as CassandraClient;
}

async function invoke(conn: ThriftClientConnection, m: MethodCodec, args: readonly unknown[]): Promise<unknown> {
  const values: Record<string, unknown> = {};
  m.args.fields.forEach((f, i) => {
    values[f.name] = args[i] ?? f.defaultValue;
  });
  const reply = await conn.call(m.name, (w) => m.args.write(w, values), () => new ThriftWriter());
  const result = m.result.read(reply);
  if (m.returnsValue && result['success'] !== undefined) return result['success'];
  for (const [exception, field] of m.throws) {
    const e = result[field] as { why?: string } | undefined;
    if (e !== undefined) throw new ThriftException(exception as ThriftExceptionName, e.why);
  }
  if (!m.returnsValue) return undefined;
  throw new ThriftApplicationError(ApplicationExceptionType.MISSING_RESULT, `${m.name} failed: unknown result`);
}

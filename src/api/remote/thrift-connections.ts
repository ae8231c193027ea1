/**
 * The Thrift connections of one `connect({ protocol: 'thrift' })`: a Thrift session has one
 * current keyspace (set_keyspace), so each keyspace the API uses gets its own connection, logged
 * in and switched once, and calls on different keyspaces never race over which one is current.
 * One more connection, without a keyspace, serves the describe and system_* calls.
 *
 * A connection that failed or closed is replaced on the next call. A call that gets no answer in
 * `requestTimeoutMs` fails, and its connection is closed: Thrift answers in order on a
 * connection, so nothing sent after the stuck call could be told apart from it.
 */
import type { Env, TimerHandle, TlsClientOptions } from '../../env/index.js';
import { ErrorCode, IliumError } from '../../errors/index.js';
import { type CassandraClient, connectThrift } from '../../thrift/client/connect-thrift.js';
import type { CompiledIdl } from '../../thrift/idl/struct-codec.js';

export interface ThriftConnectionOptions {
  readonly host: string;
  readonly port: number;
  readonly env: Env;
  readonly idl: CompiledIdl;
  readonly credentials?: { readonly username: string; readonly password: string };
  readonly requestTimeoutMs: number;
  /** TLS to the node (connect's `ssl`). */
  readonly tls?: TlsClientOptions;
}

/** The connection used when no keyspace is set. */
const NO_KEYSPACE = '';

export class ThriftConnections {
  private readonly open = new Map<string, Promise<CassandraClient>>();
  private closing = false;

  constructor(private readonly options: ThriftConnectionOptions) {}

  /** Runs `fn` on the connection whose current keyspace is `keyspace` ('' for none), within the request timeout. */
  async call<T>(keyspace: string, method: string, fn: (c: CassandraClient) => Promise<T>): Promise<T> {
    const client = await this.connection(keyspace);
    return this.timed(client, method, fn(client));
  }

  /** Closes and forgets `keyspace`'s connection (after the keyspace is dropped). */
  async forget(keyspace: string): Promise<void> {
    const c = this.open.get(keyspace);
    this.open.delete(keyspace);
    if (c !== undefined) await c.then((x) => x.close(), () => undefined);
  }

  async close(): Promise<void> {
    this.closing = true;
    const all = [...this.open.values()];
    this.open.clear();
    await Promise.all(all.map((c) => c.then((x) => x.close(), () => undefined)));
  }

  private async connection(keyspace: string): Promise<CassandraClient> {
    if (this.closing) throw new IliumError(ErrorCode.SERVER_ERROR, 'this database is closed');
    const existing = this.open.get(keyspace);
    if (existing !== undefined) {
      const c = await existing.catch(() => undefined);
      if (c !== undefined && !c.closed) return c;
      if (this.open.get(keyspace) === existing) this.open.delete(keyspace);
      return this.connection(keyspace);
    }
    const made = this.connect(keyspace);
    this.open.set(keyspace, made);
    made.catch(() => {
      if (this.open.get(keyspace) === made) this.open.delete(keyspace);
    });
    return made;
  }

  private async connect(keyspace: string): Promise<CassandraClient> {
    const { host, port, env, idl, credentials } = this.options;
    const client = await connectThrift({ host, port, env, idl, ...(this.options.tls === undefined ? {} : { tls: this.options.tls }) });
    try {
      if (credentials !== undefined) {
        await this.timed(client, 'login', client.login({ credentials: new Map([['username', credentials.username], ['password', credentials.password]]) }));
      }
      if (keyspace !== NO_KEYSPACE) await this.timed(client, 'set_keyspace', client.setKeyspace(keyspace));
      return client;
    } catch (e) {
      await client.close().catch(() => undefined);
      throw e;
    }
  }

  private timed<T>(client: CassandraClient, method: string, call: Promise<T>): Promise<T> {
    const ms = this.options.requestTimeoutMs;
    let timer: TimerHandle | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = this.options.env.timers.setTimeout(() => {
        client.destroy();
        reject(new IliumError(ErrorCode.SERVER_ERROR, `${method}: no answer from ${client.address.host}:${client.address.port} within ${ms} ms (the connection was closed)`));
      }, ms);
    });
    return Promise.race([call, timeout]).finally(() => timer?.cancel());
  }
}

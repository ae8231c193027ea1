/**
 * `connect({ protocol: 'thrift', contactPoints })`: the Ilium API over the Thrift 0.7 API. The
 * contact points are tried in order; the first that answers describe_partitioner serves every
 * call (a Thrift client talks to one node; the node coordinates).
 */
import { createRealEnv } from '../../env/index.js';
import { createPartitioner } from '../../dht/index.js';
import { AuthenticationError, ErrorCode, IliumError } from '../../errors/index.js';
import { loadCassandraIdl } from '../../thrift/idl/cassandra-idl.js';
import { DEFAULT_RPC_PORT } from '../../thrift/client/connect-thrift.js';
import { Ilium } from '../ilium.js';
import type { ConnectOptions } from './connect.js';
import { ThriftBackend } from './thrift-backend.js';
import { ThriftConnections } from './thrift-connections.js';
import { fromThriftError } from './thrift-errors.js';

export async function connectOverThrift(options: ConnectOptions): Promise<Ilium> {
  if (options.contactPoints.length === 0) throw new IliumError(ErrorCode.SERVER_ERROR, 'connect: no contact points given');
  const env = createRealEnv();
  const idl = loadCassandraIdl();
  const failures: string[] = [];
  for (const point of options.contactPoints) {
    const { host, port } = hostAndPort(point, options.port ?? DEFAULT_RPC_PORT);
    const connections = new ThriftConnections({
      host, port, env, idl, requestTimeoutMs: options.requestTimeoutMs ?? 12_000,
      ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
      ...(options.ssl === undefined ? {} : { tls: options.ssl }),
    });
    try {
      const partitioner = await connections.call('', 'describe_partitioner', (c) => c.describePartitioner());
      if (options.keyspace !== undefined) await connections.call(options.keyspace, 'set_keyspace', async () => undefined);
      return new Ilium(new ThriftBackend(connections, createPartitioner(partitioner).name, env.random, options.consistency ?? 'ONE'), env, { raw: options.raw ?? false });
    } catch (e) {
      await connections.close();
      let typed = fromThriftError(e, 'connect', 'schema', 'ONE');
      // A node with an authenticator refuses every call before login: say what is missing, as the
      // CQL side's handshake does.
      if (options.credentials === undefined && typed instanceof Error && /You have not logged in/.test(typed.message)) {
        typed = new AuthenticationError(`${host}:${port} requires authentication (${typed.message}): pass connect({ credentials: { username, password } })`);
      }
      // A node that answered and refused (bad credentials, unknown keyspace) is the answer.
      if (typed instanceof IliumError && typed.code !== ErrorCode.SERVER_ERROR) throw typed;
      failures.push(`${host}:${port}: ${typed instanceof Error ? typed.message : String(typed)}`);
    }
  }
  throw new IliumError(ErrorCode.SERVER_ERROR, `connect: no contact point answered over Thrift (${failures.join('; ')})`);
}

function hostAndPort(point: string, defaultPort: number): { host: string; port: number } {
  const m = /^(.*):(\d+)$/.exec(point);
  if (m === null || m[1]!.includes(':')) return { host: point, port: defaultPort };
  return { host: m[1]!, port: Number(m[2]) };
}

/**
 * The shell's connection: a cassandra-driver Client pinned to the one host given (as cqlsh
 * pins its session to the host it was started with), maps and sets decoded as Map/Set and
 * bigint/varint as JS bigints (so values keep their types for printing and COPY), optional
 * plain-text authentication, TLS, the request timeout, and no retries (errors show as the server sent them). Plus what SHOW VERSION/HOST print.
 */
import cassandra from 'cassandra-driver';
import type { TlsClientOptions } from '../../env/index.js';

export interface ConnectOptions {
  readonly host: string;
  readonly port: number;
  readonly keyspace: string | undefined;
  readonly user: string | undefined;
  readonly password: string | undefined;
  readonly requestTimeoutSec: number;
  readonly connectTimeoutSec: number;
  /** TLS (the driver's sslOptions); plaintext when absent. */
  readonly ssl?: TlsClientOptions;
}

export interface ServerInfo {
  readonly clusterName: string;
  readonly releaseVersion: string;
  readonly cqlVersion: string;
  readonly protocolVersion: number;
}

export function createClient(o: ConnectOptions): cassandra.Client {
  const endpoint = `${o.host}:${o.port}`;
  const { loadBalancing } = cassandra.policies;
  return new cassandra.Client({
    contactPoints: [endpoint],
    keyspace: o.keyspace,
    policies: {
      loadBalancing: new loadBalancing.AllowListPolicy(new loadBalancing.RoundRobinPolicy(), [endpoint]),
      // one host: a retry elsewhere would only hide the server's error behind NoHostAvailable
      retry: new cassandra.policies.retry.FallthroughRetryPolicy(),
    },
    pooling: { coreConnectionsPerHost: { [cassandra.types.distance.local]: 1, [cassandra.types.distance.remote]: 0 } },
    socketOptions: { readTimeout: o.requestTimeoutSec * 1000, connectTimeout: o.connectTimeoutSec * 1000 },
    encoding: { map: Map, set: Set, useBigIntAsLong: true, useBigIntAsVarint: true },
    ...(o.ssl === undefined ? {} : { sslOptions: { ...o.ssl } }),
    ...(o.user !== undefined ? { authProvider: new cassandra.auth.PlainTextAuthProvider(o.user, o.password ?? '') } : {}),
  });
}

/** Cluster name and versions from system.local (blank where the server has no answer). */
export async function readServerInfo(client: cassandra.Client): Promise<ServerInfo> {
  // the negotiated version lives on the driver's control connection (not in its typings)
  const protocolVersion = (client as unknown as { controlConnection?: { protocolVersion?: number } }).controlConnection?.protocolVersion ?? 4;
  try {
    const rs = await client.execute("SELECT cluster_name, release_version, cql_version FROM system.local WHERE key = 'local'");
    const row = rs.first();
    return {
      clusterName: String(row?.get('cluster_name') ?? 'Unknown Cluster'),
      releaseVersion: String(row?.get('release_version') ?? 'unknown'),
      cqlVersion: String(row?.get('cql_version') ?? 'unknown'),
      protocolVersion,
    };
  } catch {
    return { clusterName: 'Unknown Cluster', releaseVersion: 'unknown', cqlVersion: 'unknown', protocolVersion };
  }
}

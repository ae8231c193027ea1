/**
 * `connect({ contactPoints })`: the Ilium API (the same Keyspace and ColumnFamily handles, calls
 * and results as `open()`) over the CQL native protocol to a running node (`ilium start`), through
 * the npm cassandra-driver: prepared statements routed token-aware to the replicas of each key.
 *
 *   const db = await connect({ contactPoints: ['127.0.0.1:9042'] });
 *   await db.keyspace('Twitter').insert('Users', '5', { screen_name: 'buttonscat' });
 *
 * What differs from embedded (README, "Remote mode"): a column family with column metadata shows
 * only its named columns over CQL (writing another column is refused); range scans do not return
 * tombstone-only "ghost" rows; column timestamps are not read back.
 *
 * `protocol: 'thrift'` talks the 0.7 Thrift API instead (port 9160 unless `port` says otherwise;
 * the first contact point that answers): the same calls and results, the node's own checks, no
 * CQL view in between, and no `ks.table()` (thrift-backend.ts).
 *
 * `ssl` connects over TLS (a node with client_encryption_options), either way:
 *   connect({ contactPoints: ['10.0.0.5'], ssl: { ca: readFileSync('ca.pem') } })
 * with `cert` and `key` (or `pfx` and `passphrase`) when the node requires client certificates.
 *
 * The driver (cassandra-driver) is loaded only by a CQL connect (`connect-cql.ts`): importing the
 * package, `open()` and Thrift connects do not load it.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { TlsClientOptions } from '../../env/index.js';
import type { ConsistencyLevel } from '../../db/index.js';
import type { Ilium } from '../ilium.js';

export interface ConnectOptions {
  /** Nodes to contact first: 'host' or 'host:port' (port 9042, or 9160 over Thrift, unless `port` says otherwise). */
  readonly contactPoints: readonly string[];
  /** The driver's session keyspace (must exist); API calls name their keyspace anyway. */
  readonly keyspace?: string;
  /** The data center whose nodes are local to this client: 'datacenter1' by default (Ilium's). */
  readonly localDataCenter?: string;
  readonly port?: number;
  /** Plain-text authentication. */
  readonly credentials?: { readonly username: string; readonly password: string };
  /** Return values (and BytesType names and keys) as stored bytes instead of decoded JS values. */
  readonly raw?: boolean;
  /** Milliseconds a request may take before it fails (the driver's read timeout); 12 s by default. */
  readonly requestTimeoutMs?: number;
  /** 'cql' (the native protocol, the default) or 'thrift' (the 0.7 Thrift API). */
  readonly protocol?: 'cql' | 'thrift';
  /**
   * The consistency level of every read and write: Thrift's default ONE over Thrift, the driver's
   * LOCAL_ONE over CQL, when not given. On a ring, 'QUORUM' reads what 'QUORUM' wrote even with a
   * replica down.
   */
  readonly consistency?: ConsistencyLevel;
  /** TLS: `ca` verifies the node; `cert`/`key` or `pfx` for require_client_auth (the driver's sslOptions). */
  readonly ssl?: TlsClientOptions;
}

export async function connect(options: ConnectOptions): Promise<Ilium> {
  if (options.protocol === 'thrift') {
    const { connectOverThrift } = await import('./connect-thrift-api.js');
    return connectOverThrift(options);
  }
  if (options.protocol !== undefined && options.protocol !== 'cql') throw new InvalidRequestError(`protocol must be 'cql' or 'thrift', not ${String(options.protocol)}`);
  const { connectOverCql } = await import('./connect-cql.js');
  return connectOverCql(options);
}

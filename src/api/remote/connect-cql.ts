/**
 * `connect()` over the CQL native protocol (connect.ts), through the npm cassandra-driver; this
 * module is imported only when such a connect is made, so the driver loads only then.
 */
import cassandra from 'cassandra-driver';
import { createRealEnv } from '../../env/index.js';
import type { ConsistencyLevel } from '../../db/index.js';
import { Ilium } from '../ilium.js';
import { fromDriverError } from './driver-errors.js';
import { RemoteBackend } from './remote-backend.js';
import type { ConnectOptions } from './connect.js';

/** The driver's name of each level. */
const DRIVER_CONSISTENCY: Record<ConsistencyLevel, number> = {
  ONE: cassandra.types.consistencies.one,
  TWO: cassandra.types.consistencies.two,
  THREE: cassandra.types.consistencies.three,
  QUORUM: cassandra.types.consistencies.quorum,
  LOCAL_QUORUM: cassandra.types.consistencies.localQuorum,
  EACH_QUORUM: cassandra.types.consistencies.eachQuorum,
  ALL: cassandra.types.consistencies.all,
  ANY: cassandra.types.consistencies.any,
};

export async function connectOverCql(options: ConnectOptions): Promise<Ilium> {
  const client = new cassandra.Client({
    contactPoints: [...options.contactPoints],
    localDataCenter: options.localDataCenter ?? 'datacenter1',
    ...(options.keyspace === undefined ? {} : { keyspace: options.keyspace }),
    ...(options.consistency === undefined ? {} : { queryOptions: { consistency: DRIVER_CONSISTENCY[options.consistency] } }),
    ...(options.port === undefined ? {} : { protocolOptions: { port: options.port } }),
    ...(options.credentials === undefined ? {} : { credentials: { ...options.credentials } }),
    ...(options.ssl === undefined ? {} : { sslOptions: { ...options.ssl } }),
    socketOptions: { readTimeout: options.requestTimeoutMs ?? 12_000 },
    encoding: { useBigIntAsLong: true, useBigIntAsVarint: true },
  });
  try {
    await client.connect();
    const rs = await client.execute("SELECT partitioner FROM system.local WHERE key = 'local'");
    const partitioner = String(rs.first()?.get('partitioner') ?? 'org.apache.cassandra.dht.Murmur3Partitioner');
    const env = createRealEnv();
    const backend = new RemoteBackend(client, partitioner, () => Math.floor(env.clock.nowMs() / 1000));
    return new Ilium(backend, env, { raw: options.raw ?? false });
  } catch (e) {
    await client.shutdown().catch(() => undefined);
    throw fromDriverError(e);
  }
}

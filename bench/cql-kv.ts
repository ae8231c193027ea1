/**
 * The key-value workload of bench:cql, shared with the soak (bench/soak/): the table `bench.kv`
 * (a 10-character text key, a 90-byte blob: ~100-byte rows), a npm `cassandra-driver` client
 * for one node, and its two prepared operations — an INSERT of key number `i` (modulo the key
 * count) and a SELECT of a key already written that must find its row.
 */
import cassandra from 'cassandra-driver';

const INSERT = 'INSERT INTO bench.kv (k, v) VALUES (?, ?)';
const SELECT = 'SELECT v FROM bench.kv WHERE k = ?';
export const KV_VALUE = Buffer.alloc(90, 0x61);
/** Bytes of one row's key and value. */
export const KV_ROW_BYTES = 10 + KV_VALUE.length;

/** A driver client for `host:port` with `connections` connections (protocol v4, no metadata sync). */
export async function connectKv(host: string, port: number, connections: number, sslOptions?: cassandra.ClientOptions['sslOptions']): Promise<cassandra.Client> {
  const client = new cassandra.Client({
    ...(sslOptions === undefined ? {} : { sslOptions }),
    contactPoints: [`${host}:${port}`],
    localDataCenter: 'datacenter1',
    isMetadataSyncEnabled: false,
    protocolOptions: { maxVersion: 4 },
    pooling: { coreConnectionsPerHost: { [cassandra.types.distance.local]: connections } },
    socketOptions: { readTimeout: 30_000 },
  });
  await client.connect();
  return client;
}

/** Creates the keyspace `bench` (SimpleStrategy, RF 1) and its table `kv`. */
export async function createKvTable(client: cassandra.Client): Promise<void> {
  await client.execute("CREATE KEYSPACE bench WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await client.execute('CREATE TABLE bench.kv (k text PRIMARY KEY, v blob)');
}

/** The `count` keys of the workload, `k000000000` on. */
export function kvKeys(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `k${String(i).padStart(9, '0')}`);
}

/** Writes `key` with the workload's value (a prepared INSERT). */
export function kvWrite(client: cassandra.Client, key: string): Promise<unknown> {
  return client.execute(INSERT, [key, KV_VALUE], { prepare: true });
}

/** Reads `key`, written before (a prepared SELECT); a missing row is an error. */
export async function kvRead(client: cassandra.Client, key: string): Promise<void> {
  const rs = await client.execute(SELECT, [key], { prepare: true });
  if (rs.rowLength !== 1) throw new Error(`a written row was not found (${rs.rowLength} rows for ${key})`);
}

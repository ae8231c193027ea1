/**
 * DESCRIBE CLUSTER: the cluster name, partitioner and snitch; with a keyspace in use, also the
 * ring's range ownership (each token → the endpoints owning the range it ends), as 4.0 gives it.
 */
import { ListType, MapType, UTF8_TYPE } from '../../marshal/index.js';
import type { ColumnSpec, CqlContext, CqlResult } from '../execution/index.js';

const SNITCH = 'org.apache.cassandra.locator.SimpleSnitch';
const STORAGE_PORT = 7000;
const OWNERSHIP_TYPE = new MapType(UTF8_TYPE, new ListType(UTF8_TYPE, false), false);

export function clusterRows(ctx: CqlContext, keyspace: string | undefined): CqlResult {
  const n = ctx.node();
  const spec = (name: string, type = UTF8_TYPE as ColumnSpec['type']): ColumnSpec => ({ keyspace: 'system', table: 'describe', name, type });
  const columns = [spec('cluster'), spec('partitioner'), spec('snitch')];
  const row: (Buffer | null)[] = [n.clusterName, n.partitionerClass, SNITCH].map((v) => UTF8_TYPE.decompose(v));
  if (keyspace !== undefined) {
    const owners = new Map<string, string[]>();
    // Endpoints as Cassandra's InetAddressAndPort prints them: /address:port.
    for (const t of n.tokens) owners.set(t, [`/${n.broadcastAddress}:${STORAGE_PORT}`]);
    for (const p of ctx.peers()) for (const t of p.tokens) owners.set(t, [`/${p.address}:${STORAGE_PORT}`]);
    columns.push(spec('range_ownership', OWNERSHIP_TYPE));
    row.push(OWNERSHIP_TYPE.decompose(owners));
  }
  return { kind: 'rows', columns, rows: [row] };
}

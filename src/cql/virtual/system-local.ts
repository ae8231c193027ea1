/**
 * system.local, system.peers and system.peers_v2 with Cassandra 4.0's columns, filled from what
 * the node says of itself (ctx.node()), its peers (ctx.peers()) and the live schema version —
 * what drivers read on connect (host id, data center, rack, tokens, partitioner, release and
 * schema versions, native addresses and ports).
 */
import { uuidToString } from '../../marshal/index.js';
import type { CqlContext } from '../execution/index.js';
import { type VirtualTable, virtualTableDef } from './virtual-table.js';

/** Cassandra's internode port: shown as listen/broadcast/peer port. */
const STORAGE_PORT = 7000;

export function systemLocalTables(ctx: CqlContext): VirtualTable[] {
  return [local(ctx), peers(ctx), peersV2(ctx)];
}

function local(ctx: CqlContext): VirtualTable {
  const cf = virtualTableDef({
    keyspace: 'system',
    name: 'local',
    comment: 'information about the local node',
    partitionKey: [['key', 'text']],
    columns: [
      ['bootstrapped', 'text'], ['broadcast_address', 'inet'], ['broadcast_port', 'int'], ['cluster_name', 'text'],
      ['cql_version', 'text'], ['data_center', 'text'], ['gossip_generation', 'int'], ['host_id', 'uuid'],
      ['listen_address', 'inet'], ['listen_port', 'int'], ['native_protocol_version', 'text'], ['partitioner', 'text'],
      ['rack', 'text'], ['release_version', 'text'], ['rpc_address', 'inet'], ['rpc_port', 'int'], ['schema_version', 'uuid'],
      ['tokens', 'set<text>'], ['truncated_at', 'map<uuid, blob>'],
    ],
  });
  return {
    cf,
    comment: cf.comment,
    rows: () => {
      const n = ctx.node();
      return [
        {
          key: 'local',
          bootstrapped: n.bootstrapped,
          broadcast_address: n.broadcastAddress,
          broadcast_port: STORAGE_PORT,
          cluster_name: n.clusterName,
          cql_version: n.cqlVersion,
          data_center: n.dataCenter,
          host_id: uuidToString(n.hostId),
          listen_address: n.listenAddress,
          listen_port: STORAGE_PORT,
          native_protocol_version: n.nativeProtocolVersion,
          partitioner: n.partitionerClass,
          rack: n.rack,
          release_version: n.releaseVersion,
          rpc_address: n.rpcAddress,
          rpc_port: n.nativePort,
          schema_version: ctx.schema().version,
          tokens: n.tokens.length === 0 ? null : [...n.tokens],
        },
      ];
    },
  };
}

function peers(ctx: CqlContext): VirtualTable {
  const cf = virtualTableDef({
    keyspace: 'system',
    name: 'peers',
    comment: 'information about known peers in the cluster',
    partitionKey: [['peer', 'inet']],
    columns: [
      ['data_center', 'text'], ['host_id', 'uuid'], ['preferred_ip', 'inet'], ['rack', 'text'], ['release_version', 'text'],
      ['rpc_address', 'inet'], ['schema_version', 'uuid'], ['tokens', 'set<text>'],
    ],
  });
  return {
    cf,
    comment: cf.comment,
    rows: () =>
      ctx.peers().map((p) => ({
        peer: p.address,
        data_center: p.dataCenter,
        host_id: uuidToString(p.hostId),
        rack: p.rack,
        release_version: p.releaseVersion,
        rpc_address: p.nativeAddress,
        schema_version: uuidToString(p.schemaVersion),
        tokens: p.tokens.length === 0 ? null : [...p.tokens],
      })),
  };
}

function peersV2(ctx: CqlContext): VirtualTable {
  const cf = virtualTableDef({
    keyspace: 'system',
    name: 'peers_v2',
    comment: 'information about known peers in the cluster',
    partitionKey: [['peer', 'inet']],
    clustering: [['peer_port', 'int']],
    columns: [
      ['data_center', 'text'], ['host_id', 'uuid'], ['native_address', 'inet'], ['native_port', 'int'], ['preferred_ip', 'inet'],
      ['preferred_port', 'int'], ['rack', 'text'], ['release_version', 'text'], ['schema_version', 'uuid'], ['tokens', 'set<text>'],
    ],
  });
  return {
    cf,
    comment: cf.comment,
    rows: () =>
      ctx.peers().map((p) => ({
        peer: p.address,
        peer_port: STORAGE_PORT,
        data_center: p.dataCenter,
        host_id: uuidToString(p.hostId),
        native_address: p.nativeAddress,
        native_port: p.nativePort,
        rack: p.rack,
        release_version: p.releaseVersion,
        schema_version: uuidToString(p.schemaVersion),
        tokens: p.tokens.length === 0 ? null : [...p.tokens],
      })),
  };
}

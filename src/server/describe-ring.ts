/**
 * Thrift describe_ring from the ring gossip keeps: one range per ring token (from the previous
 * token, exclusive, to it), with the keyspace's natural replicas of that token as the coordinator
 * places them — their listen addresses (`endpoints`), rpc addresses (`rpc_endpoints`, from what
 * each peer gossiped) and data centre and rack (`endpoint_details`). Ranges in token order.
 */
import type { Partitioner } from '../dht/index.js';
import { endpointHost, type Endpoint, type KeyspacePlacement, type TokenMetadata } from '../locator/index.js';
import type { TokenRange } from '../thrift/service/cassandra-service.js';

export interface RingSnapshot {
  readonly ring: TokenMetadata;
  readonly placement: KeyspacePlacement;
  /** An endpoint's rpc address (the peer's gossiped one; this node's rpc_address). */
  readonly rpcAddressOf: (e: Endpoint) => string;
}

export function describeRingOf(p: Partitioner, s: RingSnapshot): TokenRange[] {
  const tokens = s.ring.sortedTokens();
  return tokens.map((end, i) => {
    const replicas = s.placement.naturalEndpoints(end, s.ring);
    return {
      startToken: p.tokenToString(tokens[(i + tokens.length - 1) % tokens.length]!),
      endToken: p.tokenToString(end),
      endpoints: replicas.map(endpointHost),
      rpcEndpoints: replicas.map(s.rpcAddressOf),
      endpointDetails: replicas.map((e) => {
        const at = s.ring.location(e);
        return { host: endpointHost(e), datacenter: at.datacenter, rack: at.rack };
      }),
    };
  });
}

/**
 * The gossip exchange, as values (the bytes are `gossip-codec.ts`'s business):
 *
 *   A → B  SYN   A's cluster and partitioner, and a digest (generation, max version) per endpoint A knows
 *   B → A  ACK   what B wants from A (digests with the version B has), and what B has that A lacks
 *   A → B  ACK2  what B asked for
 *
 * plus SHUTDOWN, a node's word that it is stopping (carrying its generation, so a late message from
 * an old incarnation cannot take down a restarted node).
 */
import type { InetAddressAndPort } from '../net/index.js';
import type { EndpointStateData } from './endpoint-state.js';

export interface GossipDigest {
  readonly endpoint: InetAddressAndPort;
  readonly generation: number;
  readonly maxVersion: number;
}

export interface EndpointStateEntry {
  readonly endpoint: InetAddressAndPort;
  readonly state: EndpointStateData;
}

export interface GossipDigestSyn {
  readonly clusterName: string;
  readonly partitioner: string;
  readonly digests: readonly GossipDigest[];
}

export interface GossipDigestAck {
  readonly digests: readonly GossipDigest[];
  readonly states: readonly EndpointStateEntry[];
}

export interface GossipDigestAck2 {
  readonly states: readonly EndpointStateEntry[];
}

export interface GossipShutdown {
  readonly generation: number;
}

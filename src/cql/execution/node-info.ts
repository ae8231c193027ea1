/**
 * What a node says about itself in system.local and system.peers, and what DESCRIBE CLUSTER
 * prints: read through a function each time, since schema version and ring can change.
 */
export interface NodeInfo {
  readonly clusterName: string;
  readonly dataCenter: string;
  readonly rack: string;
  /** Cassandra's class name, e.g. org.apache.cassandra.dht.Murmur3Partitioner. */
  readonly partitionerClass: string;
  /** The Cassandra release we answer as (drivers pick features by it). */
  readonly releaseVersion: string;
  readonly cqlVersion: string;
  readonly nativeProtocolVersion: string;
  readonly hostId: Buffer;
  readonly listenAddress: string;
  readonly broadcastAddress: string;
  readonly rpcAddress: string;
  readonly nativePort: number;
  /** This node's tokens as strings (the partitioner's text form). */
  readonly tokens: readonly string[];
  /** The node's gossip generation / bootstrap state, as system.local shows it. */
  readonly bootstrapped: 'COMPLETED' | 'IN_PROGRESS' | 'NEEDS_BOOTSTRAP';
}

/** Another node as system.peers / peers_v2 list it. */
export interface PeerInfo {
  /** The peer's internode (listen/broadcast) address. */
  readonly address: string;
  /** Where its CQL clients connect (rpc_address / native_address). */
  readonly nativeAddress: string;
  readonly nativePort: number;
  readonly dataCenter: string;
  readonly rack: string;
  readonly hostId: Buffer;
  readonly releaseVersion: string;
  readonly schemaVersion: Buffer;
  readonly tokens: readonly string[];
}

/** Defaults as Cassandra's: datacenter1 / rack1, the release this layer speaks as. */
export const DEFAULT_DATA_CENTER = 'datacenter1';
export const DEFAULT_RACK = 'rack1';
export const RELEASE_VERSION = '4.0.11';
export const CQL_VERSION = '3.4.5';

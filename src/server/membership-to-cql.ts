/** What the node's membership (StorageService) means to CQL clients: system.peers rows and EVENT frames. */
import type { PeerInfo } from '../cql/execution/index.js';
import type { MembershipEvent, RingPeer } from '../service/index.js';
import type { ServerEvent } from '../transport/index.js';

/** A ring peer as system.peers / peers_v2 show it. */
export function peerInfoOf(p: RingPeer): PeerInfo {
  return {
    address: p.address,
    nativeAddress: p.nativeAddress,
    nativePort: p.nativePort,
    dataCenter: p.dataCenter,
    rack: p.rack,
    hostId: uuidBytes(p.hostId),
    releaseVersion: p.releaseVersion,
    schemaVersion: uuidBytes(p.schemaVersion ?? ''),
    tokens: p.tokens,
  };
}

function uuidBytes(text: string): Buffer {
  const b = Buffer.from(text.replace(/-/g, ''), 'hex');
  return b.length === 16 ? b : Buffer.alloc(16);
}

/** A membership change as the CQL event drivers get. */
export function clusterEventOf(e: MembershipEvent): ServerEvent {
  const node = { address: e.native.host, port: e.native.port };
  return e.change === 'UP' || e.change === 'DOWN' ? { type: 'STATUS_CHANGE', change: e.change, node } : { type: 'TOPOLOGY_CHANGE', change: e.change, node };
}

/**
 * The other ring members as system.peers / peers_v2 list them, read from gossip: every endpoint
 * the ring holds (NORMAL, leaving, or bootstrapping) except this node, with what it gossiped —
 * HOST_ID, DC/RACK (the snitch's answer when it gossiped none), RELEASE_VERSION, SCHEMA,
 * NATIVE_ADDRESS_AND_PORT (falling back to RPC_ADDRESS and the default native port) and TOKENS.
 */
import { parseTokensValue, type EndpointStateData, type Gossiper } from '../gms/index.js';
import { ringEndpointOf } from '../gms/index.js';
import { endpointHost, type Endpoint, type TokenMetadata } from '../locator/index.js';
import { parseNativeAddress } from './membership-events.js';

export interface RingPeer {
  readonly endpoint: Endpoint;
  /** The peer's internode address (host). */
  readonly address: string;
  readonly nativeAddress: string;
  readonly nativePort: number;
  readonly dataCenter: string;
  readonly rack: string;
  /** UUID text; empty when not gossiped yet. */
  readonly hostId: string;
  readonly releaseVersion: string;
  /** UUID text; undefined when not gossiped yet. */
  readonly schemaVersion: string | undefined;
  readonly tokens: readonly string[];
}

export function ringPeers(gossiper: Gossiper, ring: TokenMetadata, defaultNativePort: number): RingPeer[] {
  const local = ringEndpointOf(gossiper.local);
  const inRing = new Set<Endpoint>([...ring.normalEndpoints(), ...ring.bootstrappingEndpoints()]);
  const out: RingPeer[] = [];
  for (const ep of gossiper.knownEndpoints()) {
    const e = ringEndpointOf(ep);
    const st = gossiper.endpointState(ep);
    if (e === local || !inRing.has(e) || st === undefined) continue;
    out.push(peerOf(e, st, ring, defaultNativePort));
  }
  return out;
}

function peerOf(e: Endpoint, st: EndpointStateData, ring: TokenMetadata, defaultNativePort: number): RingPeer {
  const get = (k: Parameters<EndpointStateData['states']['get']>[0]) => st.states.get(k)?.value;
  const location = ring.location(e);
  const native = parseNativeAddress(get('NATIVE_ADDRESS_AND_PORT')) ?? { host: get('RPC_ADDRESS') ?? endpointHost(e), port: defaultNativePort };
  return {
    endpoint: e,
    address: endpointHost(e),
    nativeAddress: native.host,
    nativePort: native.port,
    dataCenter: get('DC') ?? location.datacenter,
    rack: get('RACK') ?? location.rack,
    hostId: get('HOST_ID') ?? ring.hostIdOf(e) ?? '',
    releaseVersion: get('RELEASE_VERSION') ?? '',
    schemaVersion: get('SCHEMA'),
    tokens: parseTokensValue(get('TOKENS') ?? ''),
  };
}

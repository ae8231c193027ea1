/**
 * nodetool's cluster views, from the node's StorageService (gossip and the ring it keeps):
 * status (per data center: up/down, state, load, tokens, ownership, host id, rack), ring (every
 * token with its node), describecluster (schema versions per node) and gossipinfo (what gossip
 * holds of every endpoint). Loads of other nodes are what they last gossiped in LOAD.
 */
import { APPLICATION_STATES, type ApplicationState } from '../../gms/index.js';
import { compareEndpoints, endpointHost, type Endpoint, type TokenMetadata } from '../../locator/index.js';
import { tokenOwnership } from '../../service/index.js';
import type { IliumNode } from '../ilium-node.js';
import { loadOf } from '../node-load.js';
import type { StatusNode } from './node-admin.js';

interface Member {
  readonly endpoint: Endpoint;
  readonly dataCenter: string;
  readonly rack: string;
  readonly up: boolean;
  readonly state: StatusNode['state'];
  readonly loadBytes: number;
  readonly tokens: readonly unknown[];
  readonly owns: number;
  readonly hostId: string;
}

function members(node: IliumNode): Member[] {
  const svc = node.storage;
  const ring: TokenMetadata = svc.ring();
  const owns = tokenOwnership(ring);
  const all = [...new Set([...ring.normalEndpoints(), ...ring.bootstrappingEndpoints()])].sort(compareEndpoints);
  return all.map((e) => {
    const local = e === svc.localEndpoint;
    const st = svc.endpointState(e);
    const joining = !ring.isMember(e);
    const loc = ring.location(e);
    const gossipedLoad = Number(st?.states.get('LOAD')?.value ?? '0');
    return {
      endpoint: e,
      dataCenter: loc.datacenter,
      rack: loc.rack,
      up: svc.isAlive(e),
      state: joining ? 'J' : ring.isLeaving(e) ? 'L' : 'N',
      loadBytes: local ? loadOf(node.engine, node.env) : Number.isFinite(gossipedLoad) ? gossipedLoad : 0,
      tokens: joining ? ring.bootstrapTokensOf(e) : ring.tokensOf(e),
      owns: owns.get(e) ?? 0,
      hostId: ring.hostIdOf(e) ?? st?.states.get('HOST_ID')?.value ?? '?',
    };
  });
}

export function clusterStatus(node: IliumNode) {
  const byDc = new Map<string, StatusNode[]>();
  for (const m of members(node)) {
    const row: StatusNode = { status: m.up ? 'U' : 'D', state: m.state, address: endpointHost(m.endpoint), loadBytes: m.loadBytes, tokens: m.tokens.length, owns: m.owns, hostId: m.hostId, rack: m.rack };
    byDc.set(m.dataCenter, [...(byDc.get(m.dataCenter) ?? []), row]);
  }
  return { dataCenters: [...byDc].sort(([a], [b]) => a.localeCompare(b)).map(([name, nodes]) => ({ name, nodes })) };
}

const STATE_WORDS: Record<StatusNode['state'], string> = { N: 'Normal', J: 'Joining', L: 'Leaving', M: 'Moving' };

export function clusterRing(node: IliumNode) {
  const ring = node.storage.ring();
  const p = ring.partitioner;
  const byEndpoint = new Map(members(node).map((m) => [m.endpoint, m]));
  const rows = ring.ringEntries().map((entry) => ({ entry, m: byEndpoint.get(entry.endpoint)! }));
  return {
    nodes: rows.map(({ entry, m }) => ({
      address: endpointHost(m.endpoint),
      dataCenter: m.dataCenter,
      rack: m.rack,
      status: m.up ? 'Up' : 'Down',
      state: STATE_WORDS[m.state],
      loadBytes: m.loadBytes,
      owns: m.owns,
      token: p.tokenToString(entry.token),
    })),
  };
}

export function schemaVersionsOf(node: IliumNode): Record<string, string[]> {
  return Object.fromEntries(node.storage.schemaVersions());
}

export function gossipInfo(node: IliumNode) {
  const g = node.storage.gossiper;
  return {
    endpoints: g.knownEndpoints().map((ep) => {
      const st = g.endpointState(ep)!;
      const states = [...st.states].sort(([a], [b]) => APPLICATION_STATES[a] - APPLICATION_STATES[b]).map(([k, v]): [ApplicationState, number, string] => [k, v.version, v.value]);
      return { endpoint: `${ep.host}:${ep.port}`, generation: st.heartbeat.generation, heartbeat: st.heartbeat.version, states };
    }),
  };
}

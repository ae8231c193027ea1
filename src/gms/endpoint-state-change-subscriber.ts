/**
 * What a component (StorageService keeping TokenMetadata, hints, the CQL server's topology
 * events) hears from gossip. Every method is optional; a throwing subscriber is logged and does
 * not stop gossip or the other subscribers.
 *
 * - onJoin: an endpoint appeared (or reappeared with a new generation), with its whole state.
 * - onChange: one application state of an endpoint took a newer value (local ones too).
 * - onAlive / onDead: the endpoint was confirmed alive (ECHO answered) / convicted or shut down.
 * - onRemove: the endpoint was forgotten (LEFT or removed and expired, or removed by hand).
 * - onRestart: an endpoint known before came back with a higher generation (called with the old
 *   state, before onJoin with the new one).
 */
import type { InetAddressAndPort } from '../net/index.js';
import type { ApplicationState } from './application-state.js';
import type { EndpointStateData } from './endpoint-state.js';
import type { VersionedValue } from './versioned-value.js';

export interface EndpointStateChangeSubscriber {
  onJoin?(endpoint: InetAddressAndPort, state: EndpointStateData): void;
  onChange?(endpoint: InetAddressAndPort, state: ApplicationState, value: VersionedValue): void;
  onAlive?(endpoint: InetAddressAndPort, state: EndpointStateData): void;
  onDead?(endpoint: InetAddressAndPort, state: EndpointStateData): void;
  onRemove?(endpoint: InetAddressAndPort): void;
  onRestart?(endpoint: InetAddressAndPort, oldState: EndpointStateData): void;
}

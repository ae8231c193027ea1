/**
 * The application states a NORMAL node announces when its gossip starts (Cassandra sets the same
 * ones while joining): its location, identity, release, schema version, where CQL clients reach
 * it and whether they may, its load, then TOKENS and the NORMAL status (status last, so a peer
 * reading NORMAL already holds the tokens).
 */
import { statusValues, tokensValue, type ApplicationState } from '../gms/index.js';

export interface LocalStateInputs {
  readonly dataCenter: string;
  readonly rack: string;
  readonly hostId: string;
  readonly releaseVersion: string;
  readonly schemaVersion: string;
  /** Where CQL clients connect; undefined when the native transport is off. */
  readonly native: { readonly host: string; readonly port: number } | undefined;
  readonly loadBytes: number;
  readonly tokens: readonly string[];
  /** A node about to bootstrap announces no status yet (its TOKENS only): it is no ring member. */
  readonly joining?: boolean;
}

export function localApplicationStates(i: LocalStateInputs): [ApplicationState, string][] {
  const out: [ApplicationState, string][] = [
    ['DC', i.dataCenter],
    ['RACK', i.rack],
    ['HOST_ID', i.hostId],
    ['RELEASE_VERSION', i.releaseVersion],
    ['SCHEMA', i.schemaVersion],
    ['LOAD', String(i.loadBytes)],
  ];
  if (i.native !== undefined) {
    out.push(['RPC_ADDRESS', i.native.host], ['NATIVE_ADDRESS_AND_PORT', `${i.native.host}:${i.native.port}`], ['RPC_READY', 'true']);
  }
  out.push(['TOKENS', tokensValue(i.tokens)]);
  if (i.joining === true) return out;
  const normal = statusValues.normal(i.tokens);
  out.push(['STATUS_WITH_PORT', normal], ['STATUS', normal]);
  return out;
}

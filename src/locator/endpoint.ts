/**
 * A node's identity on the ring. Nodes are told apart by their internode address — an IPv4
 * address and the storage port, as several nodes share one machine on 127.0.0.x — written in one
 * canonical form (`127.0.0.2:7000`) so an `Endpoint` can key maps and sets and compare with `===`.
 * The host id (a UUID that survives address changes) is kept beside it by `TokenMetadata`.
 *
 * `Endpoint` is a branded string: only `endpoint()` makes one, so every endpoint in a map went
 * through the parser and two spellings of the same node cannot sit side by side.
 */
import { ConfigurationError } from '../errors/index.js';

declare const ENDPOINT_BRAND: unique symbol;
export type Endpoint = string & { readonly [ENDPOINT_BRAND]: true };

/** Cassandra's storage_port default: the port an address without one is given. */
export const DEFAULT_STORAGE_PORT = 7000;

const ADDRESS = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?::(\d{1,5}))?$/;

/** Parses `a.b.c.d[:port]`; ConfigurationError when it is not an IPv4 address with a valid port. */
export function endpoint(text: string, defaultPort: number = DEFAULT_STORAGE_PORT): Endpoint {
  const m = ADDRESS.exec(text.trim());
  if (m === null) throw new ConfigurationError(`'${text}' is not an endpoint address (a.b.c.d or a.b.c.d:port)`);
  const octets = [m[1], m[2], m[3], m[4]].map((s) => Number(s));
  if (octets.some((o) => o > 255)) throw new ConfigurationError(`'${text}' is not an IPv4 address: an octet is above 255`);
  const port = m[5] === undefined ? defaultPort : Number(m[5]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new ConfigurationError(`'${text}': port must be 1..65535, got ${port}`);
  return `${octets.join('.')}:${port}` as Endpoint;
}

/** The IPv4 address part of an endpoint. */
export function endpointHost(e: Endpoint): string {
  return e.slice(0, e.lastIndexOf(':'));
}

export function endpointPort(e: Endpoint): number {
  return Number(e.slice(e.lastIndexOf(':') + 1));
}

/** A total order on endpoints: by address numerically, then port (for stable listings). */
export function compareEndpoints(a: Endpoint, b: Endpoint): number {
  const ka = endpointSortKey(a);
  const kb = endpointSortKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

function endpointSortKey(e: Endpoint): number {
  const octets = endpointHost(e).split('.').map(Number);
  const address = ((octets[0]! * 256 + octets[1]!) * 256 + octets[2]!) * 256 + octets[3]!;
  return address * 65536 + endpointPort(e);
}

/**
 * How nodes name each other on the internode network: a host and a port, Cassandra's
 * `InetAddressAndPort`. Defined here, at the bottom of the cluster layers, so messaging needs
 * nothing from the locator; the locator and gossip key their maps by `endpointKey`.
 *
 * Hosts are kept as given (IPv4 dotted quads on the loopback in tests and local clusters); `localhost`
 * is normalised to 127.0.0.1 so both spellings name one endpoint.
 */
import type { NetAddress } from '../env/index.js';

export interface InetAddressAndPort extends NetAddress {
  readonly host: string;
  readonly port: number;
}

/** The default internode port (cassandra.yaml `storage_port`). */
export const DEFAULT_STORAGE_PORT = 7000;

export function endpoint(host: string, port: number = DEFAULT_STORAGE_PORT): InetAddressAndPort {
  if (!Number.isInteger(port) || port < 0 || port > 0xffff) throw new RangeError(`port out of range: ${port}`);
  if (host.length === 0) throw new RangeError('host must not be empty');
  return Object.freeze({ host: host === 'localhost' ? '127.0.0.1' : host, port });
}

/** A stable string for maps and logs: `host:port` (IPv6 hosts in brackets). */
export function endpointKey(e: InetAddressAndPort): string {
  const host = e.host === 'localhost' ? '127.0.0.1' : e.host;
  return host.includes(':') ? `[${host}]:${e.port}` : `${host}:${e.port}`;
}

export function sameEndpoint(a: InetAddressAndPort, b: InetAddressAndPort): boolean {
  return endpointKey(a) === endpointKey(b);
}

/** Reads `host`, `host:port` or `[v6]:port`; a missing port is `defaultPort`. */
export function parseEndpoint(text: string, defaultPort: number = DEFAULT_STORAGE_PORT): InetAddressAndPort {
  const t = text.trim();
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(t);
  if (bracketed !== null) return endpoint(bracketed[1]!, bracketed[2] === undefined ? defaultPort : Number(bracketed[2]));
  const colon = t.lastIndexOf(':');
  if (colon > 0 && t.indexOf(':') === colon) {
    const port = t.slice(colon + 1);
    if (!/^\d+$/.test(port)) throw new RangeError(`bad port in endpoint '${text}'`);
    return endpoint(t.slice(0, colon), Number(port));
  }
  return endpoint(t, defaultPort);
}

/**
 * Starts a node's internode messaging on listen_address:storage_port. A lone node — one whose
 * seeds name only itself (or none), as every single-node `ilium start` and test is — finding the
 * port taken (another lone node on the same machine, a test running beside another) listens on
 * a free port instead and says so: nobody can be trying to reach it there. A node with other
 * seeds must be reachable where its peers expect it, so a taken port is a configuration error.
 */
import type { Env } from '../env/index.js';
import { ConfigurationError } from '../errors/index.js';
import { endpoint, endpointKey, MessagingService, type InetAddressAndPort, type MessagingOptions, type NetLogger } from '../net/index.js';

export interface StartMessagingInputs {
  readonly env: Env;
  readonly listen: InetAddressAndPort;
  readonly seeds: readonly InetAddressAndPort[];
  readonly clusterName: string;
  readonly logger: NetLogger;
  readonly extra?: Partial<MessagingOptions>;
}

export function isLoneNode(listen: InetAddressAndPort, seeds: readonly InetAddressAndPort[]): boolean {
  return seeds.every((s) => endpointKey(s) === endpointKey(listen));
}

export async function startMessaging(i: StartMessagingInputs): Promise<MessagingService> {
  const make = (listen: InetAddressAndPort) => new MessagingService({ env: i.env, listen, clusterName: i.clusterName, logger: i.logger, ...i.extra });
  const first = make(i.listen);
  try {
    await first.start();
    return first;
  } catch (e) {
    await first.shutdown().catch((err: unknown) => i.logger.warn('messaging_shutdown_failed', { after: 'messaging failed to start', error: String(err) }));
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' && i.listen.port !== 0 && isLoneNode(i.listen, i.seeds)) {
      const fallback = make(endpoint(i.listen.host, 0));
      await fallback.start();
      i.logger.warn('storage_port_in_use', { wanted: endpointKey(i.listen), using: endpointKey(fallback.address), reason: 'a lone node (its only seed is itself) listens on a free port instead' });
      return fallback;
    }
    const why = code === 'EADDRINUSE' ? 'the port is in use' : code === 'EADDRNOTAVAIL' ? 'the address is not on this machine' : (e as Error).message;
    throw new ConfigurationError(`cannot listen for other nodes on ${endpointKey(i.listen)}: ${why} (listen_address, storage_port)`, { cause: e });
  }
}

/**
 * Caps the connections a server holds: in all and per client IP address, as Cassandra's
 * ConnectionLimitHandler does for `native_transport_max_concurrent_connections` and
 * `native_transport_max_concurrent_connections_per_ip`, with its reading of the values: a negative
 * total (-1, the default) is no cap and 0 refuses every connection; a per-IP value below 1 is no cap.
 *
 * A connection over a cap is closed at once, before a byte of it is read: Cassandra 4.0 sends no
 * ERROR frame here (the protocol version is not known yet) and logs, at most once a minute per
 * cap, "Exceeded maximum native connection limit of L by using N connections (see …)". Drivers see
 * the connection closed and try another host or retry later.
 */
import type { Clock } from '../../env/index.js';
import type { TransportLogger } from './transport-logger.js';

export interface ConnectionCaps {
  /** native_transport_max_concurrent_connections; negative (-1, the default): unlimited. */
  readonly connectionsMax: number;
  /** native_transport_max_concurrent_connections_per_ip; below 1 (-1, the default): unlimited. */
  readonly connectionsPerIpMax: number;
}

/** How often a refusal is logged (Cassandra's NoSpamLogger interval for these lines). */
const REFUSAL_LOG_INTERVAL_MS = 60_000;

export class ConnectionLimiter {
  private total = 0;
  private readonly perIp = new Map<string, number>();
  private readonly lastLoggedMs = { total: -Infinity, perIp: -Infinity };

  constructor(
    private readonly caps: ConnectionCaps,
    private readonly clock: Clock,
    private readonly logger: TransportLogger,
  ) {}

  /** True when caps are set at all (otherwise the server need not count). */
  get limiting(): boolean {
    return this.caps.connectionsMax >= 0 || this.caps.connectionsPerIpMax > 0;
  }

  get connections(): number {
    return this.total;
  }

  /** Counts a connection from `ip` if both caps allow it; false: refuse it (nothing counted). */
  admit(ip: string): boolean {
    const { connectionsMax, connectionsPerIpMax } = this.caps;
    if (connectionsMax >= 0 && this.total + 1 > connectionsMax) {
      this.refused('total', `Exceeded maximum native connection limit of ${connectionsMax} by using ${this.total + 1} connections (see native_transport_max_concurrent_connections in cassandra.yaml)`);
      return false;
    }
    const fromIp = this.perIp.get(ip) ?? 0;
    if (connectionsPerIpMax > 0 && fromIp + 1 > connectionsPerIpMax) {
      this.refused('perIp', `Exceeded maximum native connection limit per ip of ${connectionsPerIpMax} by using ${fromIp + 1} connections (see native_transport_max_concurrent_connections_per_ip)`);
      return false;
    }
    this.total++;
    this.perIp.set(ip, fromIp + 1);
    return true;
  }

  /** An admitted connection from `ip` closed. */
  release(ip: string): void {
    const fromIp = this.perIp.get(ip);
    if (fromIp === undefined || this.total === 0) throw new Error(`connection limiter: release of ${ip} that was never admitted`);
    this.total--;
    if (fromIp <= 1) this.perIp.delete(ip);
    else this.perIp.set(ip, fromIp - 1);
  }

  private refused(cap: 'total' | 'perIp', message: string): void {
    const now = this.clock.nowMs();
    if (now - this.lastLoggedMs[cap] < REFUSAL_LOG_INTERVAL_MS) return;
    this.lastLoggedMs[cap] = now;
    this.logger.error(message);
  }
}

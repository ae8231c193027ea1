/**
 * What every server of a node shares (CQL, Thrift, admin): listen through `Env.net` (with TLS when
 * the options carry it), keep the set
 * of open connections, refuse sockets that arrive while stopping, and on `close()` stop
 * accepting, ask every connection to close (flushing what it queued), destroy the ones still open
 * after a grace period, and resolve when none is left. With a `ConnectionLimiter`, a socket over
 * its caps is destroyed as it arrives (connection-limiter.ts).
 */
import type { Env, ListenOptions, NetAddress, NetServer, NetSocket } from '../../env/index.js';
import { EngineStateError } from '../../errors/index.js';
import type { ConnectionLimiter } from './connection-limiter.js';

/** How long `close` lets connections flush before destroying them. */
export const CLOSE_GRACE_MS = 2000;

export interface ServedConnection {
  /** Finishes what is in hand, flushes, then closes; the connection calls `release` once closed. */
  close(): void;
  destroy(): void;
}

export class SocketListener<C extends ServedConnection> {
  private readonly open = new Set<C>();
  /** Each counted connection's client IP (only with a limiter that caps something). */
  private readonly counted = new Map<C, string>();
  private listener: NetServer | undefined;
  private stopping = false;
  private allClosed: (() => void) | undefined;
  private closing: Promise<void> | undefined;

  constructor(
    private readonly env: Env,
    /** For messages: "the CQL server". */
    private readonly name: string,
    private readonly options: ListenOptions,
    private readonly accept: (socket: NetSocket) => C,
    private readonly limiter?: ConnectionLimiter,
  ) {}

  /** Starts listening; resolves with the bound address (the real port when 0 was asked). */
  async start(): Promise<NetAddress> {
    if (this.listener !== undefined) throw new EngineStateError(`${this.name} is already started`);
    this.listener = await this.env.net.listen(this.options, (s) => this.accepted(s));
    return this.listener.address();
  }

  address(): NetAddress {
    if (this.listener === undefined) throw new EngineStateError(`${this.name} is not started`);
    return this.listener.address();
  }

  get connections(): ReadonlySet<C> {
    return this.open;
  }

  /** A connection closed. */
  release(c: C): void {
    this.open.delete(c);
    const ip = this.counted.get(c);
    if (ip !== undefined) {
      this.counted.delete(c);
      this.limiter!.release(ip);
    }
    if (this.open.size === 0) this.allClosed?.();
  }

  /** Stops accepting, closes every connection, resolves when all are gone. Idempotent. */
  close(): Promise<void> {
    this.closing ??= this.closeNow();
    return this.closing;
  }

  private async closeNow(): Promise<void> {
    this.stopping = true;
    await this.listener?.close();
    if (this.open.size === 0) return;
    const done = new Promise<void>((resolve) => (this.allClosed = resolve));
    for (const c of this.open) c.close();
    const timer = this.env.timers.setTimeout(() => {
      for (const c of this.open) c.destroy();
    }, CLOSE_GRACE_MS);
    await done;
    timer.cancel();
  }

  private accepted(socket: NetSocket): void {
    if (this.stopping) {
      socket.destroy();
      return;
    }
    if (this.limiter?.limiting !== true) {
      this.open.add(this.accept(socket));
      return;
    }
    const ip = socket.remoteAddress.host;
    if (!this.limiter.admit(ip)) {
      socket.destroy();
      return;
    }
    const c = this.accept(socket);
    this.open.add(c);
    this.counted.set(c, ip);
  }
}

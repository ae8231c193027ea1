import { ConfigurationError } from '../errors/index.js';
import type { HttpHandler, HttpListenOptions, ListenOptions, NetAddress, NetServer, NetSocket, NetSocketEvents, Network, TlsClientOptions } from './network.js';
import type { SeededRandom } from './seeded-random.js';

export interface SimNetworkOptions {
  /**
   * When given, every 'data' event carries a random number of bytes in [1, maxSegmentBytes],
   * cutting writes apart and gluing them together, as TCP may.
   */
  readonly random?: SeededRandom;
  /** Largest 'data' chunk delivered (default 64 KiB). */
  readonly maxSegmentBytes?: number;
  /** Unconsumed bytes above which `write` returns false (default 64 KiB). */
  readonly highWaterMark?: number;
  /** Runs deliveries later; default `queueMicrotask` (deterministic, needs no timer driving). */
  readonly schedule?: (fn: () => void) => void;
}

const DEFAULT_SEGMENT = 64 * 1024;
const DEFAULT_HWM = 64 * 1024;
const FIRST_EPHEMERAL_PORT = 40000;

function key(a: NetAddress): string {
  const host = a.host === 'localhost' ? '127.0.0.1' : a.host;
  return `${host}:${a.port}`;
}

type Listeners = { [E in keyof NetSocketEvents]: NetSocketEvents[E][] };

/**
 * One end of an in-memory connection. Bytes written land in the peer's inbound queue and are
 * delivered later (see `SimNetworkOptions.schedule`), so a write never re-enters the writer.
 */
class SimSocket implements NetSocket {
  peer!: SimSocket;
  private readonly inbound: Buffer[] = [];
  private inboundBytes = 0;
  private eofPending = false;
  private ending = false;
  private paused = false;
  private isClosed = false;
  private needDrain = false;
  private flushScheduled = false;
  private readonly listeners: Listeners = { data: [], drain: [], close: [], error: [] };

  constructor(
    private readonly net: SimNetwork,
    readonly localAddress: NetAddress,
    readonly remoteAddress: NetAddress,
  ) {}

  get closed(): boolean {
    return this.isClosed;
  }

  get pendingWriteBytes(): number {
    return this.isClosed ? 0 : this.peer.inboundBytes;
  }

  write(data: Uint8Array): boolean {
    if (this.isClosed || this.ending) return false;
    if (data.length > 0) this.peer.enqueue(Buffer.from(data));
    if (this.peer.inboundBytes >= this.net.highWaterMark) {
      this.needDrain = true;
      return false;
    }
    return true;
  }

  end(): void {
    if (this.isClosed || this.ending) return;
    this.ending = true;
    this.peer.eofPending = true;
    this.peer.scheduleFlush();
  }

  destroy(): void {
    if (this.isClosed) return;
    this.ending = true;
    this.peer.eofPending = true;
    this.peer.scheduleFlush();
    this.closeNow();
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.scheduleFlush();
  }

  setNoDelay(): void {}

  later(fn: () => void): void {
    this.net.schedule(fn);
  }

  on<E extends keyof NetSocketEvents>(event: E, listener: NetSocketEvents[E]): void {
    (this.listeners[event] as NetSocketEvents[E][]).push(listener);
  }

  private enqueue(buf: Buffer): void {
    if (this.isClosed) return;
    this.inbound.push(buf);
    this.inboundBytes += buf.length;
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushScheduled || this.isClosed) return;
    this.flushScheduled = true;
    this.net.schedule(() => this.flush());
  }

  private flush(): void {
    this.flushScheduled = false;
    while (!this.isClosed && !this.paused && this.inboundBytes > 0) {
      const chunk = this.takeSegment();
      for (const l of this.listeners.data) l(chunk);
    }
    if (this.isClosed) return;
    if (this.peer.needDrain && this.inboundBytes < this.net.highWaterMark && !this.peer.isClosed) {
      this.peer.needDrain = false;
      for (const l of this.peer.listeners.drain) l();
    }
    if (this.eofPending && this.inboundBytes === 0) {
      // Half-close is not modelled: end of stream closes both ends (node's allowHalfOpen=false).
      this.destroy();
    }
  }

  private takeSegment(): Buffer {
    const max = this.net.maxSegmentBytes;
    const want = this.net.random === undefined ? max : 1 + this.net.random.int(max);
    const first = this.inbound[0]!;
    if (first.length >= want || this.inbound.length === 1) {
      const n = Math.min(want, first.length);
      if (n === first.length) this.inbound.shift();
      else this.inbound[0] = first.subarray(n);
      this.inboundBytes -= n;
      return first.subarray(0, n);
    }
    const parts: Buffer[] = [];
    let got = 0;
    while (got < want && this.inbound.length > 0) {
      const head = this.inbound[0]!;
      const n = Math.min(want - got, head.length);
      parts.push(head.subarray(0, n));
      if (n === head.length) this.inbound.shift();
      else this.inbound[0] = head.subarray(n);
      got += n;
    }
    this.inboundBytes -= got;
    return Buffer.concat(parts, got);
  }

  private closeNow(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.inbound.length = 0;
    this.inboundBytes = 0;
    this.net.schedule(() => {
      for (const l of this.listeners.close) l();
    });
  }
}

class SimServer implements NetServer {
  closed = false;

  constructor(
    private readonly net: SimNetwork,
    private readonly addr: NetAddress,
    readonly onConnection: (socket: NetSocket) => void,
  ) {}

  address(): NetAddress {
    return this.addr;
  }

  close(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      this.net.unlisten(this.addr);
    }
    return Promise.resolve();
  }
}

/** Error raised like node's, with its `code` (ECONNREFUSED, EADDRINUSE). */
function netError(code: string, message: string): Error {
  return Object.assign(new Error(`${code}: ${message}`), { code });
}

/**
 * An in-process network: `listen` registers an address, `connect` makes a socket pair. Nothing
 * leaves the process; with a `random` the delivery chunking is seeded and reproducible.
 */
export class SimNetwork implements Network {
  readonly random: SeededRandom | undefined;
  readonly maxSegmentBytes: number;
  readonly highWaterMark: number;
  readonly schedule: (fn: () => void) => void;
  private readonly servers = new Map<string, SimServer>();
  private nextPort = FIRST_EPHEMERAL_PORT;

  constructor(options: SimNetworkOptions = {}) {
    this.random = options.random;
    this.maxSegmentBytes = Math.max(1, options.maxSegmentBytes ?? DEFAULT_SEGMENT);
    this.highWaterMark = Math.max(1, options.highWaterMark ?? DEFAULT_HWM);
    this.schedule = options.schedule ?? queueMicrotask;
  }

  listen(options: ListenOptions, onConnection: (socket: NetSocket) => void): Promise<NetServer> {
    if (options.tls !== undefined) return Promise.reject(new ConfigurationError(`cannot listen with TLS on ${key(options)}: the simulated network speaks plaintext only (turn client_encryption_options off in simulations)`));
    const port = options.port === 0 ? this.freePort(options.host) : options.port;
    const addr = { host: options.host, port };
    if (this.servers.has(key(addr))) return Promise.reject(netError('EADDRINUSE', key(addr)));
    const server = new SimServer(this, addr, onConnection);
    this.servers.set(key(addr), server);
    return Promise.resolve(server);
  }

  serveHttp(options: HttpListenOptions, _handle: HttpHandler): Promise<NetServer> {
    return Promise.reject(new ConfigurationError(`cannot serve HTTP on ${key(options)}: the simulated network serves no HTTP (start_http: false in simulations)`));
  }

  connect(address: NetAddress, tls?: TlsClientOptions): Promise<NetSocket> {
    if (tls !== undefined) return Promise.reject(new ConfigurationError(`cannot connect with TLS to ${key(address)}: the simulated network speaks plaintext only`));
    const server = this.servers.get(key(address));
    if (server === undefined || server.closed) return Promise.reject(netError('ECONNREFUSED', key(address)));
    const clientAddr = { host: '127.0.0.1', port: this.nextPort++ };
    const client = new SimSocket(this, clientAddr, address);
    const accepted = new SimSocket(this, address, clientAddr);
    client.peer = accepted;
    accepted.peer = client;
    this.schedule(() => server.onConnection(accepted));
    return Promise.resolve(client);
  }

  /** @internal called by a closing server. */
  unlisten(addr: NetAddress): void {
    this.servers.delete(key(addr));
  }

  private freePort(host: string): number {
    while (this.servers.has(key({ host, port: this.nextPort }))) this.nextPort++;
    return this.nextPort++;
  }
}

import * as net from 'node:net';
import * as tls from 'node:tls';
import type { HttpHandler, HttpListenOptions, ListenOptions, NetAddress, NetServer, NetSocket, NetSocketEvents, Network, TlsClientOptions } from './network.js';
import { tlsAcceptor, tlsConnectOptionsOf } from './real-tls.js';
import { lendReads } from './borrowed-reads.js';
import { serveRealHttp } from './real-http.js';

/** The read buffer a listener with `borrowedReads` lends its sockets (node's own read size). */
const LENT_READ_BYTES = 64 * 1024;

/**
 * The node:net implementation of `Network` (TLS through node:tls: `real-tls.ts`). A socket's 'error' is always followed by 'close', so
 * callers may treat 'close' as the single end-of-life signal.
 */
class RealSocket implements NetSocket {
  readonly remoteAddress: NetAddress;
  readonly localAddress: NetAddress;
  readonly borrowsChunks: boolean;
  private isClosed = false;
  private corked = false;
  /** 'data' listeners of a socket whose reads are lent (node emits no 'data' events then). */
  private readonly lentListeners: Array<(chunk: Buffer) => void> = [];

  /** `lent`: a buffer to read into (`borrowed-reads.ts`); the socket must not be reading yet. */
  constructor(
    private readonly socket: net.Socket,
    lent?: Buffer,
  ) {
    this.remoteAddress = { host: socket.remoteAddress ?? '', port: socket.remotePort ?? 0 };
    this.localAddress = { host: socket.localAddress ?? '', port: socket.localPort ?? 0 };
    socket.once('close', () => {
      this.isClosed = true;
    });
    this.borrowsChunks = lent !== undefined && lendReads(socket, lent, (chunk) => {
      for (const l of this.lentListeners) l(chunk);
    });
  }

  get closed(): boolean {
    return this.isClosed;
  }

  tlsInfo(): { readonly protocol: string; readonly cipherSuite: string } | undefined {
    const s = this.socket as Partial<tls.TLSSocket>;
    if (typeof s.getProtocol !== 'function' || typeof s.getCipher !== 'function') return undefined;
    const protocol = s.getProtocol();
    const cipher = s.getCipher();
    // OpenSSL's name; Cassandra (JSSE) shows the IANA standard name, which node gives as standardName.
    return protocol === null || cipher === undefined ? undefined : { protocol, cipherSuite: cipher.standardName ?? cipher.name };
  }

  get pendingWriteBytes(): number {
    return this.socket.writableLength;
  }

  /**
   * Writes are corked until the current burst of callbacks and promise continuations is over
   * (one `process.nextTick`, which runs after the microtask queue drained): the responses a
   * burst of requests produces leave in one writev system call instead of one write each.
   */
  write(data: Uint8Array): boolean {
    if (this.isClosed || this.socket.writableEnded) return false;
    if (!this.corked) {
      this.corked = true;
      this.socket.cork();
      process.nextTick(this.uncork);
    }
    return this.socket.write(data);
  }

  private readonly uncork = (): void => {
    this.corked = false;
    this.socket.uncork();
  };

  end(): void {
    this.socket.end();
  }

  destroy(): void {
    this.socket.destroy();
  }

  pause(): void {
    this.socket.pause();
  }

  resume(): void {
    this.socket.resume();
  }

  setNoDelay(noDelay: boolean): void {
    this.socket.setNoDelay(noDelay);
  }

  later(fn: () => void): void {
    setImmediate(fn);
  }

  on<E extends keyof NetSocketEvents>(event: E, listener: NetSocketEvents[E]): void {
    // 'close' from node carries a hadError flag we do not expose.
    if (event === 'close') this.socket.on('close', () => (listener as () => void)());
    else if (event === 'data' && this.borrowsChunks) this.lentListeners.push(listener as (chunk: Buffer) => void);
    else this.socket.on(event, listener as (...args: unknown[]) => void);
  }
}

class RealServer implements NetServer {
  constructor(private readonly server: net.Server) {}

  address(): NetAddress {
    const a = this.server.address();
    if (a === null || typeof a === 'string') throw new Error('server is not listening on TCP');
    return { host: a.address, port: a.port };
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (!this.server.listening) return resolve();
      // node's close callback waits for every connection to end; we only wait for the listener.
      this.server.once('close', () => resolve());
      this.server.close();
      // A closed listener with live connections emits 'close' late: resolve after unlistening.
      setImmediate(resolve);
    });
  }
}

/**
 * Accepts sockets that arrive paused, lends each the listener's one read buffer and starts
 * reading once the connection's listeners are attached. All reads run on this thread, one
 * callback at a time, so one buffer serves every socket of the listener.
 */
function lendingAcceptor(onConnection: (socket: NetSocket) => void): (s: net.Socket) => void {
  const buffer = Buffer.allocUnsafe(LENT_READ_BYTES);
  return (s) => {
    onConnection(new RealSocket(s, buffer));
    s.resume();
  };
}

export class RealNetwork implements Network {
  listen(options: ListenOptions, onConnection: (socket: NetSocket) => void): Promise<NetServer> {
    const plain = (s: net.Socket): void => onConnection(new RealSocket(s));
    let accept = plain;
    // Lent reads are for plaintext servers only: node:tls reads the socket itself.
    const lend = options.borrowedReads === true && options.tls === undefined;
    try {
      if (options.tls !== undefined) accept = tlsAcceptor(options.tls, plain, plain);
      else if (lend) accept = lendingAcceptor(onConnection);
    } catch (e) {
      return Promise.reject(e);
    }
    return new Promise((resolve, reject) => {
      const server = net.createServer({ pauseOnConnect: lend }, accept);
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        // Accept errors after listening (EMFILE…) must not crash the process.
        server.on('error', () => {});
        resolve(new RealServer(server));
      });
    });
  }

  serveHttp(options: HttpListenOptions, handle: HttpHandler): Promise<NetServer> {
    return serveRealHttp(options, handle);
  }

  connect(address: NetAddress, tlsOptions?: TlsClientOptions): Promise<NetSocket> {
    return new Promise((resolve, reject) => {
      const s = tlsOptions === undefined ? net.connect({ host: address.host, port: address.port }) : tls.connect(tlsConnectOptionsOf(address.host, address.port, tlsOptions));
      s.once('error', reject);
      s.once(tlsOptions === undefined ? 'connect' : 'secureConnect', () => {
        s.off('error', reject);
        resolve(new RealSocket(s));
      });
    });
  }
}

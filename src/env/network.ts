/**
 * The network part of the `Env` seam: stream sockets (TCP-like, ordered, reliable) and listening
 * servers. `real-network.ts` implements it over node:net; `sim-network.ts` connects sockets in the
 * same process so servers and clients can be tested deterministically, with chunk boundaries and
 * backpressure under the test's control.
 *
 * Socket semantics shared by both implementations:
 * - `write` queues the bytes and returns false once the bytes not yet consumed by the peer exceed
 *   the socket's high-water mark; the writer should then wait for a 'drain' event.
 * - `pause` stops 'data' events (bytes keep queueing on the receiving side) until `resume`.
 * - `end` sends what is queued, then closes; `destroy` closes at once. Both sides get 'close'
 *   exactly once, whoever closed first.
 * - chunk boundaries carry no meaning: one write may arrive split, several may arrive coalesced.
 *
 * TLS (`ListenOptions.tls`, `connect`'s `tls`): the real network wraps accepted sockets in node:tls,
 * so a server sees the same `NetSocket` carrying the decrypted bytes. With `optional`, one port
 * serves both: a connection whose first two bytes are a TLS record header for a handshake (0x16
 * 0x03, as Cassandra's OptionalSslHandler tells them apart) is TLS, any other is plaintext. The
 * simulated network refuses TLS (a ConfigurationError): simulations run plaintext.
 *
 * Borrowed reads (`ListenOptions.borrowedReads`): a server that copies what it keeps may ask for
 * 'data' chunks that are views of one read buffer the listener reuses; such a socket says so
 * (`NetSocket.borrowsChunks`) and its chunks are valid only during the 'data' call. Without it
 * (or where the network cannot lend, e.g. TLS), every chunk is the consumer's to keep.
 */
export interface NetAddress {
  readonly host: string;
  readonly port: number;
}

export interface NetSocketEvents {
  data: (chunk: Buffer) => void;
  drain: () => void;
  close: () => void;
  error: (err: Error) => void;
}

export interface NetSocket {
  /** The peer's address (for logs and the query layer's client info). */
  readonly remoteAddress: NetAddress;
  readonly localAddress: NetAddress;
  /** True once the socket has closed (no more events but 'close' having fired). */
  readonly closed: boolean;
  /** Bytes written but not yet handed to the peer (the backpressure measure). */
  readonly pendingWriteBytes: number;
  /**
   * True when each 'data' chunk is a view of a buffer the next read overwrites: a consumer must
   * copy the bytes it keeps before its 'data' listener returns (see `ListenOptions.borrowedReads`).
   */
  readonly borrowsChunks?: boolean;
  /** Queues `data`; false means "above the high-water mark: wait for 'drain'". */
  write(data: Uint8Array): boolean;
  /** Flushes what is queued, then closes. */
  end(): void;
  /** Closes now; queued bytes may be lost. */
  destroy(): void;
  pause(): void;
  resume(): void;
  setNoDelay(noDelay: boolean): void;
  /** The negotiated TLS protocol and cipher suite; undefined on a plaintext socket (or one still handshaking). */
  tlsInfo?(): { readonly protocol: string; readonly cipherSuite: string } | undefined;
  /**
   * Runs `fn` in a later turn, once what was written so far has gone out (node: setImmediate,
   * after the corked writes' flush; simulated: the network's delivery schedule). A server uses it
   * to let answers leave between bursts of requests.
   */
  later(fn: () => void): void;
  on<E extends keyof NetSocketEvents>(event: E, listener: NetSocketEvents[E]): void;
}

export interface ListenOptions {
  readonly host: string;
  /** 0 picks a free port; `address()` tells which. */
  readonly port: number;
  /** Absent: plaintext only. */
  readonly tls?: TlsServerOptions;
  /**
   * Lend plaintext sockets' reads from one buffer the listener reuses rather than a fresh buffer
   * per read (node allocates 64 KiB for each): a connection that is refused on its first bytes
   * then costs no read memory at all. Only for servers whose connections copy what they keep.
   */
  readonly borrowedReads?: boolean;
}

export type TlsVersion = 'TLSv1' | 'TLSv1.1' | 'TLSv1.2' | 'TLSv1.3';

/**
 * Key material and protocol settings of one TLS context, the bytes already read (node:tls's names).
 * Either `key` + `cert` (PEM: the private key, the certificate chain) or `pfx` (PKCS12).
 */
export interface TlsMaterial {
  readonly key?: Buffer;
  readonly cert?: Buffer;
  readonly pfx?: Buffer;
  /** Decrypts an encrypted PEM key or the PKCS12 store. */
  readonly passphrase?: string;
  /** PEM certificates trusted to sign the peer's certificate (node's defaults when absent). */
  readonly ca?: Buffer;
  readonly minVersion?: TlsVersion;
  readonly maxVersion?: TlsVersion;
  /** An OpenSSL cipher list (TLS 1.3 suites by their IANA names); node's defaults when absent. */
  readonly ciphers?: string;
}

export interface TlsServerOptions {
  /** True: TLS and plaintext on one port, told apart by the first bytes. */
  readonly optional: boolean;
  /** Asks every TLS client for a certificate signed by `ca` and refuses the handshake without one. */
  readonly requireClientAuth: boolean;
  /**
   * The material new connections get, asked at each accept: when it returns another object than
   * before, new connections use it (certificate hot reloading); connections open stay as they are.
   */
  readonly material: () => TlsMaterial;
  /** New material the TLS library refused (the previous stays in use). */
  readonly onMaterialRefused: (error: Error) => void;
}

/** A TLS client: `ca` verifies the server (its name or IP must match `servername` or the host). */
export interface TlsClientOptions extends TlsMaterial {
  /** False skips verifying the server's certificate (tests only). Default true. */
  readonly rejectUnauthorized?: boolean;
  readonly servername?: string;
  /** False: the certificate need not name the host (internode without require_endpoint_verification). Default true. */
  readonly verifyHostname?: boolean;
}

export interface NetServer {
  /** Where the server listens (with the real port when 0 was asked). */
  address(): NetAddress;
  /** Stops accepting connections; resolves once the listener is closed. Open sockets stay open. */
  close(): Promise<void>;
}

export interface Network {
  /** Listens on `options`; `onConnection` gets each accepted socket. */
  listen(options: ListenOptions, onConnection: (socket: NetSocket) => void): Promise<NetServer>;
  /** Opens a client connection (used by tests and, later, by nodes talking to each other); over TLS with `tls`. */
  connect(address: NetAddress, tls?: TlsClientOptions): Promise<NetSocket>;
  /**
   * Serves HTTP on `options` (HTTPS with `options.tls`, or both on one port when optional, told
   * apart as `listen` does). `close()` also ends the server's open connections.
   */
  serveHttp(options: HttpListenOptions, handle: HttpHandler): Promise<NetServer>;
}

/**
 * One HTTP request as a server handler sees it (`Network.serveHttp`): the body already read, at
 * most `HttpListenOptions.bodyBytesMax` bytes (a longer one is answered 413 before any handler).
 */
export interface HttpRequest {
  readonly method: string;
  /** The path without the query string, e.g. `/api/v1/status`. */
  readonly path: string;
  /** The query string without '?', '' when none. */
  readonly query: string;
  /** Header names in lower case; repeated headers joined by ', '. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  readonly remoteAddress: NetAddress;
}

export interface HttpResponse {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body: string | Uint8Array;
}

export interface HttpListenOptions extends ListenOptions {
  /** The largest request body read; a longer one is answered 413 and the connection closed. */
  readonly bodyBytesMax: number;
}

/** A server for HTTP/1.1 (HTTPS with `tls`): `handle` answers each request; its rejection is a 500. */
export type HttpHandler = (request: HttpRequest) => Promise<HttpResponse>;

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
  /** Queues `data`; false means "above the high-water mark: wait for 'drain'". */
  write(data: Uint8Array): boolean;
  /** Flushes what is queued, then closes. */
  end(): void;
  /** Closes now; queued bytes may be lost. */
  destroy(): void;
  pause(): void;
  resume(): void;
  setNoDelay(noDelay: boolean): void;
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
  /** Opens a client connection (used by tests and, later, by nodes talking to each other). */
  connect(address: NetAddress): Promise<NetSocket>;
}

/**
 * One connection of `ilium stress --client native`: protocol v4 over an `Env` socket, spoken with
 * Ilium's own codec (src/transport/protocol) instead of a driver.
 *
 * Requests are pipelined. Each takes a free stream id (the frame's bytes 2–3 are patched here);
 * the frames queued during one turn of the event loop leave in one socket write (a
 * `setImmediate` flush), and responses are matched to their requests by stream id. Outstanding
 * requests are bounded by the stream-id pool (`streamsMax`, at most v4's 32,768 ids); the caller
 * keeps below it. A response comes back as its frame (the caller reads what it needs of a RESULT,
 * see native-target.ts); an ERROR is decoded and rejects its request with a
 * `NativeResponseError` (named as the driver names them, so both modes count errors alike), and a
 * closed or unreadable connection rejects every outstanding request and all later ones. So does
 * one that answers nothing for `responseTimeoutMs` while requests are outstanding (checked every
 * quarter of it; 12 s by default, the npm driver's `readTimeout`): a run never hangs on a node
 * that stopped answering.
 */
import type { NetAddress, NetSocket, Network, TimerHandle, Timers } from '../../env/index.js';
import { type FrameHeader, Opcode, type Request, type Response, decodeResponse, encodeRequestFrame } from '../../transport/protocol/index.js';
import { FrameReader } from '../../transport/server/frame-reader.js';

/** The protocol version spoken: v4 (no v5 segments to wrap frames in). */
export const NATIVE_VERSION = 4;
/** v4's stream ids are 0 … 32767 (a [short], negative ids are the server's). */
export const STREAMS_MAX = 32_768;
/** A response body larger than this closes the connection (a read returns one row ≤ 16 MiB). */
const RESPONSE_BODY_MAX = 32 * 1024 * 1024;
/** The npm driver's default `socketOptions.readTimeout`. */
export const RESPONSE_TIMEOUT_MS = 12_000;
const TIMEOUT_CHECKS = 4;

/** An ERROR response: `code` is the protocol's error code (v4 spec §9). */
export class NativeResponseError extends Error {
  override readonly name = 'ResponseError';
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** The connection closed, or sent bytes that are not v4 frames. */
export class NativeConnectionError extends Error {
  override readonly name = 'ConnectionError';
}

/** A response frame as it arrived (any opcode but ERROR). */
export interface ResponseFrame {
  readonly header: FrameHeader;
  readonly body: Buffer;
}

interface Waiter {
  resolve(r: ResponseFrame): void;
  reject(e: Error): void;
}

export class NativeConnection {
  private readonly reader = new FrameReader(RESPONSE_BODY_MAX, (v) => v >= 3);
  private readonly waiters: (Waiter | undefined)[];
  private readonly freeStreams: number[];
  private queued: Buffer[] = [];
  private flush: TimerHandle | undefined;
  private failure: Error | undefined;
  private readonly watchdog: TimerHandle;
  /** Responses since the watchdog last looked, and its looks in a row that found none. */
  private responses = 0;
  private quietChecks = 0;

  private constructor(
    private readonly socket: NetSocket,
    private readonly timers: Timers,
    streamsMax: number,
    responseTimeoutMs: number,
  ) {
    if (!(streamsMax >= 1 && streamsMax <= STREAMS_MAX)) throw new RangeError(`streamsMax ${streamsMax} outside 1…${STREAMS_MAX}`);
    this.waiters = new Array<Waiter | undefined>(streamsMax).fill(undefined);
    // popped from the end: stream 0 first
    this.freeStreams = Array.from({ length: streamsMax }, (_, i) => streamsMax - 1 - i);
    socket.setNoDelay(true);
    socket.on('data', (chunk) => this.onData(chunk));
    socket.on('error', (e) => this.fail(new NativeConnectionError(`connection error: ${e.message}`)));
    socket.on('close', () => this.fail(new NativeConnectionError('connection closed by the node')));
    this.watchdog = timers.setInterval(() => this.check(responseTimeoutMs), Math.max(1, Math.floor(responseTimeoutMs / TIMEOUT_CHECKS)));
  }

  /** Connects and sends STARTUP; logs in with `credentials` when the node asks (PasswordAuthenticator). */
  static async open(
    net: Network,
    timers: Timers,
    address: NetAddress,
    streamsMax: number,
    credentials?: { user: string; password: string },
    responseTimeoutMs = RESPONSE_TIMEOUT_MS,
  ): Promise<NativeConnection> {
    const c = new NativeConnection(await net.connect(address), timers, streamsMax, responseTimeoutMs);
    try {
      const ready = await c.request({ opcode: 'STARTUP', options: new Map([['CQL_VERSION', '3.0.0']]) });
      if (ready.opcode === 'AUTHENTICATE') {
        if (credentials === undefined) throw new Error(`the node asks for authentication (${ready.authenticator}): give --user and --password`);
        // SASL PLAIN, as PasswordAuthenticator reads it: \0user\0password
        const token = Buffer.concat([Buffer.from([0]), Buffer.from(credentials.user), Buffer.from([0]), Buffer.from(credentials.password)]);
        const answer = await c.request({ opcode: 'AUTH_RESPONSE', token });
        if (answer.opcode !== 'AUTH_SUCCESS') throw new Error(`login answered by ${answer.opcode}`);
      } else if (ready.opcode !== 'READY') {
        throw new Error(`STARTUP answered by ${ready.opcode}`);
      }
      return c;
    } catch (e) {
      c.close();
      throw e;
    }
  }

  /** Requests outstanding. */
  get inFlight(): number {
    return this.waiters.length - this.freeStreams.length;
  }

  /** Encodes and sends one request (set-up: QUERY, PREPARE); resolves with its response. */
  async request(r: Request): Promise<Response> {
    const f = await this.send(encodeRequestFrame(r, { version: NATIVE_VERSION, stream: 0 }));
    return decodeResponse(f.header, f.body).response;
  }

  /**
   * Sends a whole v4 request frame, its stream id overwritten (the frame is the caller's, written
   * to as it is queued: a fresh buffer per call). Resolves with the response's frame, rejects on ERROR.
   */
  send(frame: Buffer): Promise<ResponseFrame> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    const stream = this.freeStreams.pop();
    if (stream === undefined) return Promise.reject(new RangeError(`more than ${this.waiters.length} requests outstanding on one connection`));
    frame.writeInt16BE(stream, 2);
    this.queued.push(frame);
    this.flush ??= this.timers.setImmediate(() => this.flushQueued());
    return new Promise<ResponseFrame>((resolve, reject) => {
      this.waiters[stream] = { resolve, reject };
    });
  }

  close(): void {
    this.fail(new NativeConnectionError('connection closed by the client'));
  }

  private flushQueued(): void {
    this.flush = undefined;
    if (this.failure !== undefined || this.queued.length === 0) return;
    const frames = this.queued;
    this.queued = [];
    this.socket.write(frames.length === 1 ? frames[0]! : Buffer.concat(frames));
  }

  private onData(chunk: Buffer): void {
    this.reader.push(chunk, this.socket.borrowsChunks === true);
    for (let ev = this.reader.next(); ev !== null; ev = this.reader.next()) {
      if (ev.kind !== 'frame') return this.fail(new NativeConnectionError(`unreadable response (${ev.kind})`));
      const stream = ev.header.stream;
      const waiter = stream >= 0 ? this.waiters[stream] : undefined;
      if (waiter === undefined) continue; // an EVENT (stream -1): none registered for, none expected
      this.waiters[stream] = undefined;
      this.freeStreams.push(stream);
      this.responses++;
      if (ev.header.opcode === Opcode.ERROR) waiter.reject(errorOf(ev));
      else waiter.resolve(ev);
    }
    this.reader.keep();
  }

  private check(timeoutMs: number): void {
    this.quietChecks = this.responses === 0 && this.inFlight > 0 ? this.quietChecks + 1 : 0;
    this.responses = 0;
    if (this.quietChecks >= TIMEOUT_CHECKS) this.fail(new NativeConnectionError(`no response in ${timeoutMs} ms with ${this.inFlight} requests outstanding`));
  }

  /** Moves to the failed state once: every outstanding and later request rejects with `e`. */
  private fail(e: Error): void {
    if (this.failure !== undefined) return;
    this.failure = e;
    this.flush?.cancel();
    this.watchdog.cancel();
    this.queued = [];
    for (let s = 0; s < this.waiters.length; s++) {
      const w = this.waiters[s];
      if (w === undefined) continue;
      this.waiters[s] = undefined;
      this.freeStreams.push(s);
      w.reject(e);
    }
    if (!this.socket.closed) this.socket.destroy();
  }
}

/** The error an ERROR frame carries, or the reason it could not be read. */
function errorOf(f: ResponseFrame): Error {
  try {
    const r = decodeResponse(f.header, f.body).response;
    return r.opcode === 'ERROR' ? new NativeResponseError(r.error.code, r.error.message) : new Error(`not an ERROR: ${r.opcode}`);
  } catch (e) {
    return e as Error;
  }
}

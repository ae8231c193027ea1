import type { NetSocket, Random } from '../../env/index.js';
import { ErrorCode, IliumError, OverloadedError } from '../../errors/index.js';
import {
  type ErrorMessage,
  type EventType,
  EVENT_STREAM,
  type FrameCompressor,
  FrameFlag,
  type FrameHeader,
  Opcode,
  ProtocolViolation,
  type Request,
  type Response,
  type ResultMessage,
  type ServerEvent,
  BodyWriter,
  buildFrame,
  buildLegacyFrame,
  decodeRequestFrame,
  encodeResponseFrame,
  toErrorMessage,
} from '../protocol/index.js';
import type { Authenticator, SaslNegotiator } from './authenticator.js';
import type { CqlRequestHandler, CqlSession } from './cql-request-handler.js';
import { type FrameEvent, FrameReader } from './frame-reader.js';
import type { PreAuthBudget } from './pre-auth-budget.js';
import { CollectingContext } from './request-context.js';
import { readStartupOptions, supportedOptions } from './startup.js';
import type { TransportLogger } from './transport-logger.js';

/** What a connection needs from its server. */
export interface ConnectionHost {
  readonly handler: CqlRequestHandler;
  readonly authenticator: Authenticator;
  readonly logger: TransportLogger;
  readonly random: Random;
  readonly maxFrameBytes: number;
  /** The frame limit until the connection is `ready` (server-options.ts, preAuthFrameBytesMax). */
  readonly preAuthFrameBytes: number;
  /** What unauthenticated connections hold together (pre-auth-budget.ts). */
  readonly preAuthBudget: PreAuthBudget;
  readonly maxInFlight: number;
  /** Frames handled per event-loop turn before the rest wait for the next (see CqlServerOptions). */
  readonly requestsPerTurn: number;
  readonly cqlVersions: readonly string[];
  onClosed(connection: CqlConnection): void;
}

/**
 * One client connection: frames in, responses out.
 *
 * State machine: `startup` (only OPTIONS and STARTUP) → `authenticating` (AUTH_RESPONSE and
 * OPTIONS; only with an authenticator that requires it) → `ready` (everything but STARTUP and
 * AUTH_RESPONSE). STARTUP fixes the protocol version and compression for the connection.
 *
 * Requests run concurrently; each response is written when its request completes, in any
 * order, on the request's stream. At most `requestsPerTurn` frames are taken per event-loop
 * turn: the answers of a burst's first requests leave while the rest are worked on. Reading
 * stops (socket paused, buffered frames left in the reader) while `maxInFlight` requests run,
 * while the socket's write buffer is above its high-water mark, and while an authentication step
 * runs.
 *
 * Until the connection is `ready` (STARTUP done and, when the authenticator requires it, a
 * login), frames are limited to `preAuthFrameBytes`: a larger header is answered PROTOCOL_ERROR
 * and the connection closed at once, without reading its body, so an unauthenticated peer holds
 * at most one small frame of the node's memory — and all of them together, beyond 4 KiB each, at
 * most `preAuthBudget`: a connection that would go over is answered OVERLOADED and closed. Once
 * ready, `maxFrameBytes` applies.
 *
 * Malformed frames get a PROTOCOL_ERROR on their stream and the connection goes on; a frame
 * whose header cannot be trusted (unknown version, negative length) is answered and the
 * connection closed. Nothing thrown escapes to the socket's event handlers.
 */
export class CqlConnection {
  private state: 'startup' | 'authenticating' | 'ready' = 'startup';
  private version: number | undefined;
  private compressor: FrameCompressor | undefined;
  private startupOptions: ReadonlyMap<string, string> = new Map();
  private session: CqlSession | undefined;
  private negotiator: SaslNegotiator | undefined;
  private readonly registered = new Set<EventType>();
  private readonly reader: FrameReader;
  private inFlight = 0;
  private authenticating = false;
  private writeBlocked = false;
  private ending = false;
  private isClosed = false;
  private paused = false;
  private pumping = false;
  private pumpDeferred = false;

  constructor(
    private readonly socket: NetSocket,
    private readonly host: ConnectionHost,
  ) {
    this.reader = new FrameReader(host.preAuthFrameBytes);
    socket.setNoDelay(true);
    socket.on('data', (chunk) => this.guard(() => this.onData(chunk)));
    socket.on('drain', () =>
      this.guard(() => {
        this.writeBlocked = false;
        this.pump();
      }),
    );
    socket.on('error', () => {}); // 'close' follows every error
    socket.on('close', () => this.guard(() => this.onClose()));
  }

  get closed(): boolean {
    return this.isClosed;
  }

  get requestsInFlight(): number {
    return this.inFlight;
  }

  /** Sends `event` if this connection registered for its type; true when sent. */
  sendEvent(event: ServerEvent): boolean {
    if (this.isClosed || this.ending || this.state !== 'ready' || !this.registered.has(event.type)) return false;
    this.send(this.version!, EVENT_STREAM, { opcode: 'EVENT', event });
    return true;
  }

  /** Flushes what is queued and closes. */
  close(): void {
    if (this.isClosed) return;
    this.ending = true;
    this.socket.end();
    this.pump();
  }

  destroy(): void {
    this.socket.destroy();
  }

  private guard(fn: () => void): void {
    try {
      fn();
    } catch (e) {
      this.host.logger.error('connection handler failed; closing the connection', e);
      this.socket.destroy();
    }
  }

  private onData(chunk: Buffer): void {
    if (this.ending || this.isClosed) return;
    this.reader.push(chunk, this.socket.borrowsChunks === true);
    try {
      this.pump();
    } finally {
      // Checked before the borrowed bytes are copied: a refused connection costs no copy.
      if (this.state !== 'ready' && !this.isClosed && !this.host.preAuthBudget.hold(this, this.reader.bufferedBytes)) this.refuseOverBudget();
      else this.reader.keep();
    }
  }

  /** Unauthenticated connections hold as much as the node allows: this one is answered and closed. */
  private refuseOverBudget(): void {
    const message = `unauthenticated connections hold ${this.host.preAuthBudget.usedBytes} bytes of partial frames, the node's bound (${this.host.preAuthBudget.maxBytes}); closing the connection`;
    this.reader.abandon();
    this.sendError(this.version ?? 4, 0, new OverloadedError(message));
    this.ending = true;
    this.socket.end();
    this.socket.destroy();
  }

  private onClose(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.host.preAuthBudget.release(this);
    try {
      this.session?.close?.();
    } finally {
      this.host.onClosed(this);
    }
  }

  private canProcess(): boolean {
    return (
      !this.isClosed && !this.ending && !this.authenticating && !this.writeBlocked && this.inFlight < this.host.maxInFlight
    );
  }

  private pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    let frames = 0;
    try {
      while (this.canProcess()) {
        if (frames === this.host.requestsPerTurn) {
          this.deferPump();
          break;
        }
        const ev = this.reader.next();
        if (ev === null) break;
        this.onEvent(ev);
        frames++;
      }
    } finally {
      this.pumping = false;
    }
    // A closing connection keeps reading (and dropping) bytes so the peer's end of stream is seen.
    const want = this.ending || this.canProcess();
    if (!want && !this.paused && !this.isClosed) {
      this.paused = true;
      this.socket.pause();
    } else if (want && this.paused) {
      this.paused = false;
      this.socket.resume();
    }
  }

  /** Takes the next frames in a later turn, once this turn's answers are out. */
  private deferPump(): void {
    if (this.pumpDeferred) return;
    this.pumpDeferred = true;
    this.socket.later(() => {
      this.pumpDeferred = false;
      this.guard(() => this.pump());
    });
  }

  private onEvent(ev: FrameEvent): void {
    switch (ev.kind) {
      case 'frame':
        this.onFrame(ev.header, ev.body);
        return;
      case 'oversized':
        if (this.state !== 'ready') {
          this.refuseBeforeAuth(ev.header);
          return;
        }
        this.protocolError(
          ev.header.version,
          ev.header.stream,
          `frame body of ${ev.header.length} bytes exceeds the ${this.host.maxFrameBytes}-byte limit (native_transport_max_frame_size_in_mb)`,
        );
        return;
      case 'bad-version':
        this.answerBadVersion(ev.version, ev.stream, ev.legacy);
        return;
      case 'fatal':
        this.protocolError(ev.header.version, ev.header.stream, ev.reason);
        this.close();
        return;
    }
  }

  /**
   * A frame too large for an unauthenticated connection: answered, then the connection is
   * destroyed once the answer is written (not half-closed: a peer that keeps sending would keep
   * the node reading; and the RST that unread bytes cause is what Cassandra's close gives too, so a
   * peer may see the reset rather than the answer). Nothing more is read or buffered from it.
   */
  private refuseBeforeAuth(header: FrameHeader): void {
    const stage = this.state === 'startup' ? 'before STARTUP' : 'before authentication';
    this.protocolError(header.version, header.stream, `frame body of ${header.length} bytes exceeds the ${this.host.preAuthFrameBytes}-byte limit ${stage}; closing the connection`);
    this.ending = true;
    this.socket.end(); // flushes the answer: the kernel takes it now
    this.socket.destroy();
  }

  /**
   * Answers a frame of a version we do not speak in that version's own header layout, with the
   * message drivers look for ("Invalid or unsupported protocol version") so they retry lower,
   * then closes: the rest of the stream cannot be read.
   */
  private answerBadVersion(version: number, stream: number, legacy: boolean): void {
    const w = new BodyWriter(128);
    w.int(ErrorCode.PROTOCOL_ERROR).string(
      `Invalid or unsupported protocol version (${version}); supported versions are (3/v3, 4/v4)`,
    );
    const body = w.view();
    const frame = legacy
      ? buildLegacyFrame(version, stream, Opcode.ERROR, body)
      : buildFrame(version, true, 0, stream, Opcode.ERROR, body);
    this.write(frame);
    this.close();
  }

  private onFrame(header: FrameHeader, body: Buffer): void {
    const { version, stream } = header;
    try {
      if (header.isResponse) throw new ProtocolViolation('the server received a response frame');
      if (this.version !== undefined && version !== this.version) {
        throw new ProtocolViolation(
          `invalid message version: got ${version} but previous messages on this connection had version ${this.version}`,
        );
      }
      if (stream < 0) throw new ProtocolViolation(`stream id ${stream}: negative ids are reserved for server events`);
      let payload = body;
      if (header.flags & FrameFlag.COMPRESSION) {
        if (this.compressor === undefined) throw new ProtocolViolation('compressed frame but no compression was negotiated');
        payload = this.compressor.decompress(body, this.state === 'ready' ? this.host.maxFrameBytes : this.host.preAuthFrameBytes);
      }
      const { request, customPayload } = decodeRequestFrame(header.opcode, payload, version, (header.flags & FrameFlag.CUSTOM_PAYLOAD) !== 0);
      this.dispatch(request, header, customPayload);
    } catch (e) {
      if (e instanceof ProtocolViolation) this.protocolError(version, stream, e.message);
      else this.sendError(version, stream, e);
    }
  }

  private dispatch(request: Request, header: FrameHeader, customPayload: ReadonlyMap<string, Buffer | null> | undefined): void {
    const { version, stream } = header;
    switch (request.opcode) {
      case 'OPTIONS':
        this.send(version, stream, { opcode: 'SUPPORTED', options: supportedOptions(this.host.cqlVersions) });
        return;
      case 'STARTUP':
        this.startup(request.options, version, stream);
        return;
      case 'AUTH_RESPONSE':
        if (this.state !== 'authenticating') {
          throw new ProtocolViolation(`unexpected AUTH_RESPONSE: ${this.state === 'ready' ? 'already authenticated' : 'no STARTUP yet'}`);
        }
        this.authResponse(request.token, version, stream);
        return;
      default:
        break;
    }
    if (this.state !== 'ready') {
      throw new ProtocolViolation(
        `unexpected message ${request.opcode}, expecting ${this.state === 'startup' ? 'STARTUP or OPTIONS' : 'AUTH_RESPONSE'}`,
      );
    }
    switch (request.opcode) {
      case 'REGISTER':
        for (const e of request.events) this.registered.add(e);
        this.send(version, stream, { opcode: 'READY' });
        return;
      case 'QUERY':
      case 'PREPARE':
      case 'EXECUTE':
      case 'BATCH':
        this.run(request, header, customPayload);
        return;
    }
  }

  private startup(options: ReadonlyMap<string, string>, version: number, stream: number): void {
    if (this.state !== 'startup') throw new ProtocolViolation('unexpected STARTUP: the connection is already initialized');
    const choice = readStartupOptions(options);
    this.version = version;
    this.startupOptions = options;
    const auth = this.host.authenticator;
    if (auth.requiresAuthentication) {
      this.negotiator = auth.newNegotiator(this.socket.remoteAddress);
      this.state = 'authenticating';
      this.compressor = choice.compressor;
      this.send(version, stream, { opcode: 'AUTHENTICATE', authenticator: auth.className });
      return;
    }
    this.openSession(undefined);
    this.compressor = choice.compressor;
    this.send(version, stream, { opcode: 'READY' });
  }

  private openSession(user: string | undefined): void {
    const base = {
      remoteAddress: this.socket.remoteAddress,
      protocolVersion: this.version!,
      startupOptions: this.startupOptions,
    };
    this.session = this.host.handler.newSession(user === undefined ? base : { ...base, user });
    this.state = 'ready';
    this.host.preAuthBudget.release(this);
    this.reader.limitBodyBytes(this.host.maxFrameBytes);
  }

  private authResponse(token: Buffer | null, version: number, stream: number): void {
    this.authenticating = true;
    let step;
    try {
      step = Promise.resolve(this.negotiator!.evaluate(token));
    } catch (e) {
      step = Promise.reject(e);
    }
    step
      .then(
        (s) => {
          if (!s.done) {
            this.send(version, stream, { opcode: 'AUTH_CHALLENGE', token: s.challenge });
            return;
          }
          this.openSession(s.user);
          this.negotiator = undefined;
          this.send(version, stream, { opcode: 'AUTH_SUCCESS', token: s.token });
        },
        (e: unknown) => this.sendError(version, stream, e),
      )
      .catch((e: unknown) => this.sendError(version, stream, e))
      .finally(() => {
        this.authenticating = false;
        this.guard(() => this.pump());
      });
  }

  private run(
    request: Extract<Request, { opcode: 'QUERY' | 'PREPARE' | 'EXECUTE' | 'BATCH' }>,
    header: FrameHeader,
    customPayload: ReadonlyMap<string, Buffer | null> | undefined,
  ): void {
    const { version, stream } = header;
    const session = this.session!;
    const ctx = new CollectingContext((header.flags & FrameFlag.TRACING) !== 0, customPayload);
    let skipMetadata = false;
    let pending: Promise<ResultMessage>;
    this.inFlight++;
    try {
      switch (request.opcode) {
        case 'QUERY':
          skipMetadata = request.params.skipMetadata;
          pending = session.query(request.query, request.params, ctx);
          break;
        case 'PREPARE':
          pending = session.prepare(request.query, undefined, ctx);
          break;
        case 'EXECUTE':
          skipMetadata = request.params.skipMetadata;
          pending = session.execute(request.id, request.params, ctx);
          break;
        case 'BATCH': {
          const { opcode: _opcode, ...batch } = request;
          pending = session.batch(batch, ctx);
          break;
        }
      }
    } catch (e) {
      pending = Promise.reject(e);
    }
    // One continuation per request (not then/catch/finally: three more promises each).
    pending.then(
      (result) => {
        try {
          const tracingId = ctx.tracingId(this.host.random);
          this.send(version, stream, { opcode: 'RESULT', result }, { warnings: ctx.warnings, tracingId, skipMetadata, customPayload: ctx.responsePayload });
        } catch (e) {
          this.host.logger.error('failed to answer a request', e);
        }
        this.requestDone();
      },
      (err: unknown) => {
        try {
          this.sendError(version, stream, err, ctx.warnings);
        } catch (e) {
          this.host.logger.error('failed to answer a request', e);
        }
        this.requestDone();
      },
    );
  }

  private requestDone(): void {
    this.inFlight--;
    this.guard(() => this.pump());
  }

  private protocolError(version: number, stream: number, message: string): void {
    this.send(version, stream, { opcode: 'ERROR', error: { code: ErrorCode.PROTOCOL_ERROR, message } });
  }

  private sendError(version: number, stream: number, err: unknown, warnings?: readonly string[]): void {
    const { error, unexpected } = toErrorMessage(err);
    if (unexpected) this.host.logger.error('request failed with a non-Ilium error (answered SERVER_ERROR)', err);
    this.send(version, stream, { opcode: 'ERROR', error }, warnings === undefined ? {} : { warnings });
  }

  private send(
    version: number,
    stream: number,
    response: Response,
    extra: {
      warnings?: readonly string[];
      tracingId?: Buffer | undefined;
      skipMetadata?: boolean;
      customPayload?: ReadonlyMap<string, Buffer | null> | undefined;
    } = {},
  ): void {
    if (this.isClosed) return;
    let frame: Buffer;
    try {
      frame = encodeResponseFrame({ version, stream, response, compressor: this.compressor, warnings: extra.warnings, tracingId: extra.tracingId, skipMetadata: extra.skipMetadata, customPayload: extra.customPayload });
    } catch (e) {
      // A result the codec cannot encode (rows of the wrong width, an unencodable address…).
      this.host.logger.error('could not encode a response (answered SERVER_ERROR)', e);
      const error: ErrorMessage = {
        code: ErrorCode.SERVER_ERROR,
        message: `could not encode the response: ${e instanceof IliumError || e instanceof Error ? e.message : String(e)}`,
      };
      frame = encodeResponseFrame({ version, stream, response: { opcode: 'ERROR', error }, compressor: this.compressor });
    }
    this.write(frame);
  }

  private write(frame: Buffer): void {
    if (this.isClosed) return;
    if (!this.socket.write(frame)) this.writeBlocked = true;
  }
}

import type { NetAddress, NetSocket, Random } from '../../env/index.js';
import { ErrorCode, IliumError, InvalidRequestError, OverloadedError } from '../../errors/index.js';
import { invariant } from '../../util/invariant.js';
import type { Steps } from '../../util/steps.js';
import {
  type ErrorMessage,
  type EventType,
  EVENT_STREAM,
  type FrameCompressor,
  FrameFlag,
  type FrameHeader,
  HEADER_LENGTH,
  Opcode,
  ProtocolViolation,
  type Request,
  type Response,
  type ResultMessage,
  type ServerEvent,
  BodyWriter,
  buildFrame,
  buildLegacyFrame,
  type DecodedRequest,
  decodeRequestFramePaced,
  encodeResponseFrame,
  encodeResponseSteps,
  encodeSegments,
  toErrorMessage,
  unsupportedVersionMessage,
  olderProtocolRefusedMessage,
  MAX_VERSION,
} from '../protocol/index.js';
import type { Authenticator, SaslNegotiator, SaslStep } from './authenticator.js';
import type { CqlRequestHandler, CqlSession } from './cql-request-handler.js';
import { type FrameEvent, FrameReader } from './frame-reader.js';
import type { PreAuthBudget } from './pre-auth-budget.js';
import { CollectingContext } from './request-context.js';
import type { RequestDataLimits } from './request-data-limits.js';
import { announceMetadataChange } from './metadata-change.js';
import { SegmentReader } from './segment-reader.js';
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
  /** The node's bounds on request bytes in flight (request-data-limits.ts), shared by its servers. */
  readonly requestData: RequestDataLimits;
  /** Frames handled per event-loop turn before the rest wait for the next (see CqlServerOptions). */
  readonly requestsPerTurn: number;
  /** native_transport_allow_older_protocols: false refuses v3 and v4 connections. */
  readonly allowOlderProtocols: boolean;
  readonly cqlVersions: readonly string[];
  onClosed(connection: CqlConnection): void;
}

/**
 * Where a connection is in its life. Reading and running requests happen only in the three
 * "serving" states; `closing` still writes the answers of requests that were running.
 *
 *   awaiting-startup ──STARTUP──▶ ready                       (no login required)
 *   awaiting-startup ──STARTUP──▶ awaiting-auth-response      (the authenticator requires one)
 *   awaiting-auth-response ──AUTH_RESPONSE──▶ checking-credentials ──▶ awaiting-auth-response
 *                                                               (a challenge, or a failed login)
 *                                              checking-credentials ──▶ ready (AUTH_SUCCESS)
 *   any but closed ──close()──▶ closing;   any ──socket closed──▶ closed
 */
/**
 * One connection as system_views.clients shows it (Cassandra 4.0's ConnectedClient): who, how far
 * its handshake went, what its STARTUP said, how many requests it sent, its TLS.
 */
export interface ConnectedClient {
  readonly address: NetAddress;
  /** The logged-in user; undefined before login or without authentication. */
  readonly username: string | undefined;
  /** Cassandra's stages: establishing, authenticating, ready, closed. */
  readonly stage: 'establishing' | 'authenticating' | 'ready' | 'closed';
  /** Undefined before STARTUP. */
  readonly protocolVersion: number | undefined;
  readonly startupOptions: ReadonlyMap<string, string>;
  readonly requestCount: number;
  readonly tls: { readonly protocol: string; readonly cipherSuite: string } | undefined;
}

export type ConnectionState =
  | 'awaiting-startup'
  | 'awaiting-auth-response'
  | 'checking-credentials'
  | 'ready'
  | 'closing'
  | 'closed';

const TRANSITIONS: Readonly<Record<ConnectionState, readonly ConnectionState[]>> = {
  'awaiting-startup': ['awaiting-auth-response', 'ready', 'closing', 'closed'],
  'awaiting-auth-response': ['checking-credentials', 'closing', 'closed'],
  'checking-credentials': ['awaiting-auth-response', 'ready', 'closing', 'closed'],
  ready: ['closing', 'closed'],
  closing: ['closed'],
  closed: [],
};

/**
 * One client connection: frames in, responses out.
 *
 * Its life is one `ConnectionState` (above), changed only by `moveTo`, which checks the transition
 * and what the new state needs (invariant.ts: always on). STARTUP fixes the protocol version and
 * compression for the connection; OPTIONS is answered in every serving state.
 *
 * Requests run concurrently; each response is written when its request completes, in any
 * order, on the request's stream; a large RESULT is encoded in steps, the loop yielded between
 * them, and its frame written whole (`send`). At most `requestsPerTurn` frames are taken per
 * event-loop turn: the answers of a burst's first requests leave while the rest are worked on.
 * Reading stops (socket paused, buffered frames left in the reader) while `maxInFlight` requests run,
 * while the socket's write buffer is above its high-water mark, while credentials are checked,
 * and while the node's or this client IP's request bytes in flight are over their limits
 * (request-data-limits.ts; counted from the frame read until the answer is written). A client
 * that sent THROW_ON_OVERLOAD=true in STARTUP is answered OVERLOADED instead of being slowed, as
 * Cassandra 4.0 does (PreV5Handlers.LegacyDispatchHandler.checkLimits).
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
 *
 * Protocol v5 (v5 spec §2): OPTIONS and STARTUP come as bare envelopes, and so does the answer to
 * STARTUP (READY or AUTHENTICATE); from then on both ways every envelope travels inside segments
 * (segment-format.ts): the bytes read go through a SegmentReader, whose checked payloads feed the
 * same FrameReader (so its limits hold for v5 too), and the envelopes written in one turn are
 * packed into as few segments as they fit (`outbox`). STARTUP's lz4 compresses segments, not
 * envelopes; snappy is refused for v5, as Cassandra 4.0 refuses it. A corrupt segment (CRC24 or
 * CRC32 mismatch) is answered PROTOCOL_ERROR and the connection closed.
 */
export class CqlConnection {
  private lifecycle: ConnectionState = 'awaiting-startup';
  private version: number | undefined;
  private compressor: FrameCompressor | undefined;
  private startupOptions: ReadonlyMap<string, string> = new Map();
  private user: string | undefined;
  /** Requests answered or running (system_views.clients' request_count). */
  private requestCount = 0;
  private throwOnOverload = false;
  private session: CqlSession | undefined;
  private negotiator: SaslNegotiator | undefined;
  private readonly registered = new Set<EventType>();
  private readonly reader: FrameReader;
  /** v5, once STARTUP is answered: the segments the envelopes arrive in (undefined before, and below v5). */
  private segments: SegmentReader | undefined;
  /** v5: segments are LZ4-compressed (STARTUP asked for lz4). */
  private segmentsLz4 = false;
  /** v5: envelopes written this turn, sent packed into segments by `flushOutbox`. */
  private outbox: Buffer[] = [];
  private flushQueued = false;
  private inFlight = 0;
  /** Frame bytes of this connection's requests running or being answered (counted in host.requestData). */
  private bytesInFlight = 0;
  // Why reading may stop besides the state: each set and cleared in one place.
  private writeBlocked = false;
  private overDataLimit = false;
  /** The socket is paused (mirrors what was asked of it). */
  private paused = false;
  // Re-entrancy guards of pump.
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

  get state(): ConnectionState {
    return this.lifecycle;
  }

  get closed(): boolean {
    return this.lifecycle === 'closed';
  }

  get requestsInFlight(): number {
    return this.inFlight;
  }

  /** This connection as system_views.clients lists it. */
  describe(): ConnectedClient {
    return {
      address: this.socket.remoteAddress,
      username: this.user,
      stage: stageOf(this.lifecycle),
      protocolVersion: this.version,
      startupOptions: this.startupOptions,
      requestCount: this.requestCount,
      tls: this.socket.tlsInfo?.(),
    };
  }

  /** Sends `event` if this connection registered for its type; true when sent. */
  sendEvent(event: ServerEvent): boolean {
    if (this.lifecycle !== 'ready' || !this.registered.has(event.type)) return false;
    this.send(this.version!, EVENT_STREAM, { opcode: 'EVENT', event });
    return true;
  }

  /** Flushes what is queued and closes. */
  close(): void {
    if (this.lifecycle === 'closing' || this.lifecycle === 'closed') return;
    this.moveTo('closing');
    this.endSocket();
    this.pump();
  }

  destroy(): void {
    this.socket.destroy();
  }

  /** The one place the state changes: checks the transition and what the new state needs. */
  private moveTo(next: ConnectionState): void {
    const from = this.lifecycle;
    invariant(TRANSITIONS[from].includes(next), `CQL connection state ${from} → ${next}`);
    if (next === 'ready') invariant(this.session !== undefined && this.version !== undefined, 'a ready connection has a session and a protocol version');
    if (next === 'awaiting-auth-response' || next === 'checking-credentials') invariant(this.negotiator !== undefined, `${next} needs a SASL negotiator`);
    this.lifecycle = next;
  }

  private serving(): boolean {
    return this.lifecycle === 'awaiting-startup' || this.lifecycle === 'awaiting-auth-response' || this.lifecycle === 'ready';
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
    if (this.lifecycle === 'closing' || this.lifecycle === 'closed') return;
    (this.segments ?? this.reader).push(chunk, this.socket.borrowsChunks === true);
    try {
      this.pump();
    } finally {
      // Until a session is open (a login, or STARTUP without one) the bytes held count against the
      // pre-auth budget — checked before the borrowed bytes are copied: a refused connection costs
      // no copy. A connection that logged in and is closing is never counted.
      const held = this.reader.bufferedBytes + (this.segments?.bufferedBytes ?? 0);
      if (this.session === undefined && this.state !== 'closed' && !this.host.preAuthBudget.hold(this, held)) this.refuseOverBudget();
      else {
        this.reader.keep();
        this.segments?.keep();
      }
    }
  }

  /** Unauthenticated connections hold as much as the node allows: this one is answered and closed. */
  private refuseOverBudget(): void {
    const message = `unauthenticated connections hold ${this.host.preAuthBudget.usedBytes} bytes of partial frames, the node's bound (${this.host.preAuthBudget.maxBytes}); closing the connection`;
    this.reader.abandon();
    this.segments?.abandon();
    // The frame itself, no Error object (and its stack) per refusal: under attack there are thousands.
    this.send(this.version ?? 4, 0, { opcode: 'ERROR', error: { code: ErrorCode.OVERLOADED, message } });
    if (this.lifecycle !== 'closing') this.moveTo('closing');
    this.endSocket();
    this.socket.destroy();
  }

  private onClose(): void {
    if (this.lifecycle === 'closed') return;
    this.moveTo('closed');
    this.host.preAuthBudget.release(this);
    try {
      this.session?.close?.();
    } finally {
      this.host.onClosed(this);
    }
  }

  private canProcess(): boolean {
    return this.serving() && !this.writeBlocked && !this.overDataLimit && this.inFlight < this.host.maxInFlight;
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
        const ev = this.nextFrame();
        if (ev === null) break;
        this.onEvent(ev);
        frames++;
      }
    } finally {
      this.pumping = false;
    }
    // A closing connection keeps reading (and dropping) bytes so the peer's end of stream is seen.
    const want = this.lifecycle === 'closing' || this.canProcess();
    if (!want && !this.paused && this.lifecycle !== 'closed') {
      this.paused = true;
      this.socket.pause();
    } else if (want && this.paused) {
      this.paused = false;
      this.socket.resume();
    }
  }

  /** The next envelope; on a v5 connection, read from as many segments as it takes. */
  private nextFrame(): FrameEvent | null {
    for (;;) {
      const ev = this.reader.next();
      if (ev !== null || this.segments === undefined) return ev;
      const seg = this.segments.next();
      if (seg === null) return null;
      if (seg.kind === 'corrupt') {
        this.reader.abandon();
        this.protocolError(this.version!, 0, seg.reason);
        this.close();
        return null;
      }
      this.reader.push(seg.payload);
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
        if (this.lifecycle !== 'ready') {
          this.refuseBeforeAuth(ev.header);
          return;
        }
        // Cassandra 4.0's answer (transport/Frame.Decoder.fail): INVALID on the frame's stream, the
        // frame skipped, the connection kept; its length counts the header too.
        this.sendError(ev.header.version, ev.header.stream, new InvalidRequestError(`Request is too big: length ${HEADER_LENGTH + ev.header.length} exceeds maximum allowed length ${this.host.maxFrameBytes}.`));
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
    const stage = this.lifecycle === 'awaiting-startup' ? 'before STARTUP' : 'before authentication';
    this.protocolError(header.version, header.stream, `frame body of ${header.length} bytes exceeds the ${this.host.preAuthFrameBytes}-byte limit ${stage}; closing the connection`);
    this.moveTo('closing');
    this.endSocket(); // flushes the answer: the kernel takes it now
    this.socket.destroy();
  }

  /**
   * Answers a frame of a version we do not speak in that version's own header layout, with the
   * message drivers look for ("Invalid or unsupported protocol version") so they retry lower,
   * then closes: the rest of the stream cannot be read.
   */
  private answerBadVersion(version: number, stream: number, legacy: boolean): void {
    const w = new BodyWriter(128);
    w.int(ErrorCode.PROTOCOL_ERROR).string(unsupportedVersionMessage(version));
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
      if (this.version === undefined && version < MAX_VERSION && !this.host.allowOlderProtocols) {
        this.protocolError(version, stream, olderProtocolRefusedMessage(version));
        this.close();
        return;
      }
      if (this.version !== undefined && version !== this.version) {
        throw new ProtocolViolation(
          `invalid message version: got ${version} but previous messages on this connection had version ${this.version}`,
        );
      }
      if (stream < 0) throw new ProtocolViolation(`stream id ${stream}: negative ids are reserved for server events`);
      let payload = body;
      if (header.flags & FrameFlag.COMPRESSION) {
        if (this.compressor === undefined) throw new ProtocolViolation('compressed frame but no compression was negotiated');
        payload = this.compressor.decompress(body, this.lifecycle === 'ready' ? this.host.maxFrameBytes : this.host.preAuthFrameBytes);
      }
      const decoded = decodeRequestFramePaced(header.opcode, payload, version, (header.flags & FrameFlag.CUSTOM_PAYLOAD) !== 0, this.yieldLoop);
      if (decoded instanceof Promise) this.dispatchDecoded(decoded, header);
      else this.dispatch(decoded.request, header, decoded.customPayload);
    } catch (e) {
      this.refuseFrame(header, e);
    }
  }

  private refuseFrame(header: FrameHeader, e: unknown): void {
    if (e instanceof ProtocolViolation) this.protocolError(header.version, header.stream, e.message);
    else this.sendError(header.version, header.stream, e);
  }

  /** Lets other connections' work run between two steps of a long decode (a large BATCH's statements). */
  private readonly yieldLoop = (): Promise<void> => new Promise((resolve) => this.socket.later(resolve));

  /**
   * A frame whose decoding yields (a BATCH of many statements): it counts as a request in flight
   * while decoded, so the connection reads no more than its share meanwhile, and is dispatched
   * once decoded unless the connection is closing meanwhile (then it is dropped, as unread frames are).
   */
  private dispatchDecoded(decoding: Promise<DecodedRequest>, header: FrameHeader): void {
    this.inFlight++;
    const done = (): void => {
      this.inFlight--;
      this.guard(() => this.pump());
    };
    decoding.then(
      ({ request, customPayload }) =>
        this.guard(() => {
          try {
            if (this.lifecycle !== 'closing' && this.lifecycle !== 'closed') this.dispatch(request, header, customPayload);
          } catch (e) {
            this.refuseFrame(header, e);
          }
          done();
        }),
      (e: unknown) =>
        this.guard(() => {
          this.refuseFrame(header, e);
          done();
        }),
    );
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
        if (this.lifecycle !== 'awaiting-auth-response') {
          throw new ProtocolViolation(`unexpected AUTH_RESPONSE: ${this.lifecycle === 'ready' ? 'already authenticated' : 'no STARTUP yet'}`);
        }
        this.authResponse(request.token, version, stream);
        return;
      default:
        break;
    }
    if (this.lifecycle !== 'ready') {
      throw new ProtocolViolation(
        `unexpected message ${request.opcode}, expecting ${this.lifecycle === 'awaiting-startup' ? 'STARTUP or OPTIONS' : 'AUTH_RESPONSE'}`,
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
    if (this.lifecycle !== 'awaiting-startup') throw new ProtocolViolation('unexpected STARTUP: the connection is already initialized');
    const choice = readStartupOptions(options);
    // Cassandra 4.0's refusal (transport/messages/StartupMessage): v5 compresses segments with lz4 only.
    if (version >= 5 && choice.compressor?.name === 'snappy') throw new ProtocolViolation('Snappy compression is not supported in protocol V5');
    this.version = version;
    this.startupOptions = options;
    this.throwOnOverload = choice.throwOnOverload;
    const auth = this.host.authenticator;
    if (auth.requiresAuthentication) {
      this.negotiator = auth.newNegotiator(this.socket.remoteAddress);
      this.moveTo('awaiting-auth-response');
      this.send(version, stream, { opcode: 'AUTHENTICATE', authenticator: auth.className });
      this.afterStartup(version, choice.compressor);
      return;
    }
    this.openSession(undefined);
    this.send(version, stream, { opcode: 'READY' });
    this.afterStartup(version, choice.compressor);
  }

  /**
   * STARTUP is answered (the answer went out as it came: uncompressed, and bare in v5). Below v5
   * compression now applies to envelope bodies; in v5 every later byte travels in segments.
   */
  private afterStartup(version: number, compressor: FrameCompressor | undefined): void {
    if (version < 5) {
      this.compressor = compressor;
      return;
    }
    this.segmentsLz4 = compressor !== undefined;
    this.segments = new SegmentReader(this.segmentsLz4);
    // Bytes that came after STARTUP in the same read are the client's first segments (it did not wait).
    if (this.reader.bufferedBytes > 0) this.segments.push(this.reader.takeHeld(), false);
  }

  private openSession(user: string | undefined): void {
    this.user = user;
    const base = {
      remoteAddress: this.socket.remoteAddress,
      protocolVersion: this.version!,
      startupOptions: this.startupOptions,
    };
    this.session = this.host.handler.newSession(user === undefined ? base : { ...base, user });
    this.moveTo('ready');
    this.host.preAuthBudget.release(this);
    this.reader.limitBodyBytes(this.host.maxFrameBytes);
  }

  private authResponse(token: Buffer | null, version: number, stream: number): void {
    this.moveTo('checking-credentials');
    let step: Promise<SaslStep>;
    try {
      step = Promise.resolve(this.negotiator!.evaluate(token));
    } catch (e) {
      step = Promise.reject(e);
    }
    step
      .then(
        (s) => this.credentialsChecked(s, version, stream),
        (e: unknown) => this.credentialsRefused(e, version, stream),
      )
      .finally(() => this.guard(() => this.pump()));
  }

  /** The negotiator's answer. The connection may have closed meanwhile: then nothing opens. */
  private credentialsChecked(step: SaslStep, version: number, stream: number): void {
    if (this.lifecycle !== 'checking-credentials') return;
    try {
      if (!step.done) {
        this.moveTo('awaiting-auth-response');
        this.send(version, stream, { opcode: 'AUTH_CHALLENGE', token: step.challenge });
        return;
      }
      this.openSession(step.user);
      this.negotiator = undefined;
      this.send(version, stream, { opcode: 'AUTH_SUCCESS', token: step.token });
    } catch (e) {
      this.credentialsRefused(e, version, stream);
    }
  }

  /** A failed login (or a session that could not open): answered, and the client may try again. */
  private credentialsRefused(e: unknown, version: number, stream: number): void {
    if (this.lifecycle === 'checking-credentials') this.moveTo('awaiting-auth-response');
    this.guard(() => this.sendError(version, stream, e));
  }

  private run(
    request: Extract<Request, { opcode: 'QUERY' | 'PREPARE' | 'EXECUTE' | 'BATCH' }>,
    header: FrameHeader,
    customPayload: ReadonlyMap<string, Buffer | null> | undefined,
  ): void {
    const { version, stream } = header;
    const session = this.session!;
    const bytes = header.length;
    this.admit(bytes);
    const ctx = new CollectingContext((header.flags & FrameFlag.TRACING) !== 0, customPayload);
    let skipMetadata = false;
    let pending: Promise<ResultMessage>;
    this.inFlight++;
    this.requestCount++;
    try {
      switch (request.opcode) {
        case 'QUERY':
          skipMetadata = request.params.skipMetadata;
          pending = session.query(request.query, request.params, ctx);
          break;
        case 'PREPARE':
          pending = session.prepare(request.query, request.keyspace, ctx);
          break;
        case 'EXECUTE': {
          skipMetadata = request.params.skipMetadata;
          const held = request.resultMetadataId;
          pending = session.execute(request.id, request.params, ctx);
          if (held !== undefined) pending = pending.then((r) => announceMetadataChange(r, held));
          break;
        }
        case 'BATCH': {
          const { opcode: _opcode, ...batch } = request;
          pending = session.batch(batch, ctx);
          break;
        }
      }
    } catch (e) {
      pending = Promise.reject(e);
    }
    // One continuation per request (not then/catch/finally: three more promises each). The
    // request is done once its answer is written, which may be turns later (a large RESULT).
    const written = (): void => this.requestDone(bytes);
    pending.then(
      (result) => {
        let tracingId: Buffer | undefined;
        try {
          tracingId = ctx.tracingId(this.host.random);
        } catch (e) {
          this.host.logger.error('failed to answer a request', e);
          written();
          return;
        }
        this.send(version, stream, { opcode: 'RESULT', result }, { warnings: ctx.warnings, tracingId, skipMetadata, customPayload: ctx.responsePayload }, written);
      },
      (err: unknown) => this.sendError(version, stream, err, ctx.warnings, written),
    );
  }

  /**
   * Counts a request's `bytes` against the node's and this IP's limits. Over a limit, a client
   * that asked for it (THROW_ON_OVERLOAD) is refused with OVERLOADED (thrown: answered on the
   * request's stream, nothing counted); any other is served, and reading stops until its own
   * requests are done or the counts are within the limits again (Cassandra's order, too).
   */
  private admit(bytes: number): void {
    const limits = this.host.requestData;
    const ip = this.socket.remoteAddress.host;
    if (this.throwOnOverload) {
      if (!limits.tryAllocate(ip, bytes)) {
        // Cassandra's message for this case (transport/CQLMessageHandler.buildOverloadedException).
        throw new OverloadedError(`Request breached limit on bytes in flight. (${limits.describe(ip)}) Server is currently in an overloaded state and cannot accept more requests.`);
      }
    } else if (!limits.allocate(ip, bytes)) {
      this.overDataLimit = true;
    }
    this.bytesInFlight += bytes;
  }

  /** A request's answer is written: its bytes are released, and reading may go on. */
  private requestDone(bytes: number): void {
    this.inFlight--;
    this.bytesInFlight -= bytes;
    invariant(this.inFlight >= 0 && this.bytesInFlight >= 0, `a connection's requests in flight (${this.inFlight}) and their bytes (${this.bytesInFlight}) never go negative`);
    const within = this.host.requestData.release(this.socket.remoteAddress.host, bytes);
    if (this.overDataLimit && (within || this.bytesInFlight === 0)) this.overDataLimit = false;
    this.guard(() => this.pump());
  }

  private protocolError(version: number, stream: number, message: string): void {
    this.send(version, stream, { opcode: 'ERROR', error: { code: ErrorCode.PROTOCOL_ERROR, message } });
  }

  private sendError(version: number, stream: number, err: unknown, warnings?: readonly string[], written?: () => void): void {
    let error: ErrorMessage;
    try {
      const e = toErrorMessage(err);
      if (e.unexpected) this.host.logger.error('request failed with a non-Ilium error (answered SERVER_ERROR)', err);
      error = e.error;
    } catch (e) {
      this.host.logger.error('failed to answer a request', e);
      written?.();
      return;
    }
    this.send(version, stream, { opcode: 'ERROR', error }, warnings === undefined ? {} : { warnings }, written);
  }

  /**
   * Encodes `response` and writes its frame; `written` runs once that is done (or the answer is
   * given up: the connection closed, or it failed). Small responses are encoded and written at
   * once; a large RESULT is encoded a step at a time (result-codec.ts), the loop yielded to
   * other connections between steps, and its frame written whole when complete: answers of other
   * streams may go out meanwhile, never inside it.
   */
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
    written?: () => void,
  ): void {
    const steps = encodeResponseSteps({ version, stream, response, compressor: this.compressor, warnings: extra.warnings, tracingId: extra.tracingId, skipMetadata: extra.skipMetadata, customPayload: extra.customPayload });
    this.encodeAndWrite(steps, version, stream, written);
  }

  /** The next step of `steps`; once the frame is complete, writes it. Never throws. */
  private encodeAndWrite(steps: Steps<Buffer>, version: number, stream: number, written: (() => void) | undefined): void {
    let continued = false;
    try {
      if (this.lifecycle === 'closed') return;
      const frame = this.nextStep(steps, version, stream);
      if (frame === null) {
        this.socket.later(() => this.guard(() => this.encodeAndWrite(steps, version, stream, written)));
        continued = true;
        return;
      }
      this.write(frame);
    } catch (e) {
      this.host.logger.error('failed to answer a request', e);
    } finally {
      if (!continued) written?.();
    }
  }

  /** Runs one encoding step: the frame when complete, null when steps remain; a SERVER_ERROR frame if encoding failed. */
  private nextStep(steps: Steps<Buffer>, version: number, stream: number): Buffer | null {
    try {
      const step = steps.next();
      return step.done === true ? step.value : null;
    } catch (e) {
      // A result the codec cannot encode (rows of the wrong width, an unencodable address…).
      this.host.logger.error('could not encode a response (answered SERVER_ERROR)', e);
      const error: ErrorMessage = {
        code: ErrorCode.SERVER_ERROR,
        message: `could not encode the response: ${e instanceof IliumError || e instanceof Error ? e.message : String(e)}`,
      };
      return encodeResponseFrame({ version, stream, response: { opcode: 'ERROR', error }, compressor: this.compressor });
    }
  }

  private write(frame: Buffer): void {
    if (this.lifecycle === 'closed') return;
    if (this.segments === undefined) {
      if (!this.socket.write(frame)) this.writeBlocked = true;
      return;
    }
    this.outbox.push(frame);
    if (this.flushQueued) return;
    this.flushQueued = true;
    // Once this turn's synchronous answers are in, they share segments. A microtask, not a timer
    // (socket.later): the answer leaves in the same turn, as a v4 frame would.
    queueMicrotask(() => this.guard(() => this.flushOutbox()));
  }

  /** v5: sends the envelopes written since the last flush, packed into segments. */
  private flushOutbox(): void {
    this.flushQueued = false;
    if (this.outbox.length === 0 || this.lifecycle === 'closed') return;
    const envelopes = this.outbox;
    this.outbox = [];
    for (const segment of encodeSegments(envelopes, this.segmentsLz4)) {
      if (!this.socket.write(segment)) this.writeBlocked = true;
    }
  }

  /** Half-closes the socket after what is queued (v5's unsent segments too). */
  private endSocket(): void {
    this.flushOutbox();
    this.socket.end();
  }
}

/** Cassandra's ConnectedClient stage of a connection state. */
function stageOf(state: ConnectionState): ConnectedClient['stage'] {
  switch (state) {
    case 'awaiting-startup':
      return 'establishing';
    case 'awaiting-auth-response':
    case 'checking-credentials':
      return 'authenticating';
    case 'ready':
      return 'ready';
    default:
      return 'closed';
  }
}

/**
 * A node's internode messaging: one instance per node, holding everything it needs (no module
 * state), so many nodes run in one process on the simulated Env.
 *
 * - Handlers register per verb (each verb's implementation lives in its own file elsewhere) and
 *   answer requests through the `Reply` they are given; a handler that throws or rejects answers
 *   FAILURE_RSP, which reaches the caller as a `RemoteFailureError`.
 * - `send` is one-way; `sendWithCallback` / `request` wait for the answer until the timeout
 *   (the verb's default unless given), measured on the Env's timers.
 * - Outbound, one lazily opened connection per peer and connection type (outbound-connection.ts);
 *   inbound, a server on the listen address (inbound-connection.ts). Answers travel on the
 *   answering node's own outbound connection, as requests do.
 * - Every message passes `filters` (the fault hooks) when sent and when received.
 * - Messages to this node itself go through the network like any other.
 * - TLS (`MessagingOptions.tls`, server_encryption_options): the inbound server listens with it,
 *   and each outbound connection attempt asks whether that peer gets TLS.
 */
import type { NetServer, NetSocket, TimerHandle } from '../env/index.js';
import { CallbackMap, type PendingRequest, type ResponseCallbacks } from './callback-map.js';
import { decodeFailure, encodeFailure, failureFromError, type FailureDetail } from './failure.js';
import { FRAME_OVERHEAD_BYTES } from './frame.js';
import { InboundConnection } from './inbound-connection.js';
import { endpoint, endpointKey, type InetAddressAndPort } from './inet-address.js';
import { DEFAULT_EXPIRY_MS, isExpired, type Message, type MessageKind } from './message.js';
import type { UnknownVerbError } from './message-codec.js';
import { MessageFilterChain, type FilterDirection } from './message-filter.js';
import { resolveMessagingOptions, type MessagingOptions, type ResolvedMessagingOptions } from './messaging-options.js';
import { MessageTooLargeError, MessagingClosedError, MessagingTimeoutError, RemoteFailureError } from './net-errors.js';
import { OutboundConnection } from './outbound-connection.js';
import { MessagingMetrics } from './peer-metrics.js';
import { responseVerbOf, VERBS, type ConnectionType, type VerbName, type VerbSpec } from './verbs.js';

/** What a caller hands over; the service adds id, sender, times and kind. */
export interface OutgoingMessage {
  readonly verb: VerbName;
  readonly payload: Uint8Array;
  /** Overrides the verb's default timeout (requests) or expiry (one-way). */
  readonly timeoutMs?: number;
  /** The traced request's session: the receiver records its own events under it. */
  readonly traceSession?: Uint8Array;
}

/** How a handler answers a request (ignored for one-way messages). The first answer wins. */
export interface Reply {
  respond(payload: Uint8Array): void;
  fail(detail: FailureDetail): void;
}

export type VerbHandler = (message: Message, reply: Reply) => void | Promise<void>;

export interface RequestOptions {
  readonly timeoutMs?: number;
}

type State = 'new' | 'running' | 'closed';

/** Message ids start at a random point below this, so a restarted node does not reuse recent ids. */
const ID_START_RANGE = 2 ** 40;

export class MessagingService {
  readonly filters = new MessageFilterChain();
  readonly metrics = new MessagingMetrics();
  private readonly o: ResolvedMessagingOptions;
  private readonly handlers = new Map<VerbName, VerbHandler>();
  private readonly callbacks: CallbackMap;
  private readonly outbound = new Map<string, OutboundConnection>();
  private readonly inbound = new Set<InboundConnection>();
  private readonly delayed = new Set<TimerHandle>();
  private server: NetServer | undefined;
  private self: InetAddressAndPort | undefined;
  private nextId: number;
  private state: State = 'new';

  constructor(options: MessagingOptions) {
    this.o = resolveMessagingOptions(options);
    this.callbacks = new CallbackMap(this.o.env.timers);
    this.nextId = Math.floor(this.o.env.random.next() * ID_START_RANGE);
  }

  /** Starts the inbound server; resolves to this node's broadcast address. */
  async start(): Promise<InetAddressAndPort> {
    if (this.state !== 'new') throw new Error(`messaging service cannot start: it is ${this.state}`);
    this.state = 'running';
    const inbound = this.o.tls?.inbound;
    const server = await this.o.env.net.listen({ host: this.o.listen.host, port: this.o.listen.port, ...(inbound === undefined ? {} : { tls: inbound }) }, (socket) => this.accept(socket));
    this.server = server;
    const bound = server.address();
    this.self = this.o.broadcast ?? endpoint(this.o.listen.host, bound.port);
    this.o.logger.info('internode_listening', { address: endpointKey(this.self) });
    return this.self;
  }

  /** This node's broadcast address (after `start`). */
  get address(): InetAddressAndPort {
    if (this.self === undefined) throw new Error('messaging service not started');
    return this.self;
  }

  get pendingRequests(): number {
    return this.callbacks.size;
  }

  /** Messages queued in the outbound connections of `type`, over all peers (netstats' Pending). */
  queuedMessages(type: ConnectionType): number {
    let n = 0;
    for (const c of this.outbound.values()) if (c.type === type) n += c.queuedCount;
    return n;
  }

  registerHandler(verb: VerbName, handler: VerbHandler): void {
    const spec: VerbSpec = VERBS[verb];
    if (spec.direction === 'response') throw new Error(`${verb} is a response verb; responses go to callbacks`);
    if (this.handlers.has(verb)) throw new Error(`a handler for ${verb} is already registered`);
    this.handlers.set(verb, handler);
  }

  unregisterHandler(verb: VerbName): void {
    this.handlers.delete(verb);
  }

  /** Sends a one-way message (a request verb sent this way gets no answer). */
  send(to: InetAddressAndPort, out: OutgoingMessage): void {
    const spec: VerbSpec = VERBS[out.verb];
    if (spec.direction === 'response') throw new Error(`${out.verb} is a response verb: answer through the handler's Reply`);
    this.dispatchOut(to, this.make(out, 'oneway', this.nextMessageId(), out.timeoutMs ?? DEFAULT_EXPIRY_MS));
  }

  /** Sends a request; exactly one of the callbacks runs, at the latest after the timeout. */
  sendWithCallback(to: InetAddressAndPort, out: OutgoingMessage, callbacks: ResponseCallbacks & RequestOptions): void {
    const spec: VerbSpec = VERBS[out.verb];
    if (spec.direction !== 'request') throw new Error(`${out.verb} is not a request verb`);
    if (this.state !== 'running') return callbacks.onFailure(new MessagingClosedError(`${out.verb} not sent`));
    const timeoutMs = callbacks.timeoutMs ?? out.timeoutMs ?? spec.timeoutMs;
    const id = this.nextMessageId();
    const message = this.make(out, 'request', id, timeoutMs);
    const tooLarge = this.sizeError(message);
    if (tooLarge !== undefined) return callbacks.onFailure(tooLarge);
    const pending: PendingRequest = { id, verb: out.verb, to, callbacks };
    this.callbacks.add(pending, timeoutMs, (p) => this.timedOut(p, timeoutMs));
    this.dispatchOut(to, message);
  }

  /** `sendWithCallback` as a promise of the response message. */
  request(to: InetAddressAndPort, out: OutgoingMessage, options: RequestOptions = {}): Promise<Message> {
    return new Promise((resolve, reject) => {
      this.sendWithCallback(to, out, { ...options, onResponse: resolve, onFailure: reject });
    });
  }

  /** Stops listening, closes every connection (flushing what is written), fails waiting requests. */
  async shutdown(): Promise<void> {
    if (this.state === 'closed') return;
    const wasRunning = this.state === 'running';
    this.state = 'closed';
    for (const t of this.delayed) t.cancel();
    this.delayed.clear();
    for (const c of this.outbound.values()) c.close();
    this.outbound.clear();
    for (const c of this.inbound) c.close();
    this.inbound.clear();
    for (const p of this.callbacks.drain()) p.callbacks.onFailure(new MessagingClosedError(`${p.verb} to ${endpointKey(p.to)} abandoned`));
    if (wasRunning) await this.server?.close();
    this.server = undefined;
  }

  // ---- outbound ----

  private nextMessageId(): number {
    const id = this.nextId;
    this.nextId = this.nextId >= Number.MAX_SAFE_INTEGER ? 0 : this.nextId + 1;
    return id;
  }

  private make(out: OutgoingMessage | { verb: VerbName; payload: Uint8Array }, kind: MessageKind, id: number, ttlMs: number): Message {
    const now = this.o.env.clock.nowMs();
    const m = { id, verb: out.verb, kind, from: this.address, createdAtMs: now, expiresAtMs: now + ttlMs, payload: out.payload };
    return 'traceSession' in out && out.traceSession !== undefined ? { ...m, traceSession: out.traceSession } : m;
  }

  private sizeError(m: Message): MessageTooLargeError | undefined {
    const bytes = m.payload.length + FRAME_OVERHEAD_BYTES + 32;
    return bytes > this.o.maxFrameBytes ? new MessageTooLargeError(m.verb, bytes, this.o.maxFrameBytes) : undefined;
  }

  /** Fault filters, then the peer's connection (possibly later, possibly several times). */
  private dispatchOut(to: InetAddressAndPort, message: Message): void {
    if (this.state !== 'running') return this.metrics.drop(to, 'closed');
    if (this.sizeError(message) !== undefined) {
      this.o.logger.warn('internode_message_too_large', { verb: message.verb, to: endpointKey(to), bytes: message.payload.length });
      return this.metrics.drop(to, 'overflow');
    }
    this.afterFilters('send', this.address, to, message, () => this.connectionFor(to, message).enqueue(message));
  }

  private connectionFor(to: InetAddressAndPort, message: Message): OutboundConnection {
    const spec: VerbSpec = VERBS[message.verb];
    const type: ConnectionType = message.payload.length > this.o.largeMessageBytes ? 'large' : spec.connection;
    const key = `${endpointKey(to)}/${type}`;
    let c = this.outbound.get(key);
    if (c === undefined) {
      c = new OutboundConnection({
        env: this.o.env,
        peer: to,
        type,
        self: this.address,
        clusterName: this.o.clusterName,
        queueMax: this.o.outboundQueueMax,
        reconnectInitialMs: this.o.reconnectInitialMs,
        reconnectMaxMs: this.o.reconnectMaxMs,
        handshakeTimeoutMs: this.o.handshakeTimeoutMs,
        logger: this.o.logger,
        metrics: this.metrics,
        tls: this.o.tls,
      });
      this.outbound.set(key, c);
    }
    return c;
  }

  /** Runs `deliver` once per delivery the filters decide, now or after their delay. */
  private afterFilters(direction: FilterDirection, from: InetAddressAndPort, to: InetAddressAndPort, message: Message, deliver: () => void): void {
    const delays = this.filters.decide({ direction, from, to, message });
    if (delays.length === 0) return this.metrics.drop(direction === 'send' ? to : from, 'filtered');
    for (const ms of delays) {
      if (ms <= 0) {
        deliver();
        continue;
      }
      const timer = this.o.env.timers.setTimeout(() => {
        this.delayed.delete(timer);
        if (this.state === 'running') deliver();
      }, ms);
      this.delayed.add(timer);
    }
  }

  private timedOut(p: PendingRequest, timeoutMs: number): void {
    this.metrics.of(p.to).timeouts++;
    p.callbacks.onFailure(new MessagingTimeoutError(p.verb, p.to, timeoutMs));
  }

  // ---- inbound ----

  private accept(socket: NetSocket): void {
    if (this.state !== 'running') return socket.destroy();
    const conn = new InboundConnection(socket, {
      env: this.o.env,
      clusterName: this.o.clusterName,
      maxFrameBytes: this.o.maxFrameBytes,
      handshakeTimeoutMs: this.o.handshakeTimeoutMs,
      logger: this.o.logger,
      onMessage: (m) => this.received(m),
      onUnknownVerb: (err, from) => this.unknownVerb(err, from),
      onClose: (c) => this.inbound.delete(c),
    });
    this.inbound.add(conn);
  }

  private received(message: Message): void {
    if (this.state !== 'running') return;
    this.metrics.of(message.from).received++;
    this.afterFilters('receive', message.from, this.address, message, () => this.handle(message));
  }

  private handle(message: Message): void {
    if (message.kind === 'response' || message.kind === 'failure') return this.answer(message);
    if (isExpired(message, this.o.env.clock.nowMs())) return this.metrics.drop(message.from, 'expired', message.verb);
    const handler = this.handlers.get(message.verb);
    if (handler === undefined) {
      this.metrics.drop(message.from, 'unknownVerb');
      if (message.kind === 'request') this.sendFailure(message.from, message.id, message.expiresAtMs, { reason: 'UNKNOWN_VERB', errorCode: 0, message: `no handler for ${message.verb}` });
      return;
    }
    const spec: VerbSpec = VERBS[message.verb];
    this.o.executor(spec.stage, () => this.runHandler(handler, message));
  }

  /** Runs a handler; an asynchronous one is returned as a promise that never rejects. */
  private runHandler(handler: VerbHandler, message: Message): Promise<void> | undefined {
    const reply = this.replyTo(message);
    const failed = (err: unknown): void => {
      if (message.kind === 'request') reply.fail(failureFromError(err));
      else this.o.logger.warn('internode_handler_error', { verb: message.verb, from: endpointKey(message.from), error: String(err) });
    };
    try {
      const r = handler(message, reply);
      if (r instanceof Promise) return r.catch(failed);
    } catch (err) {
      failed(err);
    }
    return undefined;
  }

  private replyTo(request: Message): Reply {
    let answered = request.kind !== 'request';
    const responseVerb = responseVerbOf(request.verb);
    return {
      respond: (payload) => {
        if (answered || responseVerb === undefined) return;
        answered = true;
        const m = this.make({ verb: responseVerb, payload }, 'response', request.id, 0);
        this.dispatchAnswer(request.from, { ...m, expiresAtMs: request.expiresAtMs });
      },
      fail: (detail) => {
        if (answered) return;
        answered = true;
        this.sendFailure(request.from, request.id, request.expiresAtMs, detail);
      },
    };
  }

  private sendFailure(to: InetAddressAndPort, id: number, expiresAtMs: number, detail: FailureDetail): void {
    const m = this.make({ verb: 'FAILURE_RSP', payload: encodeFailure(detail) }, 'failure', id, 0);
    this.dispatchAnswer(to, { ...m, expiresAtMs });
  }

  /** Answers whose request already expired are not worth sending: the caller gave up. */
  private dispatchAnswer(to: InetAddressAndPort, m: Message): void {
    if (this.state !== 'running') return;
    if (isExpired(m, this.o.env.clock.nowMs())) return this.metrics.drop(to, 'expired', m.verb);
    this.dispatchOut(to, m);
  }

  private unknownVerb(err: UnknownVerbError, from: InetAddressAndPort): void {
    if (this.state !== 'running') return;
    this.metrics.of(from).received++;
    this.metrics.drop(from, 'unknownVerb');
    this.o.logger.warn('internode_unknown_verb', { from: endpointKey(from), verb: err.verbId });
    if (err.kind !== 'request') return;
    const now = this.o.env.clock.nowMs();
    this.sendFailure(from, err.messageId, now + DEFAULT_EXPIRY_MS, { reason: 'UNKNOWN_VERB', errorCode: 0, message: `unknown verb ${err.verbId}` });
  }

  private answer(message: Message): void {
    const pending = this.callbacks.take(message.id, message.from);
    if (pending === undefined) return this.metrics.drop(message.from, 'unmatched');
    if (message.kind === 'response' && message.verb !== responseVerbOf(pending.verb)) {
      this.o.logger.warn('internode_wrong_response_verb', { from: endpointKey(message.from), request: pending.verb, response: message.verb });
    }
    const spec: VerbSpec = VERBS[message.verb];
    this.o.executor(spec.stage, () => {
      if (message.kind === 'response') return pending.callbacks.onResponse(message);
      const f = decodeFailure(message.payload);
      this.metrics.of(message.from).failures++;
      pending.callbacks.onFailure(new RemoteFailureError(pending.verb, message.from, f.reason, f.errorCode, f.message));
    });
  }
}

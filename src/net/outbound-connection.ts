/**
 * One connection from this node to a peer, of one type (small, large or gossip). It connects on
 * the first message, sends the handshake hello, and writes queued messages once the peer
 * accepted. While connecting, refused or reconnecting, messages wait in a bounded queue:
 * when it is full, expired messages go first, then the oldest. A message whose deadline passed
 * is never written. A lost connection is re-established after a backoff that doubles per failed
 * attempt (from `reconnectInitialMs` to `reconnectMaxMs`) while messages wait; with nothing to
 * send it stays down until the next message.
 *
 * Messages already written when a connection breaks are lost, as with TCP: their senders time
 * out. The peer never sends us anything on this connection but its handshake reply.
 */
import type { Env, NetSocket, TimerHandle } from '../env/index.js';
import { encodeFrame, FrameDecoder } from './frame.js';
import { decodeReply, encodeHello, HANDSHAKE_FRAME_BYTES_MAX, PROTOCOL_VERSION } from './handshake.js';
import { endpointKey, type InetAddressAndPort } from './inet-address.js';
import { isExpired, type Message } from './message.js';
import { encodeMessage } from './message-codec.js';
import type { NetLogger } from './net-logger.js';
import type { InternodeTls } from './messaging-options.js';
import type { DropReason, MessagingMetrics } from './peer-metrics.js';
import type { ConnectionType, VerbName } from './verbs.js';
import { pushAll } from '../util/push-all.js';

export interface OutboundSettings {
  readonly env: Env;
  readonly peer: InetAddressAndPort;
  readonly type: ConnectionType;
  /** Our broadcast address, sent in the hello. */
  readonly self: InetAddressAndPort;
  readonly clusterName: string;
  readonly queueMax: number;
  readonly reconnectInitialMs: number;
  readonly reconnectMaxMs: number;
  readonly handshakeTimeoutMs: number;
  readonly logger: NetLogger;
  readonly metrics: MessagingMetrics;
  readonly tls: InternodeTls | undefined;
}

export type OutboundState = 'idle' | 'connecting' | 'handshaking' | 'ready' | 'backoff' | 'closed';

export class OutboundConnection {
  private stateNow: OutboundState = 'idle';
  private readonly queue: Message[] = [];
  private socket: NetSocket | undefined;
  private timer: TimerHandle | undefined;
  private failedAttempts = 0;
  private blocked = false;
  /** Bumped per connection attempt, so callbacks of an abandoned attempt do nothing. */
  private attempt = 0;
  /** Whether the current connection was opened with TLS (server_encryption_options; logged). */
  private encrypted = false;

  constructor(private readonly s: OutboundSettings) {}

  get state(): OutboundState {
    return this.stateNow;
  }

  get type(): ConnectionType {
    return this.s.type;
  }

  get queuedCount(): number {
    return this.queue.length;
  }

  /** Queues `message` for the peer (connecting if needed). */
  enqueue(message: Message): void {
    if (this.stateNow === 'closed') {
      this.dropped('closed');
      return;
    }
    if (this.queue.length >= this.s.queueMax) this.makeRoom();
    this.queue.push(message);
    if (this.stateNow === 'idle') this.connect();
    else if (this.stateNow === 'ready') this.flush();
  }

  /** Writes what can still be written, then closes for good. Unsent messages are dropped. */
  close(): void {
    if (this.stateNow === 'closed') return;
    if (this.stateNow === 'ready') this.flush();
    this.stateNow = 'closed';
    this.attempt++;
    this.timer?.cancel();
    this.timer = undefined;
    if (this.queue.length > 0) this.dropped('closed', undefined, this.queue.length);
    this.queue.length = 0;
    this.socket?.end();
    this.socket = undefined;
  }

  private makeRoom(): void {
    const now = this.s.env.clock.nowMs();
    const before = this.queue.length;
    const live: Message[] = [];
    for (const m of this.queue) {
      if (isExpired(m, now)) this.dropped('expired', m.verb);
      else live.push(m);
    }
    this.queue.length = 0;
    pushAll(this.queue, live);
    while (this.queue.length >= this.s.queueMax) {
      this.queue.shift();
      this.dropped('overflow');
    }
  }

  private dropped(reason: DropReason, verb?: VerbName, n = 1): void {
    this.s.metrics.drop(this.s.peer, reason, verb, n);
    this.s.metrics.byType[this.s.type].dropped += n;
  }

  private connect(): void {
    this.stateNow = 'connecting';
    const attempt = ++this.attempt;
    const tls = this.s.tls?.outbound(this.s.peer);
    this.encrypted = tls !== undefined;
    this.s.env.net.connect(this.s.peer, tls).then(
      (socket) => {
        if (attempt !== this.attempt) return socket.destroy();
        this.startHandshake(socket, attempt);
      },
      (err: unknown) => {
        if (attempt !== this.attempt) return;
        this.lost(`connect failed: ${(err as Error).message}`);
      },
    );
  }

  private startHandshake(socket: NetSocket, attempt: number): void {
    this.stateNow = 'handshaking';
    this.socket = socket;
    this.blocked = false;
    socket.setNoDelay(true);
    const decoder = new FrameDecoder(HANDSHAKE_FRAME_BYTES_MAX);
    socket.on('data', (chunk) => {
      if (attempt === this.attempt) this.onData(decoder, chunk);
    });
    socket.on('drain', () => {
      if (attempt !== this.attempt) return;
      this.blocked = false;
      this.flush();
    });
    socket.on('error', () => undefined); // 'close' follows and carries the consequence
    socket.on('close', () => {
      if (attempt === this.attempt) this.lost('connection closed');
    });
    this.timer = this.s.env.timers.setTimeout(() => {
      if (attempt === this.attempt && this.stateNow === 'handshaking') this.lost('no handshake reply in time', true);
    }, this.s.handshakeTimeoutMs);
    const hello = { version: PROTOCOL_VERSION, connectionType: this.s.type, from: this.s.self, clusterName: this.s.clusterName };
    socket.write(encodeFrame(encodeHello(hello)));
  }

  private onData(decoder: FrameDecoder, chunk: Buffer): void {
    try {
      for (const body of decoder.push(chunk)) {
        if (this.stateNow !== 'handshaking') throw new Error('peer sent data after its handshake reply');
        const reply = decodeReply(body);
        if (!reply.accepted) {
          this.s.logger.warn('internode_handshake_refused', { peer: endpointKey(this.s.peer), type: this.s.type, reason: reply.reason });
          return this.lost(`refused: ${reply.reason}`, true);
        }
        this.ready();
      }
    } catch (err) {
      this.s.logger.warn('internode_bad_peer', { peer: endpointKey(this.s.peer), type: this.s.type, reason: (err as Error).message });
      this.lost((err as Error).message, true);
    }
  }

  private ready(): void {
    this.timer?.cancel();
    this.timer = undefined;
    this.stateNow = 'ready';
    this.failedAttempts = 0;
    this.s.logger.info('internode_connected', { peer: endpointKey(this.s.peer), type: this.s.type, tls: this.encrypted });
    this.flush();
  }

  private flush(): void {
    const socket = this.socket;
    if (socket === undefined) return;
    const metrics = this.s.metrics.of(this.s.peer);
    while (!this.blocked && this.stateNow === 'ready' && this.queue.length > 0) {
      const m = this.queue.shift()!;
      const now = this.s.env.clock.nowMs();
      if (isExpired(m, now)) {
        this.dropped('expired', m.verb);
        continue;
      }
      metrics.sent++;
      this.s.metrics.byType[this.s.type].completed++;
      if (!socket.write(encodeFrame(encodeMessage(m, now)))) this.blocked = true;
    }
  }

  /** The connection (attempt) ended: tear it down, then retry after a backoff if messages wait. */
  private lost(why: string, destroy = false): void {
    if (this.stateNow === 'closed') return;
    this.attempt++;
    this.timer?.cancel();
    this.timer = undefined;
    const wasReady = this.stateNow === 'ready';
    if (destroy) this.socket?.destroy();
    this.socket = undefined;
    if (wasReady) this.s.logger.info('internode_disconnected', { peer: endpointKey(this.s.peer), type: this.s.type, reason: why });
    else this.failedAttempts++;
    if (this.queue.length === 0 && wasReady) {
      this.stateNow = 'idle';
      return;
    }
    const delayMs = wasReady ? 0 : this.backoffMs();
    this.stateNow = 'backoff';
    this.timer = this.s.env.timers.setTimeout(() => {
      this.timer = undefined;
      if (this.stateNow !== 'backoff') return;
      if (this.queue.length === 0) this.stateNow = 'idle';
      else this.connect();
    }, delayMs);
  }

  private backoffMs(): number {
    const exp = Math.min(30, this.failedAttempts - 1);
    return Math.min(this.s.reconnectMaxMs, this.s.reconnectInitialMs * 2 ** exp);
  }
}

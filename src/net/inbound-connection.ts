/**
 * One connection a peer opened to us. It first reads the peer's hello and accepts it (the peer
 * speaks our version and belongs to our cluster) or refuses it with a logged reason and closes;
 * from then on every frame is a message from the peer the hello named, handed to `onMessage`.
 *
 * Bad input never escapes: a broken frame, an unreadable message or a silent peer closes this
 * connection with a logged reason; a message with a verb we do not know goes to `onUnknownVerb`
 * (the stream is still in step, so the connection stays).
 */
import type { Env, NetSocket, TimerHandle } from '../env/index.js';
import { encodeFrame, FrameDecoder } from './frame.js';
import { decodeHello, encodeReply, HANDSHAKE_FRAME_BYTES_MAX, PROTOCOL_VERSION, refusalReason } from './handshake.js';
import { endpointKey, type InetAddressAndPort } from './inet-address.js';
import type { Message } from './message.js';
import { decodeMessage, UnknownVerbError } from './message-codec.js';
import type { NetLogger } from './net-logger.js';
import type { ConnectionType } from './verbs.js';

export interface InboundSettings {
  readonly env: Env;
  readonly clusterName: string;
  readonly maxFrameBytes: number;
  readonly handshakeTimeoutMs: number;
  readonly logger: NetLogger;
  onMessage(message: Message): void;
  onUnknownVerb(error: UnknownVerbError, from: InetAddressAndPort): void;
  onClose(connection: InboundConnection): void;
}

export class InboundConnection {
  private peer: InetAddressAndPort | undefined;
  private type: ConnectionType | undefined;
  private readonly decoder = new FrameDecoder(HANDSHAKE_FRAME_BYTES_MAX);
  private handshakeTimer: TimerHandle | undefined;
  private closing = false;

  constructor(
    private readonly socket: NetSocket,
    private readonly s: InboundSettings,
  ) {
    socket.on('data', (chunk) => this.onData(chunk));
    socket.on('error', () => undefined); // 'close' follows
    socket.on('close', () => {
      this.handshakeTimer?.cancel();
      s.onClose(this);
    });
    this.handshakeTimer = s.env.timers.setTimeout(() => {
      if (this.peer === undefined) this.fail('no handshake in time');
    }, s.handshakeTimeoutMs);
  }

  /** The peer's broadcast address, once its hello was accepted. */
  get from(): InetAddressAndPort | undefined {
    return this.peer;
  }

  get connectionType(): ConnectionType | undefined {
    return this.type;
  }

  close(): void {
    this.closing = true;
    this.handshakeTimer?.cancel();
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    if (this.closing) return;
    try {
      for (const body of this.decoder.push(chunk)) {
        if (this.closing) return;
        if (this.peer === undefined) this.onHello(body);
        else this.onFrame(body, this.peer);
      }
    } catch (err) {
      this.fail((err as Error).message);
    }
  }

  private onHello(body: Buffer): void {
    const decoded = decodeHello(body);
    const refusal = refusalReason(decoded, this.s.clusterName);
    if (refusal !== null) {
      const from = decoded.kind === 'hello' ? endpointKey(decoded.hello.from) : undefined;
      this.s.logger.warn('internode_handshake_refused', { remote: endpointKey(this.socket.remoteAddress), from, reason: refusal });
      this.socket.write(encodeFrame(encodeReply({ version: PROTOCOL_VERSION, accepted: false, reason: refusal })));
      this.closing = true;
      this.handshakeTimer?.cancel();
      this.socket.end();
      return;
    }
    if (decoded.kind !== 'hello') return; // unreachable: refusalReason refuses other versions
    this.handshakeTimer?.cancel();
    this.peer = decoded.hello.from;
    this.type = decoded.hello.connectionType;
    this.decoder.setMaxFrameBytes(this.s.maxFrameBytes);
    this.socket.write(encodeFrame(encodeReply({ version: PROTOCOL_VERSION, accepted: true, reason: '' })));
  }

  private onFrame(body: Buffer, from: InetAddressAndPort): void {
    let message: Message;
    try {
      message = decodeMessage(body, from, this.s.env.clock.nowMs());
    } catch (err) {
      if (err instanceof UnknownVerbError) return this.s.onUnknownVerb(err, from);
      throw err;
    }
    this.s.onMessage(message);
  }

  private fail(reason: string): void {
    if (this.closing) return;
    const from = this.peer === undefined ? undefined : endpointKey(this.peer);
    this.s.logger.warn('internode_connection_closed', { remote: endpointKey(this.socket.remoteAddress), from, reason });
    this.close();
  }
}

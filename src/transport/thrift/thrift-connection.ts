/**
 * One Thrift client connection on the server side: frames in, one message handled at a time
 * (replies leave in request order, so a client may pipeline, and a set_keyspace is in force for
 * the calls after it), replies out with backpressure. What the connection itself answers:
 * - a frame whose message header cannot be read: the connection closes (no sequence id to answer)
 * - an oversized frame: TApplicationException PROTOCOL_ERROR naming the limit, when its header
 *   is readable; the frame's bytes are skipped and the connection goes on
 * - before a login the handler requires (`mustLogIn`), frames are limited to
 *   `preLoginFrameBytes`: a larger one is answered likewise and the connection closed, the
 *   frame's body never read, so an unauthenticated peer holds at most one small frame; and
 *   all of them together, beyond 4 KiB each, at most `preLoginBudget` (a connection that would
 *   go over is closed: its partial frame has no readable message to answer)
 * - a stream that is not framed Thrift: logged, closed
 * The handler must answer every call (it turns its own failures into replies); if it throws
 * anyway the connection logs it and closes. A reply may come as steps that encode it (a large
 * result): the connection runs one step per turn of the event loop (`socket.later`), so other
 * connections are served in between, and writes the frame once complete, its length prefix
 * written last; nothing more is read from this connection meanwhile, so replies stay in order.
 */
import type { NetAddress, NetSocket } from '../../env/index.js';
import type { TransportLogger } from '../server/transport-logger.js';
import { FrameSplitter } from './frame-splitter.js';
import { ThriftProtocolError } from './thrift-protocol-error.js';
import { type MessageHeader, ThriftReader } from './thrift-reader.js';
import { applicationExceptionReply } from './application-exception.js';
import { ApplicationExceptionType } from './thrift-wire.js';
import type { PreAuthBudget } from '../server/pre-auth-budget.js';
import type { Steps } from '../../util/steps.js';

/** A reply: its frame, or the steps that encode it (the frame is their result). */
export type ThriftReply = Buffer | Steps<Buffer>;

/** Answers the messages of one connection. */
export interface ThriftConnectionHandler {
  /** The reply for one message (null for a oneway call). */
  handle(header: MessageHeader, args: ThriftReader): Promise<ThriftReply | null>;
  /** The connection is gone. */
  closed?(): void;
  /** True while the peer has not logged in and must (before it, frames are small). */
  mustLogIn?(): boolean;
}

export interface ThriftConnectionHost {
  readonly maxFrameBytes: number;
  /** The frame limit while the handler says the peer must still log in. */
  readonly preLoginFrameBytes: number;
  /** What connections that must still log in hold together (server/pre-auth-budget.ts). */
  readonly preLoginBudget: PreAuthBudget;
  readonly logger: TransportLogger;
  readonly newHandler: (client: NetAddress) => ThriftConnectionHandler;
  readonly onClosed: (c: ThriftConnection) => void;
}

/** Stop reading while this many bytes wait to be sent or handled. */
const HIGH_WATER_BYTES = 4 * 1024 * 1024;

export class ThriftConnection {
  private readonly splitter: FrameSplitter;
  private readonly handler: ThriftConnectionHandler;
  private busy = false;
  private paused = false;
  private closing = false;
  private gone = false;
  /** Refused before a login: nothing more is read. */
  private refused = false;

  constructor(private readonly socket: NetSocket, private readonly host: ThriftConnectionHost) {
    this.splitter = new FrameSplitter(host.maxFrameBytes);
    this.handler = host.newHandler(socket.remoteAddress);
    socket.setNoDelay(true);
    socket.on('data', (chunk) => {
      if (this.refused) return;
      this.splitter.push(chunk);
      this.pump();
      this.countPreLogin();
    });
    socket.on('drain', () => this.pump());
    socket.on('error', () => undefined);
    socket.on('close', () => this.onClose());
  }

  /** Finishes the message in hand, then closes. */
  close(): void {
    this.closing = true;
    if (!this.busy) this.socket.end();
  }

  destroy(): void {
    this.socket.destroy();
  }

  private pump(): void {
    while (!this.busy && !this.gone && !this.refused) {
      if (this.socket.pendingWriteBytes > HIGH_WATER_BYTES) break;
      if (this.closing) {
        this.socket.end();
        return;
      }
      const preLogin = this.handler.mustLogIn?.() === true;
      this.splitter.limitFrameBytes(preLogin ? this.host.preLoginFrameBytes : this.host.maxFrameBytes);
      const ev = this.splitter.next();
      if (ev === null) break;
      if (ev.kind === 'fatal') {
        this.host.logger.warn(`thrift client ${addr(this.socket.remoteAddress)} sent ${ev.reason}; closing the connection`);
        this.socket.destroy();
        return;
      }
      if (ev.kind === 'oversized') {
        this.answerOversized(ev.size, ev.head, preLogin);
        if (preLogin) {
          this.refuse();
          return;
        }
        continue;
      }
      this.dispatch(ev.payload);
    }
    this.flowControl();
  }

  private dispatch(payload: Buffer): void {
    const reader = new ThriftReader(payload);
    let header: MessageHeader;
    try {
      header = reader.messageBegin();
    } catch (e) {
      this.host.logger.warn(`thrift client ${addr(this.socket.remoteAddress)} sent an unreadable message header (${(e as Error).message}); closing the connection`);
      this.socket.destroy();
      return;
    }
    this.busy = true;
    this.handler.handle(header, reader).then(
      (reply) => this.answer(header, reply),
      (e: unknown) => this.failed(header, e),
    );
  }

  /** Writes `reply` once its frame is complete, one encoding step per turn (see the header). */
  private answer(header: MessageHeader, reply: ThriftReply | null): void {
    if (this.gone) {
      this.busy = false;
      return;
    }
    let frame: Buffer | null;
    if (reply === null || Buffer.isBuffer(reply)) {
      frame = reply;
    } else {
      let step: IteratorResult<void, Buffer>;
      try {
        step = reply.next();
      } catch (e) {
        this.failed(header, e);
        return;
      }
      if (step.done !== true) {
        this.socket.later(() => this.answer(header, reply));
        return;
      }
      frame = step.value;
    }
    this.busy = false;
    if (frame !== null && !this.socket.closed) this.socket.write(frame);
    this.pump();
  }

  private failed(header: MessageHeader, e: unknown): void {
    this.busy = false;
    this.host.logger.error(`thrift handler failed on ${header.name}; closing the connection`, e);
    this.socket.destroy();
  }

  private answerOversized(size: number, head: Buffer, preLogin: boolean): void {
    const why = preLogin
      ? `frame of ${size} bytes exceeds the ${this.host.preLoginFrameBytes} byte limit before login; closing the connection`
      : `frame of ${size} bytes exceeds the ${this.host.maxFrameBytes} byte limit (thrift_framed_transport_size_in_mb)`;
    try {
      const header = new ThriftReader(head).messageBegin();
      this.host.logger.warn(`thrift client ${addr(this.socket.remoteAddress)}: ${why}`);
      this.socket.write(applicationExceptionReply(header, ApplicationExceptionType.PROTOCOL_ERROR, why));
    } catch (e) {
      if (!(e instanceof ThriftProtocolError)) throw e;
      this.host.logger.warn(`thrift client ${addr(this.socket.remoteAddress)}: ${why}, header unreadable; closing the connection`);
      this.socket.destroy();
    }
  }

  /** Closes now that the answer is written, reading nothing more (not half-closed: see CqlConnection.refuseBeforeAuth). */
  private refuse(): void {
    this.refused = true;
    this.socket.end(); // flushes the answer: the kernel takes it now
    this.socket.destroy();
  }

  /** Before a login, what this connection holds counts against the server's budget; over it, closed. */
  private countPreLogin(): void {
    const budget = this.host.preLoginBudget;
    if (this.refused || this.gone) return;
    if (this.handler.mustLogIn?.() !== true) budget.release(this);
    else if (!budget.hold(this, this.splitter.bufferedBytes)) {
      this.refused = true;
      this.socket.destroy();
    }
  }

  /** Reads only while what waits (queued replies, buffered frames) stays under the mark. */
  private flowControl(): void {
    const over = this.socket.pendingWriteBytes > HIGH_WATER_BYTES || this.splitter.bufferedBytes > HIGH_WATER_BYTES + this.host.maxFrameBytes;
    if (over && !this.paused) {
      this.paused = true;
      this.socket.pause();
    } else if (!over && this.paused) {
      this.paused = false;
      this.socket.resume();
    }
  }

  private onClose(): void {
    if (this.gone) return;
    this.gone = true;
    this.host.preLoginBudget.release(this);
    this.handler.closed?.();
    this.host.onClosed(this);
  }
}

function addr(a: NetAddress): string {
  return `${a.host}:${a.port}`;
}

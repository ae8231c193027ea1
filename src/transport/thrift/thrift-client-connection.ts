/**
 * The client side of a framed binary-protocol connection: `call` sends one message and resolves
 * with the reply's reader (positioned after the message header) once the reply with the same
 * sequence id arrives. Many calls may be in flight; a reply of type EXCEPTION rejects with the
 * server's TApplicationException. Used by Ilium's own Thrift client (`ilium cli`, the TS API).
 */
import type { Env, NetAddress, NetSocket, TlsClientOptions } from '../../env/index.js';
import { FrameSplitter } from './frame-splitter.js';
import { ThriftApplicationError, readApplicationException } from './application-exception.js';
import { ThriftReader } from './thrift-reader.js';
import type { ThriftWriter } from './thrift-writer.js';
import { ApplicationExceptionType, DEFAULT_MAX_FRAME_MB, MessageType } from './thrift-wire.js';

interface Pending {
  readonly method: string;
  readonly resolve: (r: ThriftReader) => void;
  readonly reject: (e: Error) => void;
}

export class ThriftClientConnection {
  private readonly pending = new Map<number, Pending>();
  private readonly splitter: FrameSplitter;
  private nextSeqid = 1;
  private failure: Error | undefined;

  private constructor(private readonly socket: NetSocket, maxFrameBytes: number) {
    this.splitter = new FrameSplitter(maxFrameBytes);
    socket.setNoDelay(true);
    socket.on('data', (chunk) => {
      this.splitter.push(chunk);
      this.drainReplies();
    });
    socket.on('error', (e) => this.fail(e));
    socket.on('close', () => this.fail(new Error(`connection to ${address(socket.remoteAddress)} closed`)));
  }

  /** Connects to `to` (over TLS with `tls`). */
  static async open(env: Env, to: NetAddress, maxFrameBytes = DEFAULT_MAX_FRAME_MB * 1024 * 1024, tls?: TlsClientOptions): Promise<ThriftClientConnection> {
    return new ThriftClientConnection(await env.net.connect(to, tls), maxFrameBytes);
  }

  get remoteAddress(): NetAddress {
    return this.socket.remoteAddress;
  }

  /** True once the connection has failed or closed: every call from now on fails. */
  get closed(): boolean {
    return this.failure !== undefined || this.socket.closed;
  }

  /**
   * Sends a CALL to `method`; `writeArgs` writes the argument struct. Resolves with a reader
   * positioned at the reply's result struct.
   */
  call(method: string, writeArgs: (w: ThriftWriter) => void, newWriter: () => ThriftWriter): Promise<ThriftReader> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    const seqid = this.nextSeqid;
    this.nextSeqid = (this.nextSeqid + 1) | 0 || 1;
    const w = newWriter().frame().messageBegin(method, MessageType.CALL, seqid);
    writeArgs(w);
    const frame = w.finishFrame();
    return new Promise<ThriftReader>((resolve, reject) => {
      this.pending.set(seqid, { method, resolve, reject });
      this.socket.write(frame);
    });
  }

  /** Closes at once, without waiting for the peer (a peer that stopped reading would never let `close` finish). */
  destroy(): void {
    this.socket.destroy();
  }

  close(): Promise<void> {
    if (this.socket.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.on('close', () => resolve());
      this.socket.end();
    });
  }

  private drainReplies(): void {
    for (;;) {
      const ev = this.splitter.next();
      if (ev === null) return;
      if (ev.kind !== 'frame') {
        this.fail(new ThriftApplicationError(ApplicationExceptionType.PROTOCOL_ERROR, `unreadable reply from ${address(this.socket.remoteAddress)}`));
        this.socket.destroy();
        return;
      }
      const r = new ThriftReader(ev.payload);
      let header;
      try {
        header = r.messageBegin();
      } catch (e) {
        this.fail(e as Error);
        this.socket.destroy();
        return;
      }
      const p = this.pending.get(header.seqid);
      if (p === undefined) continue;
      this.pending.delete(header.seqid);
      if (header.type === MessageType.EXCEPTION) p.reject(readApplicationException(r));
      else if (header.name !== p.method) p.reject(new ThriftApplicationError(ApplicationExceptionType.WRONG_METHOD_NAME, `reply to ${p.method} named ${header.name}`));
      else p.resolve(r);
    }
  }

  private fail(e: Error): void {
    this.failure ??= e;
    for (const p of this.pending.values()) p.reject(this.failure);
    this.pending.clear();
  }
}

function address(a: NetAddress): string {
  return `${a.host}:${a.port}`;
}

/**
 * Hand-made Thrift traffic for the bad-input tests: a plain node:net socket that sends any bytes
 * and reads back whole frames, messages written field by field with npm `thrift`'s binary
 * protocol (so a test can put any type under any field id), and replies decoded to what a client
 * would see: a result (success or the exception in field N) or a TApplicationException.
 */
import { type Socket, connect } from 'node:net';
import type { ThriftProtocolWriter, ThriftRuntime } from './thrift-js-client.js';

export type RawReply =
  | { readonly kind: 'reply'; readonly name: string; readonly seqid: number; readonly success: boolean; readonly exceptionField?: number; readonly why?: string }
  | { readonly kind: 'exception'; readonly name: string; readonly seqid: number; readonly type: number; readonly message: string };

/** One framed message; `args` writes the argument struct's fields (the struct and stop are added). */
export function callFrame(thrift: ThriftRuntime, method: string, seqid: number, args: (p: ThriftProtocolWriter) => void): Buffer {
  let out: Buffer | undefined;
  const transport = new thrift.TFramedTransport(undefined, (msg) => (out = msg));
  const p = new thrift.TBinaryProtocol(transport);
  p.writeMessageBegin(method, thrift.Thrift.MessageType.CALL, seqid);
  p.writeStructBegin('args');
  args(p);
  p.writeFieldStop();
  p.writeStructEnd();
  p.writeMessageEnd();
  transport.flush();
  return out!;
}

/** Decodes a reply frame's payload (without its length). */
export function decodeReply(thrift: ThriftRuntime, payload: Buffer): RawReply {
  const transport = new thrift.TFramedTransport(payload);
  const p = new thrift.TBinaryProtocol(transport) as unknown as ProtocolReader;
  const head = p.readMessageBegin();
  if (head.mtype === thrift.Thrift.MessageType.EXCEPTION) {
    const x = new thrift.Thrift.TApplicationException();
    x.read(p);
    return { kind: 'exception', name: head.fname, seqid: head.rseqid, type: x.type, message: x.message };
  }
  p.readStructBegin();
  let result: RawReply = { kind: 'reply', name: head.fname, seqid: head.rseqid, success: false };
  for (;;) {
    const f = p.readFieldBegin();
    if (f.ftype === thrift.Thrift.Type.STOP) break;
    if (f.fid === 0) {
      p.skip(f.ftype);
      result = { ...result, success: true };
    } else if (f.ftype === thrift.Thrift.Type.STRUCT) {
      result = { ...result, exceptionField: f.fid, ...readWhy(thrift, p) };
    } else {
      p.skip(f.ftype);
    }
    p.readFieldEnd();
  }
  return result;
}

/** An exception struct's field 1 (`why`), when it has one. */
function readWhy(thrift: ThriftRuntime, p: ProtocolReader): { why?: string } {
  let why: string | undefined;
  p.readStructBegin();
  for (;;) {
    const f = p.readFieldBegin();
    if (f.ftype === thrift.Thrift.Type.STOP) break;
    if (f.fid === 1 && f.ftype === thrift.Thrift.Type.STRING) why = p.readString();
    else p.skip(f.ftype);
    p.readFieldEnd();
  }
  p.readStructEnd();
  return why === undefined ? {} : { why };
}

interface ProtocolReader {
  readMessageBegin(): { fname: string; mtype: number; rseqid: number };
  readStructBegin(): void;
  readStructEnd(): void;
  readFieldBegin(): { fname: string; ftype: number; fid: number };
  readFieldEnd(): void;
  readString(): string;
  skip(type: number): void;
}

/** A raw connection: write anything, read whole frames, see when the server closes. */
export class RawSocket {
  private buffered = Buffer.alloc(0);
  private waiting: (() => void) | undefined;
  private isClosed = false;
  readonly closed: Promise<void>;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (d: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, d]);
      this.waiting?.();
    });
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) =>
      socket.on('close', () => {
        this.isClosed = true;
        this.waiting?.();
        resolve();
      }),
    );
  }

  static open(host: string, port: number): Promise<RawSocket> {
    return new Promise((resolve, reject) => {
      const s = connect({ host, port }, () => resolve(new RawSocket(s)));
      s.once('error', reject);
    });
  }

  get isOpen(): boolean {
    return !this.isClosed;
  }

  send(bytes: Buffer): Promise<void> {
    return new Promise((resolve, reject) => this.socket.write(bytes, (e) => (e ? reject(e) : resolve())));
  }

  /** Half-closes: the server sees the end of the stream. */
  end(): void {
    this.socket.end();
  }

  destroy(): void {
    this.socket.destroy();
  }

  /** The next whole frame's payload, or null if the connection closes (or `timeoutMs` passes) first. */
  async nextFrame(timeoutMs = 10_000): Promise<Buffer | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.buffered.length >= 4) {
        const size = this.buffered.readInt32BE(0);
        if (this.buffered.length >= 4 + size) {
          const payload = this.buffered.subarray(4, 4 + size);
          this.buffered = this.buffered.subarray(4 + size);
          return payload;
        }
      }
      if (this.isClosed || Date.now() >= deadline) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
        this.waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiting = undefined;
    }
  }

  /** Resolves true once the server has closed the connection, false after `timeoutMs`. */
  async closesWithin(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const r = await Promise.race([this.closed.then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)))]);
    clearTimeout(timer);
    return r;
  }
}

/**
 * A minimal CQL client speaking our codec over an `Env` network, for transport tests: typed
 * requests with stream ids, raw bytes for fuzzing, events and unsolicited frames kept in order.
 * At version 5 it switches to segments once STARTUP is answered, as the v5 spec says (`framed`).
 */
import type { NetAddress, NetSocket, Network } from '../../src/env/index.js';
import {
  type DecodedResponse,
  type FrameCompressor,
  type FrameHeader,
  type Request,
  type ServerEvent,
  compressorFor,
  decodeResponse,
  encodeRequestFrame,
  encodeSegments,
} from '../../src/transport/protocol/index.js';
import { FrameReader } from '../../src/transport/server/frame-reader.js';
import { SegmentReader } from '../../src/transport/server/segment-reader.js';

export interface RawFrame {
  readonly header: FrameHeader;
  readonly body: Buffer;
}

export class CqlWireClient {
  readonly events: ServerEvent[] = [];
  /** Frames no pending request was waiting for (raw mode), in arrival order. */
  readonly unsolicited: RawFrame[] = [];
  compressor: FrameCompressor | undefined;
  version = 4;
  private readonly reader = new FrameReader(0x7fffffff, (v) => v >= 3);
  /** v5 after STARTUP: the segments responses arrive in. */
  private segments: SegmentReader | undefined;
  /** v5 after STARTUP: segments are LZ4-compressed. */
  segmentsLz4 = false;
  /** Set when the server sent bytes this client could not frame. */
  unreadable: string | undefined;
  private readonly pending = new Map<number, { resolve: (f: RawFrame) => void }>();
  private frameWaiters: (() => void)[] = [];
  private nextStream = 0;
  private isClosed = false;
  readonly closed: Promise<void>;
  /** Every byte received, when recording (tests of raw framing). */
  received = 0;

  private constructor(readonly socket: NetSocket) {
    let onClose!: () => void;
    this.closed = new Promise((r) => (onClose = r));
    socket.on('data', (c) => this.onData(c));
    socket.on('error', () => {});
    socket.on('close', () => {
      this.isClosed = true;
      onClose();
      for (const w of this.frameWaiters) w();
      this.frameWaiters = [];
    });
  }

  static async connect(net: Network, address: NetAddress): Promise<CqlWireClient> {
    return new CqlWireClient(await net.connect(address));
  }

  get isOpen(): boolean {
    return !this.isClosed;
  }

  private onData(chunk: Buffer): void {
    this.received += chunk.length;
    if (this.segments === undefined) this.reader.push(chunk);
    else {
      this.segments.push(chunk, false);
      for (let seg = this.segments.next(); seg !== null; seg = this.segments.next()) {
        if (seg.kind === 'corrupt') {
          this.unreadable = seg.reason;
          return;
        }
        this.reader.push(seg.payload);
      }
    }
    for (let ev = this.reader.next(); ev !== null; ev = this.reader.next()) {
      if (ev.kind !== 'frame') {
        this.unreadable = ev.kind;
        return;
      }
      const frame = { header: ev.header, body: ev.body };
      const waiter = this.pending.get(ev.header.stream);
      if (ev.header.stream === -1 && ev.header.opcode === 0x0c) {
        const d = decodeResponse(ev.header, ev.body, this.compressor);
        if (d.response.opcode === 'EVENT') this.events.push(d.response.event);
      } else if (waiter !== undefined) {
        this.pending.delete(ev.header.stream);
        waiter.resolve(frame);
      } else {
        this.unsolicited.push(frame);
      }
      for (const w of this.frameWaiters) w();
      this.frameWaiters = [];
    }
  }

  /** Sends `request` on a fresh stream id and resolves with the decoded response. */
  async request(
    request: Request,
    opts: { tracing?: boolean; compress?: boolean; stream?: number; customPayload?: ReadonlyMap<string, Buffer | null> } = {},
  ): Promise<DecodedResponse> {
    const stream = opts.stream ?? this.allocateStream();
    const envelope = encodeRequestFrame(request, {
      version: this.version,
      stream,
      tracing: opts.tracing === true,
      compressor: opts.compress === false ? undefined : this.compressor,
      ...(opts.customPayload === undefined ? {} : { customPayload: opts.customPayload }),
    });
    const frame = await this.requestRaw(this.framed([envelope]), stream);
    return decodeResponse(frame.header, frame.body, this.compressor);
  }

  /** Writes `bytes` and resolves with the frame that answers on `stream`. */
  requestRaw(bytes: Buffer, stream: number): Promise<RawFrame> {
    return new Promise((resolve, reject) => {
      if (this.isClosed) return reject(new Error('connection closed'));
      this.pending.set(stream, { resolve });
      this.closed.then(() => {
        if (this.pending.delete(stream)) reject(new Error(`connection closed while waiting on stream ${stream}`));
      });
      this.socket.write(bytes);
    });
  }

  /** `envelopes` as this connection sends them: in segments once v5 framing is on, else as they are. */
  framed(envelopes: readonly Buffer[]): Buffer {
    return this.segments === undefined ? Buffer.concat(envelopes) : Buffer.concat(encodeSegments(envelopes, this.segmentsLz4));
  }

  /** Whether v5 framing is on (after a v5 STARTUP was answered). */
  get isFramed(): boolean {
    return this.segments !== undefined;
  }

  sendRaw(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  /** Resolves once `n` unsolicited frames have arrived, or the connection closed. */
  async waitForUnsolicited(n: number): Promise<void> {
    while (this.unsolicited.length < n && !this.isClosed) await new Promise<void>((r) => this.frameWaiters.push(r));
  }

  /** OPTIONS-less handshake: STARTUP (with compression if named) → READY. */
  async startup(compression?: string, extra: Record<string, string> = {}): Promise<DecodedResponse> {
    const options = new Map([['CQL_VERSION', '3.0.0'], ...Object.entries(extra)]);
    if (compression !== undefined) options.set('COMPRESSION', compression);
    const compressor = compression === undefined ? undefined : compressorFor(compression);
    const r = await this.request({ opcode: 'STARTUP', options }, { compress: false });
    if (this.version < 5) this.compressor = compressor;
    else if (r.response.opcode === 'READY' || r.response.opcode === 'AUTHENTICATE') {
      this.segmentsLz4 = compressor !== undefined;
      this.segments = new SegmentReader(this.segmentsLz4);
    }
    return r;
  }

  close(): void {
    this.socket.end();
  }

  private allocateStream(): number {
    for (let i = 0; i < 0x8000; i++) {
      const s = this.nextStream;
      this.nextStream = (this.nextStream + 1) & 0x7fff;
      if (!this.pending.has(s)) return s;
    }
    throw new Error('no free stream id');
  }
}

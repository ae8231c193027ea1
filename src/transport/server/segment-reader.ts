import {
  ProtocolViolation,
  SEGMENT_HEADER_BYTES,
  SEGMENT_HEADER_BYTES_LZ4,
  SEGMENT_TRAILER_BYTES,
  type SegmentHeader,
  readSegmentHeader,
  segmentPayload,
} from '../protocol/index.js';
import { ChunkQueue } from './chunk-queue.js';

/**
 * Cuts a v5 connection's byte stream into segments (segment-format.ts) and hands out their
 * checked, decompressed payloads: the envelope bytes the connection's FrameReader reads. It needs
 * no limit of its own — a header declares at most 128 KiB - 1 of payload, so it never waits for
 * more than that, and what it holds counts against the pre-auth budget — while the envelope limits
 * (the frame limit, the limit before login) are the FrameReader's and apply to v5 as to v4.
 *
 * Borrowed chunks (see chunk-queue.ts) work as in FrameReader: a payload cut from one is copied
 * out, and `keep()` copies the rest.
 *
 * A CRC mismatch or a payload that does not decompress is fatal: `next` returns the error, and
 * nothing more is read (Cassandra 4.0 answers a corrupt frame with a fatal protocol error too:
 * CQLMessageHandler.processCorruptFrame, "unrecoverable CRC mismatch detected in frame …").
 */
export type SegmentEvent =
  | { readonly kind: 'segment'; readonly payload: Buffer; readonly selfContained: boolean }
  | { readonly kind: 'corrupt'; readonly reason: string };

export class SegmentReader {
  private readonly queue = new ChunkQueue();
  private header: SegmentHeader | undefined;
  private dead = false;

  constructor(private readonly lz4Layout: boolean) {}

  get bufferedBytes(): number {
    return this.queue.bytes;
  }

  push(chunk: Buffer, borrowed: boolean): void {
    if (!this.dead) this.queue.push(chunk, borrowed);
  }

  keep(): void {
    this.queue.keep();
  }

  abandon(): void {
    this.dead = true;
    this.queue.clear();
  }

  /** The next segment's payload, or null when more bytes are needed (or after a corrupt one). */
  next(): SegmentEvent | null {
    if (this.dead) return null;
    const q = this.queue;
    try {
      if (this.header === undefined) {
        const headerBytes = this.lz4Layout ? SEGMENT_HEADER_BYTES_LZ4 : SEGMENT_HEADER_BYTES;
        if (q.bytes < headerBytes) return null;
        this.header = readSegmentHeader(q.peek(headerBytes), 0, this.lz4Layout);
        q.discard(headerBytes);
      }
      const h = this.header;
      const rawBytes = h.payloadBytes + SEGMENT_TRAILER_BYTES;
      if (q.bytes < rawBytes) return null;
      this.header = undefined;
      // take() copies borrowed bytes, so the payload (a view of `raw` when stored uncompressed) is ours.
      const payload = segmentPayload(h, q.take(rawBytes));
      return { kind: 'segment', payload, selfContained: h.selfContained };
    } catch (e) {
      if (!(e instanceof ProtocolViolation)) throw e;
      this.abandon();
      return { kind: 'corrupt', reason: e.message };
    }
  }
}

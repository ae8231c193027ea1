import {
  type FrameHeader,
  HEADER_LENGTH,
  LEGACY_HEADER_LENGTH,
  VERSION_MASK,
  isSupportedVersion,
  readHeader,
} from '../protocol/index.js';
import { ChunkQueue } from './chunk-queue.js';

/**
 * Cuts a TCP byte stream into frames (on a v5 connection, the stream of its segments' payloads,
 * segment-reader.ts: v5 envelopes are these frames with version 5). Bytes are kept as the chunks they arrived in; a body is
 * joined into one buffer only once all of it is here, so a declared length never causes an
 * allocation by itself. Frames are pulled one at a time (`next`), which lets the connection
 * stop taking frames (backpressure) even when one chunk holds many.
 *
 * What can come out:
 * - frame:       a whole v3/v4 frame (header and body)
 * - oversized:   the declared body exceeds the limit; its bytes are skipped as they arrive, and
 *                the stream stays usable (the connection answers PROTOCOL_ERROR, and closes
 *                before authentication). The limit is checked as each header is read, so a
 *                connection may raise it once authenticated (`limitBodyBytes`).
 * - bad-version: a version we do not speak; for v1/v2 the header is read in their 8-byte layout
 *                so the answer can use their stream id. The stream cannot be trusted after it.
 * - fatal:       a negative length; the stream cannot be resynchronised
 *
 * A chunk may be borrowed (`push(chunk, true)`: a view of a read buffer the socket reuses). A
 * frame cut from it is copied out, and `keep()` — called before the 'data' listener returns —
 * copies whatever of it is still held; a frame refused by its header costs no copy at all.
 */
export type FrameEvent =
  | { readonly kind: 'frame'; readonly header: FrameHeader; readonly body: Buffer }
  | { readonly kind: 'oversized'; readonly header: FrameHeader }
  | { readonly kind: 'bad-version'; readonly version: number; readonly stream: number; readonly legacy: boolean }
  | { readonly kind: 'fatal'; readonly header: FrameHeader; readonly reason: string };

export class FrameReader {
  private readonly queue = new ChunkQueue();
  private skipping = 0;
  private dead = false;

  /** `acceptVersion`: versions read as 9-byte v3+ headers (clients reading responses widen it). */
  constructor(
    private maxBodyBytes: number,
    private readonly acceptVersion: (version: number) => boolean = isSupportedVersion,
  ) {}

  /** Bytes held (never more than one frame's worth beyond what `next` has not yet consumed). */
  get bufferedBytes(): number {
    return this.queue.bytes;
  }

  /** The body limit for the frames whose headers are read from now on. */
  limitBodyBytes(n: number): void {
    this.maxBodyBytes = n;
  }

  /** `borrowed`: the chunk is valid only until `keep()` (which must come before the next push). */
  push(chunk: Buffer, borrowed = false): void {
    if (this.dead) return;
    this.queue.push(chunk, borrowed);
  }

  /** Copies the borrowed bytes still held, so the lender may reuse its buffer. */
  keep(): void {
    this.queue.keep();
  }

  /** The next event, or null when more bytes are needed (or after a bad-version/fatal event). */
  next(): FrameEvent | null {
    if (this.dead) return null;
    const q = this.queue;
    if (this.skipping > 0) {
      this.skipping -= q.discard(this.skipping);
      if (this.skipping > 0) return null;
    }
    if (q.bytes === 0) return null;
    const version = q.firstByte & VERSION_MASK;
    if (!this.acceptVersion(version)) {
      const legacy = version === 1 || version === 2;
      const need = legacy ? LEGACY_HEADER_LENGTH : HEADER_LENGTH;
      if (q.bytes < need) return null;
      const head = q.take(need);
      this.die();
      return { kind: 'bad-version', version, stream: legacy ? head.readInt8(2) : head.readInt16BE(2), legacy };
    }
    if (q.bytes < HEADER_LENGTH) return null;
    const header = readHeader(q.peek(HEADER_LENGTH));
    if (header.length < 0) {
      this.die();
      return { kind: 'fatal', header, reason: `negative body length ${header.length}` };
    }
    if (header.length > this.maxBodyBytes) {
      q.discard(HEADER_LENGTH);
      this.skipping = header.length - q.discard(header.length);
      return { kind: 'oversized', header };
    }
    if (q.bytes < HEADER_LENGTH + header.length) return null;
    q.discard(HEADER_LENGTH);
    return { kind: 'frame', header, body: q.take(header.length) };
  }

  /** Hands over the bytes held, and holds none (a v5 connection's bytes after STARTUP are segments). */
  takeHeld(): Buffer {
    return this.queue.take(this.queue.bytes);
  }

  /** Drops everything held; nothing more is read (the connection is refused). */
  abandon(): void {
    this.die();
  }

  private die(): void {
    this.dead = true;
    this.queue.clear();
  }
}

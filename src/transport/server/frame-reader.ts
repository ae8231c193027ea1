import {
  type FrameHeader,
  HEADER_LENGTH,
  LEGACY_HEADER_LENGTH,
  VERSION_MASK,
  isSupportedVersion,
  readHeader,
} from '../protocol/index.js';

/**
 * Cuts a TCP byte stream into frames. Bytes are kept as the chunks they arrived in; a body is
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
  private readonly chunks: Buffer[] = [];
  private buffered = 0;
  private skipping = 0;
  private dead = false;
  /** The last chunk (or what is left of it) is borrowed: copy before keeping any of it. */
  private lastBorrowed = false;

  /** `acceptVersion`: versions read as 9-byte v3+ headers (clients reading responses widen it). */
  constructor(
    private maxBodyBytes: number,
    private readonly acceptVersion: (version: number) => boolean = isSupportedVersion,
  ) {}

  /** Bytes held (never more than one frame's worth beyond what `next` has not yet consumed). */
  get bufferedBytes(): number {
    return this.buffered;
  }

  /** The body limit for the frames whose headers are read from now on. */
  limitBodyBytes(n: number): void {
    this.maxBodyBytes = n;
  }

  /** `borrowed`: the chunk is valid only until `keep()` (which must come before the next push). */
  push(chunk: Buffer, borrowed = false): void {
    if (this.dead || chunk.length === 0) return;
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    this.lastBorrowed = borrowed;
  }

  /** Copies the borrowed bytes still held, so the lender may reuse its buffer. */
  keep(): void {
    if (!this.lastBorrowed) return;
    this.lastBorrowed = false;
    const last = this.chunks.length - 1;
    if (last >= 0) this.chunks[last] = Buffer.from(this.chunks[last]!);
  }

  /** The next event, or null when more bytes are needed (or after a bad-version/fatal event). */
  next(): FrameEvent | null {
    if (this.dead) return null;
    if (this.skipping > 0) {
      this.skipping -= this.discard(this.skipping);
      if (this.skipping > 0) return null;
    }
    if (this.buffered === 0) return null;
    const first = this.chunks[0]![0]!;
    const version = first & VERSION_MASK;
    if (!this.acceptVersion(version)) {
      const legacy = version === 1 || version === 2;
      const need = legacy ? LEGACY_HEADER_LENGTH : HEADER_LENGTH;
      if (this.buffered < need) return null;
      const head = this.take(need);
      this.die();
      return { kind: 'bad-version', version, stream: legacy ? head.readInt8(2) : head.readInt16BE(2), legacy };
    }
    if (this.buffered < HEADER_LENGTH) return null;
    const header = readHeader(this.peek(HEADER_LENGTH));
    if (header.length < 0) {
      this.die();
      return { kind: 'fatal', header, reason: `negative body length ${header.length}` };
    }
    if (header.length > this.maxBodyBytes) {
      this.discard(HEADER_LENGTH);
      this.skipping = header.length;
      this.skipping -= this.discard(this.skipping);
      return { kind: 'oversized', header };
    }
    if (this.buffered < HEADER_LENGTH + header.length) return null;
    this.discard(HEADER_LENGTH);
    return { kind: 'frame', header, body: this.take(header.length) };
  }

  /** Drops everything held; nothing more is read (the connection is refused). */
  abandon(): void {
    this.die();
  }

  private die(): void {
    this.dead = true;
    this.chunks.length = 0;
    this.buffered = 0;
    this.lastBorrowed = false;
  }

  /** The first `n` buffered bytes without consuming them (n ≤ buffered). */
  private peek(n: number): Buffer {
    const head = this.chunks[0]!;
    if (head.length >= n) return head.subarray(0, n);
    const out = Buffer.allocUnsafe(n);
    let at = 0;
    for (const c of this.chunks) {
      const k = Math.min(c.length, n - at);
      c.copy(out, at, 0, k);
      at += k;
      if (at === n) break;
    }
    return out;
  }

  /** Consumes `n` bytes (n ≤ buffered) as one buffer; a view when they sit in one chunk. */
  private take(n: number): Buffer {
    const head = this.chunks[0];
    if (n === 0) return Buffer.alloc(0);
    if (head !== undefined && head.length >= n) {
      const borrowed = this.lastBorrowed && this.chunks.length === 1;
      if (head.length === n) this.shift();
      else this.chunks[0] = head.subarray(n);
      this.buffered -= n;
      return borrowed ? Buffer.from(head.subarray(0, n)) : head.subarray(0, n);
    }
    const out = Buffer.allocUnsafe(n);
    let at = 0;
    while (at < n) {
      const c = this.chunks[0]!;
      const k = Math.min(c.length, n - at);
      c.copy(out, at, 0, k);
      at += k;
      if (k === c.length) this.shift();
      else this.chunks[0] = c.subarray(k);
    }
    this.buffered -= n;
    return out;
  }

  /** Drops the first chunk (the borrowed one too, when it was the only one). */
  private shift(): void {
    this.chunks.shift();
    if (this.chunks.length === 0) this.lastBorrowed = false;
  }

  /** Drops up to `n` bytes; returns how many were dropped. */
  private discard(n: number): number {
    let dropped = 0;
    while (dropped < n && this.chunks.length > 0) {
      const c = this.chunks[0]!;
      const k = Math.min(c.length, n - dropped);
      if (k === c.length) this.shift();
      else this.chunks[0] = c.subarray(k);
      dropped += k;
    }
    this.buffered -= dropped;
    return dropped;
  }
}

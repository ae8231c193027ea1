/**
 * Cuts a framed-transport byte stream into messages: each frame is a 4-byte big-endian length
 * and that many bytes. Chunks are joined only once a whole frame is here, so a declared length
 * never allocates by itself.
 *
 * What can come out:
 * - frame:     a whole frame's payload (one Thrift message)
 * - oversized: the declared length exceeds the limit; `head` holds the frame's first bytes (enough
 *              to read the message header and answer it), the rest is skipped as it arrives and
 *              the stream stays usable (the limit is checked as each length is read, so a
 *              connection may lower it before a login and raise it after: `limitFrameBytes`)
 * - fatal:     the stream cannot be followed: a negative length (an unframed strict-protocol
 *              message starts with 0x8001…), or a length so absurd that no client means it (an
 *              HTTP request, a TLS hello); the connection is closed
 */
export type ThriftFrameEvent =
  | { readonly kind: 'frame'; readonly payload: Buffer }
  | { readonly kind: 'oversized'; readonly size: number; readonly head: Buffer }
  | { readonly kind: 'fatal'; readonly reason: string };

/** How much of an oversized frame is kept to answer it. */
const HEAD_BYTES = 512;
/** Declared lengths beyond this many times the limit are treated as a foreign protocol. */
const ABSURD_FACTOR = 16;

export class FrameSplitter {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private skipping = 0;
  private dead = false;
  private frameBytesMax: number;

  /** `maxFrameBytes`: the configured limit (also what "absurd" is measured against). */
  constructor(private readonly maxFrameBytes: number) {
    this.frameBytesMax = maxFrameBytes;
  }

  /** The limit for frames whose length is read from now on (at most the configured one). */
  limitFrameBytes(n: number): void {
    this.frameBytesMax = Math.min(n, this.maxFrameBytes);
  }

  get bufferedBytes(): number {
    return this.buffered;
  }

  push(chunk: Buffer): void {
    if (this.dead || chunk.length === 0) return;
    if (this.skipping > 0) {
      const n = Math.min(this.skipping, chunk.length);
      this.skipping -= n;
      if (n === chunk.length) return;
      chunk = chunk.subarray(n);
    }
    this.chunks.push(chunk);
    this.buffered += chunk.length;
  }

  /** The next event, or null when more bytes are needed (and after a fatal event). */
  next(): ThriftFrameEvent | null {
    if (this.dead || this.skipping > 0 || this.buffered < 4) return null;
    const size = this.peekLength();
    if (size < 0) return this.fatal(isStrictHeader(size) ? 'an unframed message (this server speaks the framed transport)' : `a negative frame length ${size}`);
    if (size > this.frameBytesMax) {
      if (size > this.maxFrameBytes * ABSURD_FACTOR) return this.fatal(`a frame length of ${size} bytes (not a Thrift framed-transport client?)`);
      const headLength = Math.min(size, HEAD_BYTES);
      if (this.buffered < 4 + headLength) return null;
      const all = this.take(4 + headLength);
      this.skipping = size - headLength;
      this.dropSkipped();
      return { kind: 'oversized', size, head: all.subarray(4) };
    }
    if (this.buffered < 4 + size) return null;
    return { kind: 'frame', payload: this.take(4 + size).subarray(4) };
  }

  private fatal(reason: string): ThriftFrameEvent {
    this.dead = true;
    this.chunks = [];
    this.buffered = 0;
    return { kind: 'fatal', reason };
  }

  private peekLength(): number {
    const first = this.chunks[0]!;
    if (first.length >= 4) return first.readInt32BE(0);
    const head = Buffer.concat(this.chunks, Math.min(this.buffered, 8));
    return head.readInt32BE(0);
  }

  /** Removes and returns the first `n` buffered bytes as one buffer. */
  private take(n: number): Buffer {
    const first = this.chunks[0]!;
    let out: Buffer;
    if (first.length >= n) {
      out = first.subarray(0, n);
      if (first.length === n) this.chunks.shift();
      else this.chunks[0] = first.subarray(n);
    } else {
      out = Buffer.allocUnsafe(n);
      let at = 0;
      while (at < n) {
        const c = this.chunks[0]!;
        const k = Math.min(c.length, n - at);
        c.copy(out, at, 0, k);
        at += k;
        if (k === c.length) this.chunks.shift();
        else this.chunks[0] = c.subarray(k);
      }
    }
    this.buffered -= n;
    return out;
  }

  /** Drops buffered bytes that belong to the frame being skipped. */
  private dropSkipped(): void {
    while (this.skipping > 0 && this.chunks.length > 0) {
      const c = this.chunks[0]!;
      const k = Math.min(c.length, this.skipping);
      this.skipping -= k;
      this.buffered -= k;
      if (k === c.length) this.chunks.shift();
      else this.chunks[0] = c.subarray(k);
    }
  }
}

/** A strict binary-protocol message begins with 0x8001 in its first two bytes. */
function isStrictHeader(word: number): boolean {
  return ((word >>> 16) & 0xffff) === 0x8001;
}

/**
 * The bytes of a TCP stream as the chunks they arrived in, consumed from the front. Both stream
 * readers of a CQL connection (frame-reader.ts for envelopes, segment-reader.ts for v5 frames)
 * keep their unread bytes here, so a declared length never causes an allocation by itself.
 *
 * A chunk may be borrowed (`push(chunk, true)`: a view of a read buffer the socket reuses). Bytes
 * taken from it are copied out, and `keep()` — called before the socket's 'data' listener returns
 * — copies whatever of it is still held.
 */
export class ChunkQueue {
  private readonly chunks: Buffer[] = [];
  private held = 0;
  /** The last chunk (or what is left of it) is borrowed: copy before keeping any of it. */
  private lastBorrowed = false;

  get bytes(): number {
    return this.held;
  }

  /** The first byte (bytes > 0). */
  get firstByte(): number {
    return this.chunks[0]![0]!;
  }

  push(chunk: Buffer, borrowed: boolean): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.held += chunk.length;
    this.lastBorrowed = borrowed;
  }

  /** Copies the borrowed bytes still held, so the lender may reuse its buffer. */
  keep(): void {
    if (!this.lastBorrowed) return;
    this.lastBorrowed = false;
    const last = this.chunks.length - 1;
    if (last >= 0) this.chunks[last] = Buffer.from(this.chunks[last]!);
  }

  clear(): void {
    this.chunks.length = 0;
    this.held = 0;
    this.lastBorrowed = false;
  }

  /** The first `n` held bytes without consuming them (n ≤ bytes); a view when they sit in one chunk. */
  peek(n: number): Buffer {
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

  /** Consumes `n` bytes (n ≤ bytes) as one buffer the caller may keep (a copy of borrowed bytes). */
  take(n: number): Buffer {
    const head = this.chunks[0];
    if (n === 0) return Buffer.alloc(0);
    if (head !== undefined && head.length >= n) {
      const borrowed = this.lastBorrowed && this.chunks.length === 1;
      if (head.length === n) this.shift();
      else this.chunks[0] = head.subarray(n);
      this.held -= n;
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
    this.held -= n;
    return out;
  }

  /** Drops up to `n` bytes; returns how many were dropped. */
  discard(n: number): number {
    let dropped = 0;
    while (dropped < n && this.chunks.length > 0) {
      const c = this.chunks[0]!;
      const k = Math.min(c.length, n - dropped);
      if (k === c.length) this.shift();
      else this.chunks[0] = c.subarray(k);
      dropped += k;
    }
    this.held -= dropped;
    return dropped;
  }

  /** Drops the first chunk (the borrowed one too, when it was the only one). */
  private shift(): void {
    this.chunks.shift();
    if (this.chunks.length === 0) this.lastBorrowed = false;
  }
}

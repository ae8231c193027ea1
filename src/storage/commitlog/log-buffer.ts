/**
 * The growable byte buffer the write path encodes entries into. One buffer is reused for every
 * batch, so appending an entry allocates nothing of its own; `truncate` rolls back an entry that
 * failed to encode or was refused, and `shiftToFront` keeps the bytes of an entry that must move
 * to the next segment. Varints are unsigned LEB128 (7 bits a byte, low groups first); `zigzag`
 * maps signed to unsigned (0, -1, 1, -2, … → 0, 1, 2, 3, …) so small magnitudes stay short.
 */
export class LogBuffer {
  buf: Buffer;
  pos = 0;

  constructor(
    private readonly initialBytes: number,
    /** Above this capacity an empty buffer is given back to the allocator. */
    private readonly retainedBytesMax: number,
  ) {
    this.buf = Buffer.allocUnsafe(initialBytes);
  }

  ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < this.pos + n) cap *= 2;
    const next = Buffer.allocUnsafe(cap);
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  /** Advances over `n` bytes the caller fills in later. */
  reserve(n: number): void {
    this.ensure(n);
    this.pos += n;
  }

  u8(v: number): void {
    this.ensure(1);
    this.buf[this.pos++] = v;
  }

  /** Unsigned varint of a non-negative safe integer. */
  varint(v: number): void {
    this.ensure(8);
    const b = this.buf;
    let p = this.pos;
    while (v >= 0x80) {
      b[p++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    b[p++] = v;
    this.pos = p;
  }

  /** Zig-zag varint of any integer in (-2^69, 2^69) (int64 values and differences of two). */
  zigzag(v: bigint): void {
    // Number(v) is exact below 2^53 and rounds to at least 2^53 above, so this test is exact.
    const n = Number(v);
    if (n < FAST_LIMIT && n > -FAST_LIMIT) {
      this.varint(n >= 0 ? n * 2 : -n * 2 - 1);
      return;
    }
    this.zigzagLong(v);
  }

  /** Zig-zag varint of `v - base` for int64 values, without BigInt arithmetic when it fits a double. */
  zigzagDelta(v: bigint, base: bigint): void {
    const a = Number(v);
    const b = Number(base);
    if (a < FAST_LIMIT && a > -FAST_LIMIT && b < FAST_LIMIT && b > -FAST_LIMIT) {
      const d = a - b; // exact: |d| < 2^53
      if (d < FAST_LIMIT && d > -FAST_LIMIT) {
        this.varint(d >= 0 ? d * 2 : -d * 2 - 1);
        return;
      }
    }
    this.zigzagLong(v - base);
  }

  private zigzagLong(v: bigint): void {
    let z = v >= 0n ? v << 1n : ((-v) << 1n) - 1n;
    this.ensure(10);
    while (z >= 0x80n) {
      this.buf[this.pos++] = Number(z & 0x7fn) | 0x80;
      z >>= 7n;
    }
    this.buf[this.pos++] = Number(z);
  }

  bytes(b: Uint8Array): void {
    this.ensure(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }

  lenBytes(b: Uint8Array): void {
    this.varint(b.length);
    this.bytes(b);
  }

  /** varint byte length, then the UTF-8 bytes of `s`. */
  utf8(s: string): void {
    const n = Buffer.byteLength(s, 'utf8');
    this.varint(n);
    this.ensure(n);
    this.pos += this.buf.write(s, this.pos, n, 'utf8');
  }

  truncate(pos: number): void {
    this.pos = pos;
  }

  /** Keeps only `[from, pos)`, moved to the front. */
  shiftToFront(from: number): void {
    this.buf.copyWithin(0, from, this.pos);
    this.pos -= from;
  }

  /** Empties the buffer, releasing it if a huge entry grew it past `retainedBytesMax`. */
  clear(): void {
    this.pos = 0;
    if (this.buf.length > this.retainedBytesMax) this.buf = Buffer.allocUnsafe(this.initialBytes);
  }
}

/** |v| < 2^52 zig-zags to < 2^53, exact in a double. */
const FAST_LIMIT = 2 ** 52;

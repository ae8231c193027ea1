import { ByteWriter } from '../../util/byte-writer.js';

/**
 * The growable byte buffer the write path encodes entries into (util's ByteWriter plus what the
 * commit log needs: fast zig-zag, roll-back, keep-a-tail, release). One buffer is reused for every
 * batch, so appending an entry allocates nothing of its own; `truncate` rolls back an entry that
 * failed to encode or was refused, and `shiftToFront` keeps the bytes of an entry that must move
 * to the next segment. Varints are unsigned LEB128 (7 bits a byte, low groups first); `zigzag`
 * maps signed to unsigned (0, -1, 1, -2, … → 0, 1, 2, 3, …) so small magnitudes stay short.
 */
export class LogBuffer extends ByteWriter {
  constructor(
    private readonly initialBytes: number,
    /** Above this capacity an empty buffer is given back to the allocator. */
    private readonly retainedBytesMax: number,
  ) {
    super(initialBytes);
  }

  /** Advances over `n` bytes the caller fills in later. */
  reserve(n: number): void {
    this.ensure(n);
    this.pos += n;
  }

  /** Zig-zag varint of any integer in (-2^69, 2^69) (int64 values and differences of two). */
  zigzag(v: bigint): void {
    // Number(v) is exact below 2^53 and rounds to at least 2^53 above, so this test is exact.
    const n = Number(v);
    if (n < FAST_LIMIT && n > -FAST_LIMIT) {
      this.varint(n >= 0 ? n * 2 : -n * 2 - 1);
      return;
    }
    this.svarint64(v);
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
    this.svarint64(v - base);
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

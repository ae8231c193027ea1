/**
 * A growable buffer for encoding binary formats. Integers are big-endian; `varint` is unsigned
 * LEB128 (7 bits a byte, low groups first) for non-negative safe integers.
 */
export class ByteWriter {
  /** The backing buffer; bytes [0, pos) are written. Subclasses may read and patch it. */
  buf: Buffer;
  pos = 0;

  constructor(initialCapacity = 256) {
    this.buf = Buffer.allocUnsafe(initialCapacity);
  }

  get length(): number {
    return this.pos;
  }

  /** Grows the buffer so that `n` more bytes fit. */
  ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < this.pos + n) cap *= 2;
    const next = Buffer.allocUnsafe(cap);
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  u8(v: number): this {
    this.ensure(1);
    this.buf[this.pos++] = v;
    return this;
  }

  u16(v: number): this {
    this.ensure(2);
    this.buf.writeUInt16BE(v, this.pos);
    this.pos += 2;
    return this;
  }

  u32(v: number): this {
    this.ensure(4);
    this.buf.writeUInt32BE(v >>> 0, this.pos);
    this.pos += 4;
    return this;
  }

  i32(v: number): this {
    this.ensure(4);
    this.buf.writeInt32BE(v, this.pos);
    this.pos += 4;
    return this;
  }

  i64(v: bigint): this {
    this.ensure(8);
    this.buf.writeBigInt64BE(v, this.pos);
    this.pos += 8;
    return this;
  }

  u64(v: bigint): this {
    this.ensure(8);
    this.buf.writeBigUInt64BE(v, this.pos);
    this.pos += 8;
    return this;
  }

  varint(v: number): this {
    if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`varint out of range: ${v}`);
    this.ensure(8);
    const b = this.buf;
    let p = this.pos;
    while (v >= 0x80) {
      b[p++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    b[p++] = v;
    this.pos = p;
    return this;
  }

  /** Zig-zag signed varint for bigint values in int64 range. */
  svarint64(v: bigint): this {
    let z = v >= 0n ? v << 1n : ((-v) << 1n) - 1n;
    this.ensure(10);
    while (z >= 0x80n) {
      this.buf[this.pos++] = Number(z & 0x7fn) | 0x80;
      z >>= 7n;
    }
    this.buf[this.pos++] = Number(z);
    return this;
  }

  /** Leaves `n` bytes to be written later (a header whose length is known at the end). */
  skip(n: number): this {
    this.ensure(n);
    this.pos += n;
    return this;
  }

  bytes(b: Uint8Array): this {
    this.ensure(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
    return this;
  }

  /** varint length then the bytes. */
  lenBytes(b: Uint8Array): this {
    return this.varint(b.length).bytes(b);
  }

  /** Overwrites 4 bytes at an earlier position (for back-patched lengths). */
  patchU32(at: number, v: number): void {
    this.buf.writeUInt32BE(v >>> 0, at);
  }

  /** A view of the bytes written so far (shares memory until the next write). */
  view(): Buffer {
    return this.buf.subarray(0, this.pos);
  }

  /** A copy of the bytes written so far. */
  toBuffer(): Buffer {
    return Buffer.from(this.buf.subarray(0, this.pos));
  }

  reset(): void {
    this.pos = 0;
  }
}

/**
 * Reads what `ByteWriter` writes. Every read checks bounds and throws `RangeError` past the end,
 * so a truncated or garbled record can never be read as valid data; format owners turn that into
 * a `CorruptionError` naming the file.
 */
export class ByteReader {
  pos: number;

  constructor(
    readonly buf: Buffer,
    start = 0,
    readonly end = buf.length,
  ) {
    this.pos = start;
  }

  get remaining(): number {
    return this.end - this.pos;
  }

  private need(n: number): void {
    if (this.pos + n > this.end) throw new RangeError(`read past end: need ${n} at ${this.pos}, end ${this.end}`);
  }

  u8(): number {
    this.need(1);
    return this.buf[this.pos++]!;
  }

  u16(): number {
    this.need(2);
    const v = this.buf.readUInt16BE(this.pos);
    this.pos += 2;
    return v;
  }

  u32(): number {
    this.need(4);
    const v = this.buf.readUInt32BE(this.pos);
    this.pos += 4;
    return v;
  }

  i32(): number {
    this.need(4);
    const v = this.buf.readInt32BE(this.pos);
    this.pos += 4;
    return v;
  }

  i64(): bigint {
    this.need(8);
    const v = this.buf.readBigInt64BE(this.pos);
    this.pos += 8;
    return v;
  }

  u64(): bigint {
    this.need(8);
    const v = this.buf.readBigUInt64BE(this.pos);
    this.pos += 8;
    return v;
  }

  varint(): number {
    let result = 0;
    let mul = 1;
    for (let i = 0; i < 8; i++) {
      const b = this.u8();
      result += (b & 0x7f) * mul;
      if (b < 0x80) return result;
      mul *= 0x80;
    }
    throw new RangeError(`varint too long at ${this.pos}`);
  }

  svarint64(): bigint {
    let z = 0n;
    let shift = 0n;
    for (let i = 0; i < 10; i++) {
      const b = this.u8();
      z |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) return (z & 1n) === 0n ? z >> 1n : -((z + 1n) >> 1n);
      shift += 7n;
    }
    throw new RangeError(`svarint too long at ${this.pos}`);
  }

  /** A view (no copy) of the next `n` bytes. */
  bytes(n: number): Buffer {
    this.need(n);
    const v = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return v;
  }

  lenBytes(): Buffer {
    return this.bytes(this.varint());
  }
}

/**
 * Writes Thrift's binary protocol (strict form) into one growing buffer. `frame()` starts a
 * framed-transport frame (a 4-byte length patched by `finishFrame`), so a reply is built in one
 * pass and written with one socket write.
 */
import { ByteWriter } from '../../util/byte-writer.js';
import { TType, VERSION_1 } from './thrift-wire.js';

export class ThriftWriter {
  private readonly out: ByteWriter;
  private frameStart = -1;

  constructor(initialCapacity = 512) {
    this.out = new ByteWriter(initialCapacity);
  }

  get length(): number {
    return this.out.length;
  }

  frame(): this {
    this.frameStart = this.out.length;
    this.out.u32(0);
    return this;
  }

  /** Patches the frame's length and returns the bytes written so far (a copy). */
  finishFrame(): Buffer {
    if (this.frameStart >= 0) this.out.patchU32(this.frameStart, this.out.length - this.frameStart - 4);
    this.frameStart = -1;
    return this.out.toBuffer();
  }

  toBuffer(): Buffer {
    return this.out.toBuffer();
  }

  messageBegin(name: string, type: number, seqid: number): this {
    this.out.u32((VERSION_1 | type) >>> 0);
    this.string(name);
    this.out.i32(seqid);
    return this;
  }

  fieldBegin(type: number, id: number): this {
    this.out.u8(type);
    this.out.u16(id & 0xffff);
    return this;
  }

  fieldStop(): this {
    this.out.u8(TType.STOP);
    return this;
  }

  listBegin(elemType: number, size: number): this {
    this.out.u8(elemType);
    this.out.i32(size);
    return this;
  }

  mapBegin(keyType: number, valueType: number, size: number): this {
    this.out.u8(keyType);
    this.out.u8(valueType);
    this.out.i32(size);
    return this;
  }

  bool(v: boolean): this {
    this.out.u8(v ? 1 : 0);
    return this;
  }

  byte(v: number): this {
    this.out.u8(v & 0xff);
    return this;
  }

  i16(v: number): this {
    this.out.u16(v & 0xffff);
    return this;
  }

  i32(v: number): this {
    this.out.i32(v);
    return this;
  }

  i64(v: bigint): this {
    this.out.i64(v);
    return this;
  }

  double(v: number): this {
    const b = Buffer.allocUnsafe(8);
    b.writeDoubleBE(v, 0);
    this.out.bytes(b);
    return this;
  }

  binary(v: Uint8Array): this {
    this.out.i32(v.length);
    this.out.bytes(v);
    return this;
  }

  string(v: string): this {
    return this.binary(Buffer.from(v, 'utf8'));
  }
}

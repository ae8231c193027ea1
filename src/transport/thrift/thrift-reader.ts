/**
 * Reads Thrift's binary protocol from one whole message (a frame's payload). Every read is
 * bounds-checked and throws ThriftProtocolError; sizes are checked against the bytes left before
 * anything is allocated, so a hostile size cannot make the server allocate more than the frame.
 * Binary values are views into the frame (no copy); strings must be valid UTF-8.
 */
import { isUtf8 } from 'node:buffer';
import { ThriftProtocolError } from './thrift-protocol-error.js';
import { TType, VERSION_1, VERSION_MASK, isKnownType, typeName } from './thrift-wire.js';

export interface MessageHeader {
  readonly name: string;
  readonly type: number;
  readonly seqid: number;
}

export interface FieldHeader {
  readonly type: number;
  readonly id: number;
}

/** Nesting deeper than this is refused (the IDL's deepest value is 5 levels). */
const MAX_SKIP_DEPTH = 64;

export class ThriftReader {
  private pos = 0;

  constructor(private readonly buf: Buffer) {}

  get offset(): number {
    return this.pos;
  }

  get remaining(): number {
    return this.buf.length - this.pos;
  }

  private need(n: number, what: string): void {
    if (this.buf.length - this.pos < n) throw new ThriftProtocolError(`truncated ${what}: needs ${n} bytes, ${this.buf.length - this.pos} left`);
  }

  // Integers are read from the bytes directly: need() has checked the bounds, and Buffer's
  // readIntBE methods check them again with argument validation (≈3× slower per call).

  byte(): number {
    this.need(1, 'byte');
    return (this.buf[this.pos++]! << 24) >> 24;
  }

  bool(): boolean {
    return this.byte() !== 0;
  }

  i16(): number {
    this.need(2, 'i16');
    const b = this.buf;
    const v = ((b[this.pos]! << 24) | (b[this.pos + 1]! << 16)) >> 16;
    this.pos += 2;
    return v;
  }

  i32(): number {
    this.need(4, 'i32');
    const b = this.buf;
    const p = this.pos;
    const v = (b[p]! << 24) | (b[p + 1]! << 16) | (b[p + 2]! << 8) | b[p + 3]!;
    this.pos += 4;
    return v;
  }

  i64(): bigint {
    this.need(8, 'i64');
    const v = this.buf.readBigInt64BE(this.pos);
    this.pos += 8;
    return v;
  }

  double(): number {
    this.need(8, 'double');
    const v = this.buf.readDoubleBE(this.pos);
    this.pos += 8;
    return v;
  }

  binary(): Buffer {
    const n = this.size('binary length', 1);
    // A view like subarray(), made without subarray's species lookup (≈25% faster).
    const v = Buffer.from(this.buf.buffer, this.buf.byteOffset + this.pos, n);
    this.pos += n;
    return v;
  }

  string(): string {
    const b = this.binary();
    if (!isUtf8(b)) throw new ThriftProtocolError('string is not valid UTF-8');
    return b.toString('utf8');
  }

  /** A message header in the strict form (version word) or the old one (name first). */
  messageBegin(): MessageHeader {
    const first = this.i32();
    if (first < 0) {
      if ((first & VERSION_MASK) !== (VERSION_1 | 0)) throw new ThriftProtocolError(`bad protocol version 0x${(first >>> 0).toString(16)}`);
      const type = first & 0xff;
      const name = this.string();
      return { name, type, seqid: this.i32() };
    }
    this.need(first, 'method name');
    const nameBytes = this.buf.subarray(this.pos, this.pos + first);
    if (!isUtf8(nameBytes)) throw new ThriftProtocolError('method name is not valid UTF-8');
    this.pos += first;
    const type = this.byte();
    return { name: nameBytes.toString('utf8'), type, seqid: this.i32() };
  }

  fieldBegin(): FieldHeader {
    const type = this.byte() & 0xff;
    if (type === TType.STOP) return { type, id: 0 };
    if (!isKnownType(type)) throw new ThriftProtocolError(`unknown field ${typeName(type)}`);
    return { type, id: this.i16() };
  }

  listBegin(): { elemType: number; size: number } {
    const elemType = this.byte() & 0xff;
    if (!isKnownType(elemType)) throw new ThriftProtocolError(`unknown list element ${typeName(elemType)}`);
    return { elemType, size: this.size('list size', minSize(elemType)) };
  }

  mapBegin(): { keyType: number; valueType: number; size: number } {
    const keyType = this.byte() & 0xff;
    const valueType = this.byte() & 0xff;
    if (!isKnownType(keyType) || !isKnownType(valueType)) throw new ThriftProtocolError(`unknown map types ${typeName(keyType)}, ${typeName(valueType)}`);
    return { keyType, valueType, size: this.size('map size', minSize(keyType) + minSize(valueType)) };
  }

  /** Skips a value of `type` (a field the IDL does not know, or one the client sent with another type). */
  skip(type: number, depth = 0): void {
    if (depth > MAX_SKIP_DEPTH) throw new ThriftProtocolError('value nested too deeply');
    switch (type) {
      case TType.BOOL: case TType.BYTE: this.need(1, 'byte'); this.pos += 1; return;
      case TType.I16: this.need(2, 'i16'); this.pos += 2; return;
      case TType.I32: this.need(4, 'i32'); this.pos += 4; return;
      case TType.I64: case TType.DOUBLE: this.need(8, typeName(type)); this.pos += 8; return;
      case TType.STRING: this.binary(); return;
      case TType.STRUCT:
        for (;;) {
          const f = this.fieldBegin();
          if (f.type === TType.STOP) return;
          this.skip(f.type, depth + 1);
        }
      case TType.LIST: case TType.SET: {
        const { elemType, size } = this.listBegin();
        for (let i = 0; i < size; i++) this.skip(elemType, depth + 1);
        return;
      }
      case TType.MAP: {
        const { keyType, valueType, size } = this.mapBegin();
        for (let i = 0; i < size; i++) {
          this.skip(keyType, depth + 1);
          this.skip(valueType, depth + 1);
        }
        return;
      }
      default:
        throw new ThriftProtocolError(`cannot skip ${typeName(type)}`);
    }
  }

  /** A non-negative size whose elements (each at least `minBytes`) fit in what is left. */
  private size(what: string, minBytes: number): number {
    const n = this.i32();
    if (n < 0) throw new ThriftProtocolError(`negative ${what} ${n}`);
    if (n * minBytes > this.remaining) throw new ThriftProtocolError(`${what} ${n} exceeds the ${this.remaining} bytes left`);
    return n;
  }
}

/** The fewest bytes a value of `type` takes on the wire. */
function minSize(type: number): number {
  switch (type) {
    case TType.I16: return 2;
    case TType.I32: case TType.STRING: case TType.LIST: case TType.SET: return 4;
    case TType.I64: case TType.DOUBLE: return 8;
    case TType.MAP: return 6;
    default: return 1;
  }
}

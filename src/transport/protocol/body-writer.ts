import { ByteWriter } from '../../util/byte-writer.js';
import { type ConsistencyLevel, consistencyCode } from './consistency.js';
import type { BoundValue, InetSocketAddress } from './body-reader.js';
import { UNSET } from './body-reader.js';
import { parseIp } from './inet-address.js';

const SHORT_MAX = 0xffff;

/**
 * Writes the notations of the v4 spec §3 (the mirror of `BodyReader`). Lengths that do not fit
 * their notation throw `RangeError`: a server bug, reported to the client as SERVER_ERROR.
 */
export class BodyWriter extends ByteWriter {
  byte(v: number): this {
    return this.u8(v & 0xff);
  }

  short(v: number): this {
    if (!Number.isInteger(v) || v < 0 || v > SHORT_MAX) throw new RangeError(`[short] out of range: ${v}`);
    return this.u16(v);
  }

  int(v: number): this {
    return this.i32(v);
  }

  long(v: bigint): this {
    return this.i64(v);
  }

  string(s: string): this {
    const n = Buffer.byteLength(s, 'utf8');
    this.short(n);
    this.ensure(n);
    this.buf.write(s, this.pos, 'utf8');
    this.pos += n;
    return this;
  }

  /**
   * [string] of a message meant for people (an error's message, a warning): one longer than a
   * [string] holds (65535 UTF-8 bytes — a syntax error quoting a long query) is cut at a character
   * boundary and says so, rather than making the response unencodable.
   */
  messageString(s: string): this {
    return this.string(fitMessage(s));
  }

  longString(s: string): this {
    const n = Buffer.byteLength(s, 'utf8');
    this.i32(n);
    this.ensure(n);
    this.buf.write(s, this.pos, 'utf8');
    this.pos += n;
    return this;
  }

  uuid(b: Uint8Array): this {
    if (b.length !== 16) throw new RangeError(`[uuid] needs 16 bytes, got ${b.length}`);
    return this.bytes(b);
  }

  stringList(list: readonly string[]): this {
    this.short(list.length);
    for (const s of list) this.string(s);
    return this;
  }

  /** [bytes]; null writes length -1. */
  bytesValue(b: Uint8Array | null): this {
    if (b === null) return this.i32(-1);
    return this.i32(b.length).bytes(b);
  }

  /** [value]; null is -1, not-set -2. */
  value(v: BoundValue): this {
    if (v === null) return this.i32(-1);
    if (v === UNSET) return this.i32(-2);
    return this.i32(v.length).bytes(v);
  }

  shortBytes(b: Uint8Array): this {
    return this.short(b.length).bytes(b);
  }

  inetAddr(address: string): this {
    const ip = parseIp(address);
    if (ip === null) throw new RangeError(`not an IP address: ${address}`);
    return this.u8(ip.length).bytes(ip);
  }

  inet(a: InetSocketAddress): this {
    return this.inetAddr(a.address).i32(a.port);
  }

  consistency(level: ConsistencyLevel): this {
    return this.u16(consistencyCode(level));
  }

  stringMap(m: ReadonlyMap<string, string>): this {
    this.short(m.size);
    for (const [k, v] of m) this.string(k).string(v);
    return this;
  }

  stringMultimap(m: ReadonlyMap<string, readonly string[]>): this {
    this.short(m.size);
    for (const [k, v] of m) this.string(k).stringList(v);
    return this;
  }

  bytesMap(m: ReadonlyMap<string, Uint8Array | null>): this {
    this.short(m.size);
    for (const [k, v] of m) this.string(k).bytesValue(v);
    return this;
  }
}

const STRING_BYTES_MAX = 0xffff;

/** `s`, or its start and a note of what was cut, within STRING_BYTES_MAX UTF-8 bytes. */
export function fitMessage(s: string): string {
  const n = Buffer.byteLength(s, 'utf8');
  if (n <= STRING_BYTES_MAX) return s;
  const note = ` [… ${n} bytes in all, cut to fit the protocol's string]`;
  const keep = Buffer.from(s, 'utf8').subarray(0, STRING_BYTES_MAX - Buffer.byteLength(note, 'utf8'));
  // A cut inside a multi-byte character leaves U+FFFD at the end: drop it.
  return keep.toString('utf8').replace(/\uFFFD$/, '') + note;
}

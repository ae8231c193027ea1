import { isUtf8 } from 'node:buffer';
import { type ConsistencyLevel, consistencyFromCode } from './consistency.js';
import { formatIp } from './inet-address.js';
import { ProtocolViolation } from './protocol-violation.js';

/** The [value] that leaves a bound variable unchanged (length -2, v4 and later). */
export const UNSET: unique symbol = Symbol('unset');
export type Unset = typeof UNSET;

/** A bound value: bytes, null (length -1) or not-set (length -2). */
export type BoundValue = Buffer | null | Unset;

export interface InetSocketAddress {
  /** Dotted quad or IPv6 text. */
  readonly address: string;
  readonly port: number;
}

/**
 * Reads the notations of the v4 spec §3 from a message body. Every read checks the bytes left
 * and throws `ProtocolViolation` past the end; every count is checked against the bytes left
 * before anything is allocated for it (each element takes at least `minBytes`), so a hostile
 * count or length can never make the server allocate more than the frame it already holds.
 * Strings must be valid UTF-8.
 */
export class BodyReader {
  private pos: number;

  constructor(
    private readonly buf: Buffer,
    start = 0,
    private readonly end = buf.length,
  ) {
    this.pos = start;
  }

  get remaining(): number {
    return this.end - this.pos;
  }

  get position(): number {
    return this.pos;
  }

  private need(n: number, what: string): void {
    if (n > this.end - this.pos) {
      throw new ProtocolViolation(`truncated body: ${what} needs ${n} bytes, ${this.end - this.pos} left`);
    }
  }

  /** Checks that `count` elements of at least `minBytes` each can still fit. */
  private checkCount(count: number, minBytes: number, what: string): void {
    if (count * minBytes > this.end - this.pos) {
      throw new ProtocolViolation(`${what} count ${count} cannot fit in the ${this.end - this.pos} bytes left`);
    }
  }

  byte(): number {
    this.need(1, '[byte]');
    return this.buf[this.pos++]!;
  }

  short(): number {
    this.need(2, '[short]');
    const v = this.buf.readUInt16BE(this.pos);
    this.pos += 2;
    return v;
  }

  int(): number {
    this.need(4, '[int]');
    const v = this.buf.readInt32BE(this.pos);
    this.pos += 4;
    return v;
  }

  long(): bigint {
    this.need(8, '[long]');
    const v = this.buf.readBigInt64BE(this.pos);
    this.pos += 8;
    return v;
  }

  /** A view (no copy) of the next `n` raw bytes. */
  raw(n: number, what = 'bytes'): Buffer {
    this.need(n, what);
    const v = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return v;
  }

  private utf8(n: number, what: string): string {
    const b = this.raw(n, what);
    if (!isUtf8(b)) throw new ProtocolViolation(`${what} is not valid UTF-8`);
    return b.toString('utf8');
  }

  string(): string {
    return this.utf8(this.short(), '[string]');
  }

  longString(): string {
    const n = this.int();
    if (n < 0) throw new ProtocolViolation(`[long string] with negative length ${n}`);
    return this.utf8(n, '[long string]');
  }

  uuid(): Buffer {
    return Buffer.from(this.raw(16, '[uuid]'));
  }

  stringList(): string[] {
    const n = this.short();
    this.checkCount(n, 2, '[string list]');
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(this.string());
    return out;
  }

  /** [bytes]: null when the length is negative. Returns a copy (bodies may be pooled). */
  bytes(): Buffer | null {
    const n = this.int();
    if (n < 0) return null;
    return Buffer.from(this.raw(n, '[bytes]'));
  }

  /** [value]: -1 is null, -2 not-set (v4+; in v3 any negative length is null), below is an error. */
  value(version: number): BoundValue {
    const n = this.int();
    if (n >= 0) return Buffer.from(this.raw(n, '[value]'));
    if (n === -1 || version < 4) return null;
    if (n === -2) return UNSET;
    throw new ProtocolViolation(`[value] with invalid length ${n}`);
  }

  shortBytes(): Buffer {
    return Buffer.from(this.raw(this.short(), '[short bytes]'));
  }

  /** [inetaddr]: a length byte (4 or 16) and the address. */
  inetAddr(): string {
    const n = this.byte();
    if (n !== 4 && n !== 16) throw new ProtocolViolation(`[inetaddr] of ${n} bytes (4 or 16 expected)`);
    return formatIp(this.raw(n, '[inetaddr]'));
  }

  /** [inet]: an [inetaddr] and an [int] port. */
  inet(): InetSocketAddress {
    const address = this.inetAddr();
    return { address, port: this.int() };
  }

  consistency(): ConsistencyLevel {
    const code = this.short();
    const level = consistencyFromCode(code);
    if (level === undefined) throw new ProtocolViolation(`unknown consistency level 0x${code.toString(16)}`);
    return level;
  }

  stringMap(): Map<string, string> {
    const n = this.short();
    this.checkCount(n, 4, '[string map]');
    const out = new Map<string, string>();
    for (let i = 0; i < n; i++) {
      const k = this.string();
      out.set(k, this.string());
    }
    return out;
  }

  stringMultimap(): Map<string, string[]> {
    const n = this.short();
    this.checkCount(n, 4, '[string multimap]');
    const out = new Map<string, string[]>();
    for (let i = 0; i < n; i++) {
      const k = this.string();
      out.set(k, this.stringList());
    }
    return out;
  }

  bytesMap(): Map<string, Buffer | null> {
    const n = this.short();
    this.checkCount(n, 6, '[bytes map]');
    const out = new Map<string, Buffer | null>();
    for (let i = 0; i < n; i++) {
      const k = this.string();
      out.set(k, this.bytes());
    }
    return out;
  }

  /** A count read as [short] that must fit `minBytes` per element in what is left. */
  count(minBytes: number, what: string): number {
    const n = this.short();
    this.checkCount(n, minBytes, what);
    return n;
  }

  /** A count read as [int] (non-negative) that must fit `minBytes` per element in what is left. */
  intCount(minBytes: number, what: string): number {
    const n = this.int();
    if (n < 0) throw new ProtocolViolation(`${what} count ${n} is negative`);
    this.checkCount(n, minBytes, what);
    return n;
  }
}

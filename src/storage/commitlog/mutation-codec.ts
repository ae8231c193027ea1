/**
 * The binary form of a `Mutation` as the commit log stores it (one per entry payload).
 *
 *   mutation  = tableId:str key:bytes flags:u8 [partitionDeletion:deletion]
 *               rtCount:uv rangeTombstone{rtCount}
 *               cellCount:uv [baseTimestamp:zz] cell{cellCount}
 *   flags     = bit 0: partitionDeletion present; other bits 0
 *   deletion  = markedForDeleteAt:zz localDeletionTime:u32v
 *   rangeTombstone = start:bytes end:bytes deletion
 *   cell      = kind:u8 name:bytes [timestampDelta:zz] body
 *               timestampDelta = timestamp - baseTimestamp, absent for the first cell
 *               (baseTimestamp is the first cell's timestamp, present iff cellCount > 0)
 *   body      = LIVE(0):      value:bytes
 *             | EXPIRING(1):  ttl:u32v localDeletionTime:u32v value:bytes
 *             | TOMBSTONE(2): localDeletionTime:u32v
 *   str       = len:uv utf8[len]        bytes = len:uv byte[len]
 *   uv        = unsigned LEB128 varint, a safe integer, minimal length
 *   u32v      = uv no greater than 2^32 - 1
 *   zz        = zig-zag LEB128 varint, minimal length
 *
 * The form is canonical: a decoder accepts only what the encoder would produce (minimal varints,
 * zero flag bits, valid UTF-8, no trailing bytes), so decoding arbitrary bytes either throws or
 * yields a mutation that re-encodes to exactly those bytes — never a half-read mutation.
 * Kind bytes and flag bits are on-disk facts: never change them.
 */
import { CorruptionError } from '../../errors/ilium-error.js';
import { isUtf8 } from 'node:buffer';
import { CellKind, NO_DELETION_TIME, type Cell } from '../model/cell.js';
import type { DeletionTime, RangeTombstone } from '../model/deletion.js';
import type { Mutation } from '../model/partition-update.js';
import { LogBuffer } from './log-buffer.js';

const KIND_LIVE = 0; // never change
const KIND_EXPIRING = 1; // never change
const KIND_TOMBSTONE = 2; // never change
const FLAG_PARTITION_DELETION = 0x01; // never change

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;
/** Anything whose double is within ±2^62 is certainly int64. */
const INT64_FAST_LIMIT = 2 ** 62;
const U32_MAX = 0xffffffff;
const EMPTY = Buffer.alloc(0);

/** Appends the encoding of `m` to `out`. Throws RangeError (leaving `out` partly written) if `m`
 * breaks the model's invariants; callers roll back with `out.truncate`. */
export function encodeMutationInto(out: LogBuffer, m: Mutation): void {
  const u = m.update;
  out.utf8(m.tableId);
  out.lenBytes(u.key);
  out.u8(u.partitionDeletion === null ? 0 : FLAG_PARTITION_DELETION);
  if (u.partitionDeletion !== null) encodeDeletion(out, u.partitionDeletion);
  out.varint(u.rangeTombstones.length);
  for (const rt of u.rangeTombstones) {
    out.lenBytes(rt.start);
    out.lenBytes(rt.end);
    encodeDeletion(out, rt.deletion);
  }
  const cells = u.cells;
  out.varint(cells.length);
  if (cells.length === 0) return;
  const base = checkInt64(cells[0]!.timestamp);
  out.zigzag(base);
  for (let i = 0; i < cells.length; i++) encodeCell(out, cells[i]!, i === 0 ? null : base);
}

/** The encoding of `m` in a fresh buffer (tests and tools; the write path uses `encodeMutationInto`). */
export function encodeMutation(m: Mutation): Buffer {
  const out = new LogBuffer(256, 256);
  encodeMutationInto(out, m);
  return Buffer.from(out.buf.subarray(0, out.pos));
}

function encodeDeletion(out: LogBuffer, d: DeletionTime): void {
  out.zigzag(checkInt64(d.markedForDeleteAt));
  out.varint(checkU32(d.localDeletionTime, 'localDeletionTime'));
}

/** kind, name, the timestamp delta (unless `base` is null: the first cell), body. */
function encodeCell(out: LogBuffer, c: Cell, base: bigint | null): void {
  switch (c.kind) {
    case CellKind.LIVE:
      if (c.ttl !== 0 || c.localDeletionTime !== NO_DELETION_TIME) throw new RangeError('live cell with a ttl');
      encodeCellHead(out, KIND_LIVE, c, base);
      out.lenBytes(c.value);
      return;
    case CellKind.EXPIRING:
      encodeCellHead(out, KIND_EXPIRING, c, base);
      out.varint(checkU32(c.ttl, 'ttl'));
      out.varint(checkU32(c.localDeletionTime, 'localDeletionTime'));
      out.lenBytes(c.value);
      return;
    case CellKind.TOMBSTONE:
      if (c.ttl !== 0 || c.value.length !== 0) throw new RangeError('tombstone cell with a value or ttl');
      encodeCellHead(out, KIND_TOMBSTONE, c, base);
      out.varint(checkU32(c.localDeletionTime, 'localDeletionTime'));
      return;
    default:
      throw new RangeError(`unknown cell kind ${String(c.kind)}`);
  }
}

function encodeCellHead(out: LogBuffer, kind: number, c: Cell, base: bigint | null): void {
  out.u8(kind);
  out.lenBytes(c.name);
  if (base !== null) out.zigzagDelta(checkInt64(c.timestamp), base);
}

function checkInt64(v: bigint): bigint {
  const n = Number(v);
  if (n < INT64_FAST_LIMIT && n > -INT64_FAST_LIMIT) return v; // no BigInt comparison on the hot path
  if (v < INT64_MIN || v > INT64_MAX) throw new RangeError(`timestamp out of int64 range: ${v}`);
  return v;
}

function checkU32(v: number, what: string): number {
  if (!Number.isInteger(v) || v < 0 || v > U32_MAX) throw new RangeError(`${what} out of range: ${v}`);
  return v;
}

/**
 * Decodes one mutation that must occupy all of `payload`. The returned buffers are views into
 * `payload` (no copies): callers that reuse `payload` must copy it first. Throws
 * CorruptionError(source, offset within payload, …) on any deviation from the grammar.
 */
export function decodeMutation(payload: Buffer, source = 'mutation'): Mutation {
  const r = new Cursor(payload, source);
  const tableId = r.utf8();
  const key = r.bytes();
  const flags = r.u8();
  if ((flags & ~FLAG_PARTITION_DELETION) !== 0) r.fail(`unknown mutation flags 0x${flags.toString(16)}`);
  const partitionDeletion = (flags & FLAG_PARTITION_DELETION) !== 0 ? decodeDeletion(r) : null;
  const rangeTombstones: RangeTombstone[] = [];
  for (let n = r.count(); n > 0; n--) {
    const start = r.bytes();
    const end = r.bytes();
    rangeTombstones.push({ start, end, deletion: decodeDeletion(r) });
  }
  const cells: Cell[] = [];
  const cellCount = r.count();
  if (cellCount > 0) {
    const base = r.int64();
    for (let i = 0; i < cellCount; i++) {
      const kind = r.u8();
      const name = r.bytes();
      const timestamp = i === 0 ? base : r.sumInt64(base);
      cells.push(decodeCellBody(r, kind, name, timestamp));
    }
  }
  if (r.pos !== payload.length) r.fail(`${payload.length - r.pos} trailing bytes after mutation`);
  return { tableId, update: { key, partitionDeletion, rangeTombstones, cells } };
}

function decodeDeletion(r: Cursor): DeletionTime {
  const markedForDeleteAt = r.int64();
  return { markedForDeleteAt, localDeletionTime: r.u32v() };
}

function decodeCellBody(r: Cursor, kind: number, name: Buffer, timestamp: bigint): Cell {
  switch (kind) {
    case KIND_LIVE:
      return { name, kind: CellKind.LIVE, value: r.bytes(), timestamp, ttl: 0, localDeletionTime: NO_DELETION_TIME };
    case KIND_EXPIRING: {
      const ttl = r.u32v();
      const localDeletionTime = r.u32v();
      return { name, kind: CellKind.EXPIRING, value: r.bytes(), timestamp, ttl, localDeletionTime };
    }
    case KIND_TOMBSTONE:
      return { name, kind: CellKind.TOMBSTONE, value: EMPTY, timestamp, ttl: 0, localDeletionTime: r.u32v() };
    default:
      return r.fail(`unknown cell kind ${kind}`);
  }
}

/** A bounds-checked reader that accepts only canonical varints. */
class Cursor {
  pos = 0;

  constructor(
    private readonly buf: Buffer,
    private readonly source: string,
  ) {}

  fail(message: string): never {
    throw new CorruptionError(this.source, this.pos, message);
  }

  u8(): number {
    if (this.pos >= this.buf.length) this.fail('mutation truncated');
    return this.buf[this.pos++]!;
  }

  /** Minimal unsigned varint no greater than `max` (≤ 2^53 - 1). */
  uv(max = Number.MAX_SAFE_INTEGER): number {
    let v = 0;
    let mul = 1;
    for (let i = 0; i < 8; i++) {
      const b = this.u8();
      v += (b & 0x7f) * mul;
      if (b < 0x80) {
        if (b === 0 && i > 0) this.fail('non-minimal varint');
        if (v > max) this.fail(`varint ${v} exceeds ${max}`);
        return v;
      }
      mul *= 0x80;
    }
    return this.fail('varint too long');
  }

  u32v(): number {
    return this.uv(U32_MAX);
  }

  /** An element count: each element takes at least a byte, so it cannot exceed what is left. */
  count(): number {
    const n = this.uv();
    if (n > this.buf.length - this.pos) this.fail(`count ${n} exceeds the ${this.buf.length - this.pos} bytes left`);
    return n;
  }

  bytes(): Buffer {
    const n = this.uv();
    if (n > this.buf.length - this.pos) this.fail(`length ${n} runs past the end`);
    const v = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return v;
  }

  utf8(): string {
    const b = this.bytes();
    if (!isUtf8(b)) this.fail('table id is not valid UTF-8');
    return b.toString('utf8');
  }

  /** A minimal zig-zag varint of at most 10 bytes (any value in (-2^69, 2^69)). */
  zigzag(): bigint {
    // Fast path: up to 7 bytes hold < 2^49, exact in a double.
    const start = this.pos;
    let n = 0;
    let mul = 1;
    for (let i = 0; i < 7; i++) {
      const b = this.u8();
      n += (b & 0x7f) * mul;
      if (b < 0x80) {
        if (b === 0 && i > 0) this.fail('non-minimal varint');
        return BigInt(n % 2 === 0 ? n / 2 : -(n + 1) / 2);
      }
      mul *= 0x80;
    }
    this.pos = start;
    return this.zigzagLong();
  }

  private zigzagLong(): bigint {
    let z = 0n;
    let shift = 0n;
    for (let i = 0; i < 10; i++) {
      const b = this.u8();
      z |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) {
        if (b === 0 && i > 0) this.fail('non-minimal varint');
        return (z & 1n) === 0n ? z >> 1n : -((z + 1n) >> 1n);
      }
      shift += 7n;
    }
    return this.fail('varint too long');
  }

  int64(): bigint {
    const v = this.zigzag();
    if (v < INT64_MIN || v > INT64_MAX) this.fail(`timestamp out of int64 range`);
    return v;
  }

  /** `base` plus a zig-zag delta, which must land in int64 range. */
  sumInt64(base: bigint): bigint {
    const v = base + this.zigzag();
    if (v < INT64_MIN || v > INT64_MAX) this.fail(`timestamp out of int64 range`);
    return v;
  }
}

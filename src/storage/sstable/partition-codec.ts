import { type Cell, CellKind, NO_DELETION_TIME } from '../model/cell.js';
import { type DeletionTime, isLiveDeletion, LIVE_DELETION, type RangeTombstone } from '../model/deletion.js';
import type { PartitionData } from '../model/partition-data.js';
import { ByteReader } from '../../util/byte-reader.js';
import { ByteWriter } from '../../util/byte-writer.js';
import { compareBytes, sharedPrefixLength, writeVarU64 } from './bytes.js';
import {
  cellBlocksPerPartitionMax,
  cellsPerPartitionMax,
  keyBytesMax,
  nameBytesMax,
  rangeTombstonesPerPartitionMax,
  valueBytesMax,
} from './limits.js';

/**
 * One partition record in Data.db's uncompressed stream:
 *
 *   partition = header cell{cellCount}
 *   header    = keyLen:varint key flags:u8 [deletion] rtCount:varint rt{rtCount}
 *               cellCount:varint tsBase:i64
 *   flags     = HAS_DELETION (bit 0); other bits zero
 *   deletion  = markedForDeleteAt:i64 localDeletionTime:u32
 *   rt        = startLen:varint start endLen:varint end deletion
 *   cell      = cellFlags:u8 shared:varint suffixLen:varint suffix
 *               [tsDelta:varu64]               ; unless SAME_TS
 *               [ttl:varint]                   ; EXPIRING
 *               [localDeletionTime:u32]        ; EXPIRING, TOMBSTONE
 *               [valueLen:varint value]        ; LIVE, EXPIRING
 *   cellFlags = kind (bits 0-1: 0 LIVE, 1 EXPIRING, 2 TOMBSTONE) | SAME_TS (bit 2); others zero
 *
 * Integers are big-endian; varint is unsigned LEB128 (varu64 the same, up to 64 bits).
 * A cell's name is the previous name's first `shared` bytes followed by `suffix`; its timestamp
 * is tsBase + tsDelta, or the previous cell's with SAME_TS. tsBase is the least cell timestamp
 * (0 without cells). A LIVE cell has ttl 0 and localDeletionTime NO_DELETION_TIME; a TOMBSTONE
 * has ttl 0 and an empty value.
 *
 * Cells are grouped into cell blocks: a block ends once it holds at least `cellBlockBytes`
 * encoded bytes. A block's first cell has shared = 0 and no SAME_TS, so each block decodes on
 * its own; when a partition has more than one block its index entry lists them (first and last
 * name, offset from the partition start, width) so slices can seek and walk backwards.
 * Flag bits and layout are on-disk constants: never change them.
 */
export const HAS_DELETION = 0x01;
export const SAME_TS = 0x04;
export const KIND_MASK = 0x03;

export const int64Min = -(2n ** 63n);
export const int64Max = 2n ** 63n - 1n;

/** A cell block as the partition's index entry records it. */
export interface CellBlockRef {
  readonly first: Buffer;
  readonly last: Buffer;
  /** From the partition record's start. */
  readonly offset: number;
  readonly width: number;
}

export interface EncodedPartition {
  /** The record; a view into the encoder's buffer, valid until the next encode. */
  readonly bytes: Buffer;
  readonly headerWidth: number;
  /** Empty when all cells fit one block. */
  readonly blocks: readonly CellBlockRef[];
}

/** Encodes partition records, reusing one buffer. Validates everything it writes. */
export class PartitionEncoder {
  private w = new ByteWriter(64 * 1024);
  private lastLength = 0;
  /** A buffer grown past this by a wide partition is dropped rather than kept for reuse. */
  private static readonly retainBytesMax = 4 * 1024 * 1024;

  constructor(private readonly cellBlockBytes: number) {}

  encode(p: PartitionData): EncodedPartition {
    if (this.lastLength > PartitionEncoder.retainBytesMax) this.w = new ByteWriter(64 * 1024);
    const w = this.w;
    w.reset();
    const tsBase = encodeHeader(w, p);
    const headerWidth = w.length;
    const blocks = this.encodeCells(w, p.cells, tsBase);
    this.lastLength = w.length;
    return { bytes: w.view(), headerWidth, blocks: blocks.length > 1 ? blocks : [] };
  }

  private encodeCells(w: ByteWriter, cells: readonly Cell[], tsBase: bigint): CellBlockRef[] {
    const blocks: CellBlockRef[] = [];
    let blockStart = w.length;
    let first: Cell | null = null;
    let prev: Cell | null = null;
    for (const c of cells) {
      checkCell(c, prev);
      const sameBlock = first !== null;
      encodeCell(w, c, sameBlock ? prev : null, tsBase);
      if (first === null) first = c;
      prev = c;
      if (w.length - blockStart >= this.cellBlockBytes) {
        blocks.push({ first: first.name, last: c.name, offset: blockStart, width: w.length - blockStart });
        blockStart = w.length;
        first = null;
      }
    }
    if (first !== null && prev !== null) {
      blocks.push({ first: first.name, last: prev.name, offset: blockStart, width: w.length - blockStart });
    }
    if (blocks.length > cellBlocksPerPartitionMax) throw new RangeError(`more than ${cellBlocksPerPartitionMax} cell blocks`);
    return blocks;
  }
}

function encodeHeader(w: ByteWriter, p: PartitionData): bigint {
  if (p.key.length > keyBytesMax) throw new RangeError(`partition key of ${p.key.length} bytes exceeds ${keyBytesMax}`);
  if (p.cells.length > cellsPerPartitionMax) throw new RangeError(`more than ${cellsPerPartitionMax} cells`);
  if (p.rangeTombstones.length > rangeTombstonesPerPartitionMax) {
    throw new RangeError(`more than ${rangeTombstonesPerPartitionMax} range tombstones`);
  }
  w.lenBytes(p.key);
  const deleted = !isLiveDeletion(p.partitionDeletion);
  w.u8(deleted ? HAS_DELETION : 0);
  if (deleted) encodeDeletion(w, p.partitionDeletion);
  w.varint(p.rangeTombstones.length);
  let prevStart: Buffer | null = null;
  for (const rt of p.rangeTombstones) {
    checkName(rt.start);
    checkName(rt.end);
    if (compareBytes(rt.start, rt.end) > 0) throw new RangeError('range tombstone start after end');
    if (prevStart !== null && compareBytes(prevStart, rt.start) > 0) throw new RangeError('range tombstones not sorted by start');
    prevStart = rt.start;
    w.lenBytes(rt.start).lenBytes(rt.end);
    encodeDeletion(w, rt.deletion);
  }
  w.varint(p.cells.length);
  let tsBase = p.cells.length > 0 ? int64Max : 0n;
  for (const c of p.cells) if (c.timestamp < tsBase) tsBase = c.timestamp;
  w.i64(tsBase);
  return tsBase;
}

function encodeDeletion(w: ByteWriter, d: DeletionTime): void {
  checkTimestamp(d.markedForDeleteAt);
  checkLocalDeletionTime(d.localDeletionTime);
  w.i64(d.markedForDeleteAt).u32(d.localDeletionTime);
}

function encodeCell(w: ByteWriter, c: Cell, prev: Cell | null, tsBase: bigint): void {
  const sameTs = prev !== null && prev.timestamp === c.timestamp;
  w.u8(c.kind | (sameTs ? SAME_TS : 0));
  const shared = prev === null ? 0 : sharedPrefixLength(prev.name, c.name);
  w.varint(shared).varint(c.name.length - shared).bytes(c.name.subarray(shared));
  if (!sameTs) writeVarU64(w, c.timestamp - tsBase);
  if (c.kind === CellKind.EXPIRING) w.varint(c.ttl);
  if (c.kind !== CellKind.LIVE) w.u32(c.localDeletionTime);
  if (c.kind !== CellKind.TOMBSTONE) w.lenBytes(c.value);
}

function checkName(name: Buffer): void {
  if (name.length > nameBytesMax) throw new RangeError(`name of ${name.length} bytes exceeds ${nameBytesMax}`);
}

function checkTimestamp(ts: bigint): void {
  if (ts < int64Min || ts > int64Max) throw new RangeError(`timestamp out of int64 range: ${ts}`);
}

function checkLocalDeletionTime(t: number): void {
  if (!Number.isInteger(t) || t < 0 || t > 0xffffffff) throw new RangeError(`bad localDeletionTime ${t}`);
}

function checkCell(c: Cell, prev: Cell | null): void {
  checkName(c.name);
  if (prev !== null && compareBytes(prev.name, c.name) >= 0) throw new RangeError('cells not in strictly increasing name order');
  checkTimestamp(c.timestamp);
  if (c.value.length > valueBytesMax) throw new RangeError(`value of ${c.value.length} bytes exceeds ${valueBytesMax}`);
  if (c.kind === CellKind.LIVE) {
    if (c.ttl !== 0 || c.localDeletionTime !== NO_DELETION_TIME) throw new RangeError('live cell with ttl or deletion time');
  } else if (c.kind === CellKind.EXPIRING) {
    if (!Number.isSafeInteger(c.ttl) || c.ttl < 0) throw new RangeError(`bad ttl ${c.ttl}`);
    checkLocalDeletionTime(c.localDeletionTime);
  } else if (c.kind === CellKind.TOMBSTONE) {
    if (c.ttl !== 0 || c.value.length !== 0) throw new RangeError('tombstone with ttl or value');
    checkLocalDeletionTime(c.localDeletionTime);
  } else {
    throw new RangeError(`unknown cell kind ${c.kind as number}`);
  }
}

/** A decoded header; `cellsStart` is the absolute offset in the buffer where cells begin. */
export interface PartitionHeader {
  readonly key: Buffer;
  readonly partitionDeletion: DeletionTime;
  readonly rangeTombstones: readonly RangeTombstone[];
  readonly cellCount: number;
  readonly tsBase: bigint;
  readonly cellsStart: number;
}

/** A copy of buf[start, end) (the caller checked the bounds). */
function copyRange(buf: Buffer, start: number, end: number): Buffer {
  const out = Buffer.allocUnsafe(end - start);
  for (let i = start; i < end; i++) out[i - start] = buf[i]!;
  return out;
}

/** Decodes a header from buf[start, end); copies what it returns. Throws RangeError if malformed. */
export function decodeHeader(buf: Buffer, start: number, end: number): PartitionHeader {
  const r = new ByteReader(buf, start, end);
  const keyLen = r.varint();
  if (keyLen > keyBytesMax) throw new RangeError(`key length ${keyLen}`);
  if (keyLen > r.remaining) throw new RangeError(`key of ${keyLen} bytes overruns the header`);
  const key = copyRange(buf, r.pos, r.pos + keyLen);
  r.pos += keyLen;
  const flags = r.u8();
  if ((flags & ~HAS_DELETION) !== 0) throw new RangeError(`bad partition flags ${flags}`);
  const partitionDeletion = (flags & HAS_DELETION) !== 0 ? decodeDeletion(r) : LIVE_DELETION;
  const rtCount = r.varint();
  if (rtCount > rangeTombstonesPerPartitionMax || rtCount > r.remaining) throw new RangeError(`bad range tombstone count ${rtCount}`);
  const rangeTombstones: RangeTombstone[] = [];
  for (let i = 0; i < rtCount; i++) {
    const s = r.varint();
    if (s > nameBytesMax) throw new RangeError(`bound length ${s}`);
    const rtStart = Buffer.from(r.bytes(s)); // copies: headers are read once per lookup
    const e = r.varint();
    if (e > nameBytesMax) throw new RangeError(`bound length ${e}`);
    const rtEnd = Buffer.from(r.bytes(e));
    rangeTombstones.push({ start: rtStart, end: rtEnd, deletion: decodeDeletion(r) });
  }
  const cellCount = r.varint();
  if (cellCount > cellsPerPartitionMax) throw new RangeError(`bad cell count ${cellCount}`);
  const tsBase = r.i64();
  return { key, partitionDeletion, rangeTombstones, cellCount, tsBase, cellsStart: r.pos };
}

function decodeDeletion(r: ByteReader): DeletionTime {
  const markedForDeleteAt = r.i64();
  const localDeletionTime = r.u32();
  return { markedForDeleteAt, localDeletionTime };
}

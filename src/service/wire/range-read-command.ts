/**
 * RANGE_READ payload: partitions of one table between two partitioner positions, at most
 * `partitionLimit` of them, each read with the slice query.
 *
 *   rangeRead = tableId:str nowSec:u32 from:bound to:bound partitionLimit:uv query
 *   bound     = ABSENT(0) | EXCLUSIVE(1) position:bytes | INCLUSIVE(2) position:bytes
 *               (absent: the ring's end on that side)
 */
import type { PositionBound } from '../../storage/table-store.js';
import type { SliceQuery } from '../../storage/read/slice-query.js';
import type { ByteReader } from '../../util/byte-reader.js';
import { ByteWriter } from '../../util/byte-writer.js';
import { type GroupKind, type WireSliceQuery, readSliceQuery, writeSliceQuery } from './slice-query-codec.js';
import { decodeWire, readBoundedVarint, readString, writeString } from './wire-decoding.js';

const LIMIT_MAX = 2 ** 31 - 1;

export interface RangeReadCommand {
  readonly tableId: string;
  readonly from: PositionBound | undefined;
  readonly to: PositionBound | undefined;
  readonly partitionLimit: number;
  readonly query: SliceQuery;
  readonly groupKind: GroupKind | undefined;
  readonly nowSec: number;
}

export interface ReceivedRangeReadCommand extends WireSliceQuery {
  readonly tableId: string;
  readonly from: PositionBound | undefined;
  readonly to: PositionBound | undefined;
  readonly partitionLimit: number;
  readonly nowSec: number;
}

export function encodeRangeReadCommand(c: RangeReadCommand): Buffer {
  const w = new ByteWriter(128);
  writeString(w, c.tableId);
  w.u32(c.nowSec);
  writeBound(w, c.from);
  writeBound(w, c.to);
  w.varint(Math.min(c.partitionLimit, LIMIT_MAX));
  writeSliceQuery(w, c.query, c.groupKind);
  return w.toBuffer();
}

export function decodeRangeReadCommand(payload: Uint8Array): ReceivedRangeReadCommand {
  return decodeWire('range read command', payload, (r) => {
    const tableId = readString(r);
    const nowSec = r.u32();
    const from = readBound(r);
    const to = readBound(r);
    const partitionLimit = readBoundedVarint(r, LIMIT_MAX, 'partition limit');
    return { tableId, nowSec, from, to, partitionLimit, ...readSliceQuery(r) };
  });
}

function writeBound(w: ByteWriter, b: PositionBound | undefined): void {
  if (b === undefined) w.u8(0);
  else w.u8(b.inclusive ? 2 : 1).lenBytes(b.position);
}

function readBound(r: ByteReader): PositionBound | undefined {
  const tag = r.u8();
  if (tag === 0) return undefined;
  if (tag !== 1 && tag !== 2) throw new RangeError(`unknown bound tag ${tag}`);
  return { inclusive: tag === 2, position: Buffer.from(r.lenBytes()) };
}

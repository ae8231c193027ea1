/**
 * READ payload: one partition of one table, a slice query, the coordinator's clock for expiry
 * (so every replica judges TTLs at the same instant), and whether to answer with data or only a
 * digest of it.
 *
 *   read  = flags:u8 tableId:str key:bytes nowSec:u32 query     (slice-query-codec.ts)
 *   flags = bit 0 digest only; other bits 0
 */
import { ByteWriter } from '../../util/byte-writer.js';
import type { SliceQuery } from '../../storage/read/slice-query.js';
import { type GroupKind, type WireSliceQuery, readSliceQuery, writeSliceQuery } from './slice-query-codec.js';
import { decodeWire, readFlags, readString, writeString } from './wire-decoding.js';

const F_DIGEST = 0x01;

export interface ReadCommand {
  readonly tableId: string;
  readonly key: Buffer;
  readonly query: SliceQuery;
  readonly groupKind: GroupKind | undefined;
  readonly nowSec: number;
  readonly digestOnly: boolean;
}

export interface ReceivedReadCommand extends WireSliceQuery {
  readonly tableId: string;
  readonly key: Buffer;
  readonly nowSec: number;
  readonly digestOnly: boolean;
}

export function encodeReadCommand(c: ReadCommand): Buffer {
  const w = new ByteWriter(64 + c.key.length);
  w.u8(c.digestOnly ? F_DIGEST : 0);
  writeString(w, c.tableId);
  w.lenBytes(c.key).u32(c.nowSec);
  writeSliceQuery(w, c.query, c.groupKind);
  return w.toBuffer();
}

export function decodeReadCommand(payload: Uint8Array): ReceivedReadCommand {
  return decodeWire('read command', payload, (r) => {
    const flags = readFlags(r, F_DIGEST, 'read command');
    const tableId = readString(r);
    const key = Buffer.from(r.lenBytes());
    const nowSec = r.u32();
    return { tableId, key, nowSec, digestOnly: (flags & F_DIGEST) !== 0, ...readSliceQuery(r) };
  });
}

/**
 * A SliceQuery on the wire. The query's `groupLength` is a function of the table's layout, so it
 * travels as a `GroupKind` the replica turns back into the function for its own copy of the table
 * (group-length.ts).
 *
 *   query   = flags:u8 sliceCount:uv (start:bytes end:bytes){sliceCount}
 *             [cellLimit:uv] [groupLimit:uv groupKind:u8]
 *   flags   = bit 0 reversed, bit 1 includeTombstones, bit 2 cellLimit present,
 *             bit 3 groupLimit present; other bits 0
 *   groupKind = 1 CQL row (the table layout's row prefix) | 2 super column
 *
 * Flag bits and kind numbers are wire facts: never renumber.
 */
import type { SliceQuery } from '../../storage/read/slice-query.js';
import type { ByteReader } from '../../util/byte-reader.js';
import type { ByteWriter } from '../../util/byte-writer.js';
import { readBoundedVarint, readFlags } from './wire-decoding.js';

export type GroupKind = 'cqlRow' | 'superColumn';

const F_REVERSED = 0x01;
const F_TOMBSTONES = 0x02;
const F_CELL_LIMIT = 0x04;
const F_GROUP_LIMIT = 0x08;
const KIND_IDS: Record<GroupKind, number> = { cqlRow: 1, superColumn: 2 };
const SLICES_MAX = 1 << 20;
const LIMIT_MAX = 2 ** 31 - 1;

/** A query as received: what the replica reads, minus the group function it rebuilds. */
export interface WireSliceQuery {
  readonly query: Omit<SliceQuery, 'groupLength'>;
  readonly groupKind: GroupKind | undefined;
}

export function writeSliceQuery(w: ByteWriter, query: SliceQuery, groupKind: GroupKind | undefined): void {
  const hasGroup = query.groupLimit !== undefined;
  if (hasGroup && groupKind === undefined) throw new RangeError('a group limit needs a group kind on the wire');
  let flags = 0;
  if (query.reversed) flags |= F_REVERSED;
  if (query.includeTombstones === true) flags |= F_TOMBSTONES;
  if (query.cellLimit !== undefined) flags |= F_CELL_LIMIT;
  if (hasGroup) flags |= F_GROUP_LIMIT;
  w.u8(flags).varint(query.slices.length);
  for (const s of query.slices) w.lenBytes(s.start).lenBytes(s.end);
  if (query.cellLimit !== undefined) w.varint(clampLimit(query.cellLimit));
  if (hasGroup) w.varint(clampLimit(query.groupLimit!)).u8(KIND_IDS[groupKind!]);
}

export function readSliceQuery(r: ByteReader): WireSliceQuery {
  const flags = readFlags(r, F_REVERSED | F_TOMBSTONES | F_CELL_LIMIT | F_GROUP_LIMIT, 'slice query');
  const count = readBoundedVarint(r, Math.min(SLICES_MAX, r.remaining), 'slice count');
  const slices = [];
  for (let i = 0; i < count; i++) slices.push({ start: r.lenBytes(), end: r.lenBytes() });
  const cellLimit = (flags & F_CELL_LIMIT) !== 0 ? readBoundedVarint(r, LIMIT_MAX, 'cell limit') : undefined;
  let groupLimit: number | undefined;
  let groupKind: GroupKind | undefined;
  if ((flags & F_GROUP_LIMIT) !== 0) {
    groupLimit = readBoundedVarint(r, LIMIT_MAX, 'group limit');
    const id = r.u8();
    groupKind = id === 1 ? 'cqlRow' : id === 2 ? 'superColumn' : undefined;
    if (groupKind === undefined) throw new RangeError(`unknown group kind ${id}`);
  }
  const query: Omit<SliceQuery, 'groupLength'> = {
    slices,
    reversed: (flags & F_REVERSED) !== 0,
    ...(cellLimit !== undefined ? { cellLimit } : {}),
    ...(groupLimit !== undefined ? { groupLimit } : {}),
    ...((flags & F_TOMBSTONES) !== 0 ? { includeTombstones: true } : {}),
  };
  return { query, groupKind };
}

/** Limits above int32 mean "no limit" in practice; the wire keeps them bounded. */
function clampLimit(n: number): number {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`bad limit ${n}`);
  return Math.min(n, LIMIT_MAX);
}

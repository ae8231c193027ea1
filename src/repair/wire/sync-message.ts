/**
 * SYNC_REQ tells a replica "pull these token ranges of this table from that node"; SYNC_RSP says
 * how much it took.
 *
 *   syncRequest  = tableId:str nowSec:u32 source:str rangeCount:uv range{rangeCount} viewUpdates:u8
 *   syncResponse = partitions:uv pages:uv
 *   (source: the peer's endpoint, `a.b.c.d:port`; range: token-range-codec.ts)
 */
import type { Partitioner, Range, Token } from '../../dht/index.js';
import { type Endpoint, endpoint as toEndpoint } from '../../locator/index.js';
import { ByteWriter } from '../../util/byte-writer.js';
import { decodeWire, readBoundedVarint, readString, writeString } from '../../service/wire/wire-decoding.js';
import { readTokenRange, writeTokenRange } from './token-range-codec.js';

const RANGES_MAX = 1 << 20;

export interface SyncRequest<T extends Token = Token> {
  readonly tableId: string;
  readonly nowSec: number;
  readonly source: Endpoint;
  readonly ranges: readonly Range<T>[];
  /**
   * Whether the received base rows update the table's views (1) or are written as they are (0).
   * Cassandra 4.0's StreamOperation.requiresViewBuild: repair does; range movements (bootstrap,
   * decommission, removenode) do not, since the views' own tables are streamed with them.
   */
  readonly viewUpdates: boolean;
}

export interface SyncResult {
  /** Partitions received and applied. */
  readonly partitions: number;
  /** Range reads it took. */
  readonly pages: number;
}

export function encodeSyncRequest<T extends Token>(s: SyncRequest<T>): Buffer {
  const w = new ByteWriter(128);
  writeString(w, s.tableId);
  w.u32(s.nowSec);
  writeString(w, s.source);
  w.varint(s.ranges.length);
  for (const r of s.ranges) writeTokenRange(w, r);
  w.u8(s.viewUpdates ? 1 : 0);
  return w.toBuffer();
}

export function decodeSyncRequest<T extends Token>(payload: Uint8Array, partitioner: Partitioner<T>): SyncRequest<T> {
  return decodeWire('sync request', payload, (r) => {
    const tableId = readString(r);
    const nowSec = r.u32();
    const source = readEndpoint(readString(r));
    const count = readBoundedVarint(r, Math.min(RANGES_MAX, r.remaining), 'range count');
    const ranges: Range<T>[] = [];
    for (let i = 0; i < count; i++) ranges.push(readTokenRange(r, partitioner));
    const flag = r.u8();
    if (flag > 1) throw new RangeError(`view updates flag ${flag} is neither 0 nor 1`);
    return { tableId, nowSec, source, ranges, viewUpdates: flag === 1 };
  });
}

export function encodeSyncResponse(s: SyncResult): Buffer {
  return new ByteWriter(16).varint(s.partitions).varint(s.pages).toBuffer();
}

export function decodeSyncResponse(payload: Uint8Array): SyncResult {
  return decodeWire('sync response', payload, (r) => ({ partitions: r.varint(), pages: r.varint() }));
}

function readEndpoint(s: string): Endpoint {
  try {
    return toEndpoint(s);
  } catch (e) {
    throw new RangeError(`bad source endpoint ${JSON.stringify(s)}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * Secondary index messages: a coordinator asks a replica for its own entries of one index
 * partition (each replica indexes only the data it holds), and hands it entries a query found
 * stale for it to re-check against its own base data and delete.
 *
 *   INDEX_READ      = tableId:str indexName:str indexKey:bytes nowSec:u32 query   (slice-query-codec.ts;
 *                     no group limit: entries have no groups)
 *   INDEX_READ_RSP  = result                                                     (partition-result-codec.ts)
 *   INDEX_CLEAN     = indexName:str mutation:bytes      (mutation-message.ts: the base table's id,
 *                     key = the index key, cells = the stale entries as the coordinator read them)
 *   INDEX_CLEAN_RSP = empty
 *
 * The index travels by name: the replica finds it in its own copy of the table's schema.
 */
import type { Cell } from '../../storage/model/index.js';
import type { PartitionResult } from '../../storage/read/partition-reader.js';
import type { SliceQuery } from '../../storage/read/slice-query.js';
import { ByteWriter } from '../../util/byte-writer.js';
import { decodeMutationMessage, encodeMutationMessage } from './mutation-message.js';
import { readPartitionResult, writePartitionResult } from './partition-result-codec.js';
import { readSliceQuery, writeSliceQuery } from './slice-query-codec.js';
import { decodeWire, readString, writeString } from './wire-decoding.js';

export interface IndexReadCommand {
  readonly tableId: string;
  readonly indexName: string;
  readonly indexKey: Buffer;
  readonly query: Omit<SliceQuery, 'groupLength' | 'groupLimit'>;
  readonly nowSec: number;
}

export interface IndexCleanRequest {
  readonly tableId: string;
  readonly indexName: string;
  readonly indexKey: Buffer;
  readonly entries: readonly Cell[];
}

export function encodeIndexRead(c: IndexReadCommand): Buffer {
  const w = new ByteWriter(64 + c.indexKey.length);
  writeString(w, c.tableId);
  writeString(w, c.indexName);
  w.lenBytes(c.indexKey).u32(c.nowSec);
  writeSliceQuery(w, c.query, undefined);
  return w.toBuffer();
}

export function decodeIndexRead(payload: Uint8Array): IndexReadCommand {
  return decodeWire('index read', payload, (r) => {
    const tableId = readString(r);
    const indexName = readString(r);
    const indexKey = Buffer.from(r.lenBytes());
    const nowSec = r.u32();
    const { query, groupKind } = readSliceQuery(r);
    if (groupKind !== undefined) throw new RangeError('an index read has no group limit');
    return { tableId, indexName, indexKey, nowSec, query };
  });
}

export function encodeIndexReadResponse(result: PartitionResult | null): Buffer {
  const w = new ByteWriter(64);
  writePartitionResult(w, result);
  return w.toBuffer();
}

export function decodeIndexReadResponse(payload: Uint8Array): PartitionResult | null {
  return decodeWire('index read response', payload, readPartitionResult);
}

export function encodeIndexClean(c: IndexCleanRequest): Buffer {
  const w = new ByteWriter(64);
  writeString(w, c.indexName);
  w.lenBytes(encodeMutationMessage({ tableId: c.tableId, update: { key: c.indexKey, partitionDeletion: null, rangeTombstones: [], cells: c.entries } }));
  return w.toBuffer();
}

export function decodeIndexClean(payload: Uint8Array): IndexCleanRequest {
  return decodeWire('index clean', payload, (r) => {
    const indexName = readString(r);
    const m = decodeMutationMessage(r.lenBytes(), 'index clean');
    if (m.update.partitionDeletion !== null || m.update.rangeTombstones.length > 0) throw new RangeError('an index clean carries entries only');
    return { tableId: m.tableId, indexName, indexKey: m.update.key, entries: m.update.cells };
  });
}

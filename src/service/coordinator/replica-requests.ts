/**
 * One request to one replica, the same call whether the replica is this node (the local store,
 * no network) or another (the verb over messaging, decoded here).
 */
import type { ColumnFamilyDef, IndexDef } from '../../schema/index.js';
import type { Cell, Mutation, PartitionUpdate } from '../../storage/model/index.js';
import type { PartitionResult } from '../../storage/read/partition-reader.js';
import type { SliceQuery } from '../../storage/read/slice-query.js';
import type { PositionBound, ScannedPartition } from '../../storage/table-store.js';
import type { Endpoint } from '../../locator/index.js';
import { digestOf } from '../digest.js';
import type { ReplicaQuery } from '../group-length.js';
import { decodeIndexReadResponse, encodeIndexClean, encodeIndexRead } from '../wire/index-messages.js';
import { encodeMutationMessage } from '../wire/mutation-message.js';
import { encodeRangeReadCommand } from '../wire/range-read-command.js';
import { decodeRangeResponse } from '../wire/range-response.js';
import { encodeReadCommand } from '../wire/read-command.js';
import { type ReadResponse, decodeReadResponse } from '../wire/read-response.js';
import { addressOf } from './endpoint-address.js';
import type { ProxyDeps } from './proxy-deps.js';
import type { TraceSink } from '../../util/trace-sink.js';

export async function readFrom(d: ProxyDeps, e: Endpoint, cf: ColumnFamilyDef, key: Buffer, rq: ReplicaQuery, nowSec: number, digestOnly: boolean): Promise<ReadResponse> {
  const trace = rq.query.trace;
  if (e === d.self) {
    // Cassandra 4.0's coordinator: "reading data locally" / "reading digest locally".
    trace?.trace(digestOnly ? 'reading digest locally' : 'reading data locally');
    const result = await d.local.read(cf, key, rq.query, 'ONE', nowSec);
    return digestOnly ? { kind: 'digest', digest: digestOf(result) } : { kind: 'data', result };
  }
  const payload = encodeReadCommand({ tableId: cf.id, key, query: rq.query, groupKind: rq.groupKind, nowSec, digestOnly });
  trace?.trace(`${digestOnly ? 'reading digest' : 'reading data'} from /${e}: sending READ message`);
  const rsp = await d.messaging.request(addressOf(e), { verb: 'READ', payload, ...traceSessionOf(trace) }, { timeoutMs: d.options.readTimeoutMs });
  trace?.trace(`READ response received from /${e}`);
  return decodeReadResponse(rsp.payload);
}

/** A traced request's messages carry its session, so replicas record under it. */
export function traceSessionOf(trace: TraceSink | undefined): { traceSession?: Uint8Array } {
  return trace === undefined ? {} : { traceSession: trace.id };
}

export async function dataFrom(d: ProxyDeps, e: Endpoint, cf: ColumnFamilyDef, key: Buffer, rq: ReplicaQuery, nowSec: number): Promise<PartitionResult | null> {
  const r = await readFrom(d, e, cf, key, rq, nowSec, false);
  if (r.kind !== 'data') throw new Error(`replica ${e} answered a digest to a data read`);
  return r.result;
}

export interface RangeRequest {
  readonly cf: ColumnFamilyDef;
  readonly from: PositionBound | undefined;
  readonly to: PositionBound | undefined;
  readonly rq: ReplicaQuery;
  readonly partitionLimit: number;
  readonly nowSec: number;
}

export async function scanFrom(d: ProxyDeps, e: Endpoint, r: RangeRequest): Promise<ScannedPartition[]> {
  if (e === d.self) return d.local.scan(r.cf, r.from, r.to, r.rq.query, r.partitionLimit, 'ONE', r.nowSec);
  const payload = encodeRangeReadCommand({ tableId: r.cf.id, from: r.from, to: r.to, partitionLimit: r.partitionLimit, query: r.rq.query, groupKind: r.rq.groupKind, nowSec: r.nowSec });
  const trace = r.rq.query.trace;
  trace?.trace(`Sending RANGE_READ message to /${e}`);
  const rsp = await d.messaging.request(addressOf(e), { verb: 'RANGE_READ', payload, ...traceSessionOf(trace) }, { timeoutMs: d.options.rangeTimeoutMs });
  const found = decodeRangeResponse(rsp.payload);
  trace?.trace(`RANGE_READ response received from /${e}: ${found.length} partitions`);
  return found;
}

export interface IndexRequest {
  readonly cf: ColumnFamilyDef;
  readonly index: IndexDef;
  readonly indexKey: Buffer;
  /** Forward, no group limit (entries have no groups). */
  readonly query: SliceQuery;
  readonly nowSec: number;
}

/** The replica's own entries of an index partition (INDEX_READ). */
export async function indexFrom(d: ProxyDeps, e: Endpoint, r: IndexRequest): Promise<PartitionResult | null> {
  if (e === d.self) return d.local.readIndex(r.cf, r.index, r.indexKey, r.query, 'ONE', r.nowSec);
  const payload = encodeIndexRead({ tableId: r.cf.id, indexName: r.index.name, indexKey: r.indexKey, query: r.query, nowSec: r.nowSec });
  const rsp = await d.messaging.request(addressOf(e), { verb: 'INDEX_READ', payload }, { timeoutMs: d.options.rangeTimeoutMs });
  return decodeIndexReadResponse(rsp.payload);
}

/** Hands a replica entries found stale, for it to re-check against its own data and delete (INDEX_CLEAN). */
export async function cleanIndexOn(d: ProxyDeps, e: Endpoint, cf: ColumnFamilyDef, index: IndexDef, indexKey: Buffer, entries: readonly Cell[]): Promise<void> {
  if (e === d.self) return d.local.cleanIndex(cf, index, indexKey, entries);
  const payload = encodeIndexClean({ tableId: cf.id, indexName: index.name, indexKey, entries });
  await d.messaging.request(addressOf(e), { verb: 'INDEX_CLEAN', payload }, { timeoutMs: d.options.writeTimeoutMs });
}

/** Sends what a replica lacks (READ_REPAIR), resolving on its acknowledgement. */
export async function repairReplica(d: ProxyDeps, e: Endpoint, cf: ColumnFamilyDef, update: PartitionUpdate): Promise<void> {
  if (e === d.self) return d.local.apply([{ cf, update }], 'ONE');
  const mutation: Mutation = { tableId: cf.id, update };
  await d.messaging.request(addressOf(e), { verb: 'READ_REPAIR', payload: encodeMutationMessage(mutation) }, { timeoutMs: d.options.writeTimeoutMs });
}

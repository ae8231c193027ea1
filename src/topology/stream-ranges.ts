/**
 * Streaming, by the repair machinery's pulls: `target` pulls `ranges` of a table from `source`
 * (paged RANGE_READ, every partition with its tombstones applied as an ordinary write — sync.ts).
 * Base rows are written without view updates: the views' tables are streamed too (Cassandra 4.0's
 * StreamOperation.requiresViewBuild is false for bootstrap, decommission and removenode).
 * When the target is this node it pulls itself; otherwise it is asked to (SYNC_REQ).
 */
import type { Range, Token } from '../dht/index.js';
import type { Endpoint } from '../locator/index.js';
import { decodeSyncResponse, encodeSyncRequest, pullRanges, type StreamOperation, type SyncResult } from '../repair/index.js';
import type { ColumnFamilyDef } from '../schema/index.js';
import { addressOf } from '../service/coordinator/endpoint-address.js';
import { type TopologyContext, nowSec } from './topology-context.js';

/** `operation` names the stream in this node's netstats when it is the target (a remote target sees a range movement). */
export async function streamTable(ctx: TopologyContext, operation: StreamOperation, cf: ColumnFamilyDef, target: Endpoint, source: Endpoint, ranges: readonly Range<Token>[]): Promise<SyncResult> {
  const now = nowSec(ctx.env);
  try {
    if (target === ctx.svc.localEndpoint) return await pullRanges(ctx.replica, cf, source, ranges, now, false, operation);
    const payload = encodeSyncRequest({ tableId: cf.id, nowSec: now, source, ranges, viewUpdates: false });
    const options = ctx.streamTimeoutMs === undefined ? {} : { timeoutMs: ctx.streamTimeoutMs };
    const answer = await ctx.replica.messaging.request(addressOf(target), { verb: 'SYNC_REQ', payload }, options);
    return decodeSyncResponse(answer.payload);
  } catch (e) {
    throw new StreamFailedError(`Streaming ${cf.keyspace}.${cf.name} to ${target} from ${source} failed: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
}

export class StreamFailedError extends Error {
  override readonly name = 'StreamFailedError';
}

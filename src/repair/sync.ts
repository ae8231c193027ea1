/**
 * Sync (Cassandra's SyncTask / streaming, here by reads): this replica pulls token ranges of a
 * table from another replica. Each range is read from the source page by page through RANGE_READ
 * (whole partitions, tombstones included, at most a page of partitions per message) and every
 * partition is applied here as an ordinary write; reconciliation keeps the newer of each cell and
 * deletion, so pulling what this node already has changes nothing. With `viewUpdates` (repair) the
 * writes of a base table keep its views in step as client writes do (Cassandra 4.0 sends such
 * streams through the write path: CassandraStreamReceiver); without (range movements) they are
 * written as they are, the views' own tables being streamed as well.
 */
import type { Range, Token } from '../dht/index.js';
import type { Endpoint } from '../locator/index.js';
import { parseEndpoint } from '../net/index.js';
import type { ColumnFamilyDef } from '../schema/index.js';
import type { TableWrite } from '../service/data-store.js';
import { decodeRangeResponse } from '../service/wire/range-response.js';
import { encodeRangeReadCommand } from '../service/wire/range-read-command.js';
import { isLiveDeletion } from '../storage/model/index.js';
import { canonicalPartition } from './partition-digest.js';
import { DEFAULT_REPAIR_PAGE, REPAIR_QUERY, forEachPage } from './range-scan.js';
import type { RepairReplicaContext } from './repair-context.js';
import type { StreamOperation } from './stream-sessions.js';
import type { SyncResult } from './wire/sync-message.js';

const WITHOUT_VIEWS = { withoutViews: true } as const;

/**
 * Pulls `ranges` of `cf` from `source` into this node, registered in `ctx.streams` (as an
 * `operation` stream) while it runs.
 */
export async function pullRanges(ctx: RepairReplicaContext, cf: ColumnFamilyDef, source: Endpoint, ranges: readonly Range<Token>[], nowSec: number, viewUpdates: boolean, operation: StreamOperation): Promise<SyncResult> {
  const address = parseEndpoint(source);
  const progress = ctx.streams?.start(operation, source, cf.keyspace, cf.name, ranges.length);
  let partitions = 0;
  let pages = 0;
  const fetch = async (from: Parameters<typeof encodeRangeReadCommand>[0]['from'], to: Parameters<typeof encodeRangeReadCommand>[0]['to'], limit: number) => {
    pages++;
    const payload = encodeRangeReadCommand({ tableId: cf.id, from, to, partitionLimit: limit, query: REPAIR_QUERY, groupKind: undefined, nowSec });
    const answer = await ctx.messaging.request(address, { verb: 'RANGE_READ', payload }, ctx.readTimeoutMs === undefined ? {} : { timeoutMs: ctx.readTimeoutMs });
    const page = decodeRangeResponse(answer.payload);
    progress?.page(answer.payload.length, page.length);
    return page;
  };
  try {
    for (const range of ranges) {
      await forEachPage(range, ctx.pageSize ?? DEFAULT_REPAIR_PAGE, fetch, async (page) => {
        const writes: TableWrite[] = [];
        for (const p of page) {
          const c = canonicalPartition(p);
          if (c === null) continue;
          writes.push({ cf, update: { key: c.key, partitionDeletion: isLiveDeletion(c.partitionDeletion) ? null : c.partitionDeletion, rangeTombstones: c.rangeTombstones, cells: c.cells } });
        }
        if (writes.length > 0) await ctx.local.apply(writes, 'ONE', viewUpdates ? undefined : WITHOUT_VIEWS);
        partitions += writes.length;
      });
      progress?.rangeDone();
    }
  } finally {
    progress?.end();
  }
  return { partitions, pages };
}


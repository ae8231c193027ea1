/**
 * INDEX_CLEAN on a replica: entries a coordinator's query found stale, each checked again against
 * this node's own base data and deleted only if that data no longer calls for it
 * (db/cql-index/stale-entries.ts); acknowledged either way.
 */
import type { VerbHandler } from '../../net/index.js';
import { decodeIndexClean } from '../wire/index-messages.js';
import { EMPTY_ACK, type ReplicaContext, answer, indexOrThrow, tableOrThrow } from './replica-context.js';

export function indexCleanVerbHandler(ctx: ReplicaContext): VerbHandler {
  return (message, reply) =>
    answer(message, reply, async (payload) => {
      const c = decodeIndexClean(payload);
      const cf = tableOrThrow(ctx, c.tableId);
      await ctx.local.cleanIndex(cf, indexOrThrow(cf, c.indexName), c.indexKey, c.entries);
      return EMPTY_ACK;
    });
}

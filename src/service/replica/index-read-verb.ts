/**
 * INDEX_READ on a replica: this node's own entries of one index partition (it indexes only the
 * data it holds), read locally at the coordinator's time and answered as they are.
 */
import type { VerbHandler } from '../../net/index.js';
import { decodeIndexRead, encodeIndexReadResponse } from '../wire/index-messages.js';
import { type ReplicaContext, answer, indexOrThrow, tableOrThrow } from './replica-context.js';

export function indexReadVerbHandler(ctx: ReplicaContext): VerbHandler {
  return (message, reply) =>
    answer(message, reply, async (payload) => {
      const c = decodeIndexRead(payload);
      const cf = tableOrThrow(ctx, c.tableId);
      const result = await ctx.local.readIndex(cf, indexOrThrow(cf, c.indexName), c.indexKey, c.query, 'ONE', c.nowSec);
      return encodeIndexReadResponse(result);
    });
}

/** RANGE_READ on a replica: scan the position range locally and answer the partitions found. */
import type { VerbHandler } from '../../net/index.js';
import { decodeRangeReadCommand } from '../wire/range-read-command.js';
import { encodeRangeResponse } from '../wire/range-response.js';
import { type ReplicaContext, answer, localQuery, tableOrThrow, traced } from './replica-context.js';

export function rangeReadVerbHandler(ctx: ReplicaContext): VerbHandler {
  return (message, reply) =>
    answer(message, reply, async (payload) => {
      const c = decodeRangeReadCommand(payload);
      const cf = tableOrThrow(ctx, c.tableId);
      return traced(ctx, message, async (trace) => {
        trace?.trace(`Executing range read on ${cf.keyspace}.${cf.name}`);
        const found = await ctx.local.scan(cf, c.from, c.to, localQuery(ctx, cf, c, trace), c.partitionLimit, 'ONE', c.nowSec);
        return encodeRangeResponse(found);
      });
    });
}

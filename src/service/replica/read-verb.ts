/** READ on a replica: read the partition locally at the coordinator's time; answer the data or its digest. */
import type { VerbHandler } from '../../net/index.js';
import { digestOf } from '../digest.js';
import { decodeReadCommand } from '../wire/read-command.js';
import { encodeReadResponse } from '../wire/read-response.js';
import { type ReplicaContext, answer, localQuery, tableOrThrow, traced } from './replica-context.js';

export function readVerbHandler(ctx: ReplicaContext): VerbHandler {
  return (message, reply) =>
    answer(message, reply, async (payload) => {
      const c = decodeReadCommand(payload);
      const cf = tableOrThrow(ctx, c.tableId);
      return traced(ctx, message, async (trace) => {
        // Cassandra 4.0's SinglePartitionReadCommand traces this on the replica.
        trace?.trace(`Executing single-partition query on ${cf.name}`);
        const result = await ctx.local.read(cf, c.key, localQuery(ctx, cf, c, trace), 'ONE', c.nowSec);
        if (trace !== undefined && result !== null) trace.trace(`Read ${result.cells.length} live cells and ${result.tombstones ?? 0} tombstone cells`);
        return encodeReadResponse(c.digestOnly ? { kind: 'digest', digest: digestOf(result) } : { kind: 'data', result });
      });
    });
}

/** READ on a replica: read the partition locally at the coordinator's time; answer the data or its digest. */
import type { VerbHandler } from '../../net/index.js';
import { digestOf } from '../digest.js';
import { decodeReadCommand } from '../wire/read-command.js';
import { encodeReadResponse } from '../wire/read-response.js';
import { type ReplicaContext, answer, localQuery, tableOrThrow } from './replica-context.js';

export function readVerbHandler(ctx: ReplicaContext): VerbHandler {
  return (message, reply) =>
    answer(message, reply, async (payload) => {
      const c = decodeReadCommand(payload);
      const cf = tableOrThrow(ctx, c.tableId);
      const result = await ctx.local.read(cf, c.key, localQuery(ctx, cf, c), 'ONE', c.nowSec);
      return encodeReadResponse(c.digestOnly ? { kind: 'digest', digest: digestOf(result) } : { kind: 'data', result });
    });
}

/** TRUNCATE on a replica: empty the table (and its indexes) locally, then acknowledge. */
import type { VerbHandler } from '../../net/index.js';
import { decodeTruncate } from '../wire/truncate-message.js';
import { EMPTY_ACK, type ReplicaContext, answer, tableOrThrow } from './replica-context.js';

export function truncateVerbHandler(ctx: ReplicaContext): VerbHandler {
  return (message, reply) =>
    answer(message, reply, async (payload) => {
      const cf = tableOrThrow(ctx, decodeTruncate(payload));
      await ctx.local.truncate(cf);
      return EMPTY_ACK;
    });
}

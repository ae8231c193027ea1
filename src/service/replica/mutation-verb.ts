/** MUTATION on a replica: apply the partition update locally (indexes maintained), then acknowledge. */
import type { VerbHandler } from '../../net/index.js';
import { decodeMutationMessage } from '../wire/mutation-message.js';
import { EMPTY_ACK, type ReplicaContext, answer, tableOrThrow, traced } from './replica-context.js';

export function mutationVerbHandler(ctx: ReplicaContext, what = 'mutation'): VerbHandler {
  return (message, reply) =>
    answer(message, reply, async (payload) => {
      const m = decodeMutationMessage(payload, what);
      const cf = tableOrThrow(ctx, m.tableId);
      await traced(ctx, message, (trace) => ctx.local.apply([{ cf, update: m.update }], 'ONE', trace === undefined ? undefined : { trace }));
      return EMPTY_ACK;
    });
}

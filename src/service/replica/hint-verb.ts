/**
 * HINT on a replica: a mutation this node missed, delivered late by a coordinator's hints. It is
 * applied exactly as MUTATION (reconcile makes a repeated delivery harmless), then acknowledged.
 * A hint for a table this node does not know (dropped since) is acknowledged without applying, as
 * Cassandra does: refusing it would keep the coordinator resending it until it expires.
 */
import type { VerbHandler } from '../../net/index.js';
import { decodeMutationMessage } from '../wire/mutation-message.js';
import { EMPTY_ACK, type ReplicaContext, answer } from './replica-context.js';

export function hintVerbHandler(ctx: ReplicaContext): VerbHandler {
  return (message, reply) =>
    answer(message, reply, async (payload) => {
      const m = decodeMutationMessage(payload, 'hint');
      const cf = ctx.tableById(m.tableId);
      if (cf !== undefined) await ctx.local.apply([{ cf, update: m.update }], 'ONE');
      return EMPTY_ACK;
    });
}

/** PAXOS_PREPARE on a replica: promise the ballot unless a later one was promised; answer with what was accepted and committed. */
import type { VerbHandler } from '../../net/index.js';
import type { PaxosAcceptor } from '../paxos/paxos-acceptor.js';
import { decodePrepareRequest, encodePrepareResponse } from '../wire/paxos-prepare-message.js';
import { type ReplicaContext, answer, tableOrThrow } from './replica-context.js';

export function paxosPrepareVerbHandler(ctx: ReplicaContext, acceptor: PaxosAcceptor): VerbHandler {
  return (message, reply) =>
    answer(message, reply, async (payload) => {
      const p = decodePrepareRequest(payload);
      tableOrThrow(ctx, p.tableId);
      return encodePrepareResponse(await acceptor.prepare(p.tableId, p.key, p.ballot));
    });
}

/** PAXOS_PROPOSE on a replica: accept the proposal unless a later ballot was promised. */
import type { VerbHandler } from '../../net/index.js';
import type { PaxosAcceptor } from '../paxos/paxos-acceptor.js';
import { decodeCommit } from '../wire/paxos-commit-codec.js';
import { encodeProposeResponse } from '../wire/paxos-propose-message.js';
import { type ReplicaContext, answer, tableOrThrow } from './replica-context.js';

export function paxosProposeVerbHandler(ctx: ReplicaContext, acceptor: PaxosAcceptor): VerbHandler {
  return (message, reply) =>
    answer(message, reply, async (payload) => {
      const p = decodeCommit(payload, 'paxos proposal');
      tableOrThrow(ctx, p.tableId);
      return encodeProposeResponse(await acceptor.propose(p));
    });
}

/** PAXOS_COMMIT on a replica: apply the committed update, record the commit, then acknowledge. */
import type { VerbHandler } from '../../net/index.js';
import type { PaxosAcceptor } from '../paxos/paxos-acceptor.js';
import { decodeCommit } from '../wire/paxos-commit-codec.js';
import { EMPTY_ACK, type ReplicaContext, answer, tableOrThrow } from './replica-context.js';

export function paxosCommitVerbHandler(ctx: ReplicaContext, acceptor: PaxosAcceptor): VerbHandler {
  return (message, reply) =>
    answer(message, reply, async (payload) => {
      const c = decodeCommit(payload, 'paxos commit');
      tableOrThrow(ctx, c.tableId);
      await acceptor.commit(c);
      return EMPTY_ACK;
    });
}

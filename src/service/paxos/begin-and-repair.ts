/**
 * The start of every Paxos operation (Cassandra's beginAndRepairPaxos): prepare a fresh ballot;
 * on a refusal, back off and retry with a ballot after the highest promise seen. Once promised:
 *   - an accepted proposal newer than the newest commit is someone's unfinished operation:
 *     propose it again under our ballot and commit it, then start over — unless it carries the
 *     newest commit's very update: then it is that decision re-proposed by another repairer, and
 *     already learned (repairing it again lets two repairers refresh each other's copy forever:
 *     the simulation's seed 101);
 *   - replicas that answered without the newest commit are sent it (waited for, so the quorum
 *     read that follows sees it);
 * and the promised ballot is returned, ready for a proposal of our own — only if its microsecond
 * is after the newest commit's and proposal's (Cassandra's CASSANDRA-7801): a ballot's microsecond
 * is its update's write timestamp, and two coordinators can pick the same microsecond (ballots
 * then order by their random part); an update at the same timestamp as the decision before it
 * would be reconciled by value and could lose to it (the simulation's seed 308, large). Otherwise
 * prepare again with a ballot past it.
 */
import type { Consistency } from '../../locator/index.js';
import type { ColumnFamilyDef } from '../../schema/index.js';
import type { ProxyDeps } from '../coordinator/proxy-deps.js';
import { type Ballot, ballotMicros, isAfter } from './ballot.js';
import { commitPaxos, commitTo } from './commit-round.js';
import type { ContentionDeadline } from './contention.js';
import type { Participants } from './paxos-participants.js';
import { preparePaxos } from './prepare-round.js';
import { proposePaxos } from './propose-round.js';
import type { PaxosCommit } from './paxos-commit.js';
import { encodeMutationMessage } from '../wire/mutation-message.js';

export async function beginAndRepairPaxos(d: ProxyDeps, cf: ColumnFamilyDef, key: Buffer, p: Participants, commitCl: Consistency, deadline: ContentionDeadline): Promise<Ballot> {
  let seen: Ballot | null = null;
  while (!deadline.passed) {
    const ballot = d.ballots.next(seen);
    const s = await preparePaxos(d, p, cf.id, key, ballot);
    if (!s.promised) {
      seen = s.highestPromised;
      await deadline.backoff();
      continue;
    }
    const inProgress = s.inProgress;
    if (inProgress !== null && isAfter(inProgress.ballot, s.mostRecentCommit?.ballot ?? null) && !sameUpdate(inProgress, s.mostRecentCommit)) {
      const refreshed = { tableId: inProgress.tableId, ballot, update: inProgress.update };
      if (await proposePaxos(d, p, refreshed, false)) await commitPaxos(d, p, refreshed, commitCl);
      else await deadline.backoff();
      continue;
    }
    if (s.mostRecentCommit !== null && s.missingMostRecentCommit.length > 0) {
      if (!(await commitTo(d, s.missingMostRecentCommit, s.mostRecentCommit))) continue;
    }
    const newest = [s.mostRecentCommit?.ballot ?? null, inProgress?.ballot ?? null].reduce<Ballot | null>((m, b) => (b !== null && (m === null || ballotMicros(b) > ballotMicros(m)) ? b : m), null);
    if (newest !== null && ballotMicros(ballot) <= ballotMicros(newest)) {
      seen = newest;
      continue;
    }
    return ballot;
  }
  throw deadline.timeout(p);
}

/** Whether a proposal carries exactly the committed update (a refresh of a decision already made). */
function sameUpdate(p: PaxosCommit, committed: PaxosCommit | null): boolean {
  if (committed === null || p.tableId !== committed.tableId) return false;
  return encodeMutationMessage({ tableId: p.tableId, update: p.update }).equals(encodeMutationMessage({ tableId: committed.tableId, update: committed.update }));
}

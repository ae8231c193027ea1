/**
 * Phase 1 (Cassandra's preparePaxos + PrepareCallback): ask every live participant to promise
 * the ballot. Done when `required` promised, or at the first refusal (a later ballot was
 * promised: contention). The summary names the newest accepted proposal and the newest commit
 * among the answers, the highest promise seen, and who answered without that commit. No
 * quorum in time (silence or failures) is WriteTimeoutError(CAS).
 */
import { WriteTimeoutError } from '../../errors/index.js';
import type { Endpoint } from '../../locator/index.js';
import type { ProxyDeps } from '../coordinator/proxy-deps.js';
import { type Ballot, compareBallots, isAfter } from './ballot.js';
import type { PaxosCommit, PrepareResponse } from './paxos-commit.js';
import type { Participants } from './paxos-participants.js';
import { prepareAt } from './paxos-requests.js';

export interface PrepareSummary {
  readonly promised: boolean;
  /** The highest ballot any answering replica had promised. */
  readonly highestPromised: Ballot | null;
  /** The newest accepted proposal among the answers. */
  readonly inProgress: PaxosCommit | null;
  readonly mostRecentCommit: PaxosCommit | null;
  /** Answering replicas whose latest commit is older than `mostRecentCommit`. */
  readonly missingMostRecentCommit: readonly Endpoint[];
}

export function preparePaxos(d: ProxyDeps, p: Participants, tableId: string, key: Buffer, ballot: Ballot): Promise<PrepareSummary> {
  return new Promise((resolve, reject) => {
    const answers = new Map<Endpoint, PrepareResponse>();
    let failures = 0;
    let done = false;
    const finish = (promised: boolean) => {
      if (done) return;
      done = true;
      timer.cancel();
      resolve(summarize(promised, answers));
    };
    const timeout = () => {
      if (done) return;
      done = true;
      timer.cancel();
      reject(new WriteTimeoutError(`CAS operation timed out - encountered contentions or too few answers to prepare (${answers.size} of ${p.required})`, p.serial, answers.size, p.required, 'CAS'));
    };
    const timer = d.env.timers.setTimeout(timeout, d.options.writeTimeoutMs);
    for (const e of p.live) {
      Promise.resolve(e)
        .then((x) => prepareAt(d, x, tableId, key, ballot))
        .then(
          (r) => {
            if (done) return;
            answers.set(e, r);
            if (!r.promised) finish(false);
            else if (answers.size >= p.required) finish(true);
          },
          () => {
            if (done) return;
            if (p.live.length - ++failures < p.required) timeout();
          },
        );
    }
  });
}

function summarize(promised: boolean, answers: ReadonlyMap<Endpoint, PrepareResponse>): PrepareSummary {
  let highestPromised: Ballot | null = null;
  let inProgress: PaxosCommit | null = null;
  let mostRecentCommit: PaxosCommit | null = null;
  for (const r of answers.values()) {
    if (isAfter(r.promisedBallot, highestPromised)) highestPromised = r.promisedBallot;
    if (r.accepted !== null && isAfter(r.accepted.ballot, inProgress?.ballot ?? null)) inProgress = r.accepted;
    if (r.committed !== null && isAfter(r.committed.ballot, mostRecentCommit?.ballot ?? null)) mostRecentCommit = r.committed;
  }
  const missing: Endpoint[] = [];
  if (mostRecentCommit !== null) {
    for (const [e, r] of answers) if (r.committed === null || compareBallots(r.committed.ballot, mostRecentCommit.ballot) < 0) missing.push(e);
  }
  return { promised, highestPromised, inProgress, mostRecentCommit, missingMostRecentCommit: missing };
}

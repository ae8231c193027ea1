/**
 * Phase 2 (Cassandra's proposePaxos + ProposeCallback): ask every live participant to accept
 * the proposal. True once `required` accepted; false when every answer refused (a later ballot
 * was promised: contention, nothing of ours was accepted). Anything in between — some accepted
 * but too few, or silence past the timeout — leaves the outcome unknown: the proposal may still
 * be completed by the next proposer. With `timeoutIfPartial` that is WriteTimeoutError(CAS);
 * otherwise (repairing someone else's proposal) false.
 */
import { WriteTimeoutError } from '../../errors/index.js';
import { MessagingTimeoutError } from '../../net/index.js';
import type { ProxyDeps } from '../coordinator/proxy-deps.js';
import type { PaxosCommit } from './paxos-commit.js';
import type { Participants } from './paxos-participants.js';
import { proposeAt } from './paxos-requests.js';

export function proposePaxos(d: ProxyDeps, p: Participants, proposal: PaxosCommit, timeoutIfPartial: boolean): Promise<boolean> {
  return new Promise((resolve, reject) => {
    let accepts = 0;
    let refusals = 0;
    let done = false;
    const settle = (f: () => void) => {
      if (done) return;
      done = true;
      timer.cancel();
      f();
    };
    const unknown = () => {
      if (!timeoutIfPartial) return settle(() => resolve(false));
      settle(() => reject(new WriteTimeoutError(`CAS operation timed out - proposal accepted by ${accepts} of ${p.required} required`, p.serial, accepts, p.required, 'CAS')));
    };
    const timer = d.env.timers.setTimeout(unknown, d.options.writeTimeoutMs);
    const check = () => {
      if (accepts >= p.required) return settle(() => resolve(true));
      if (p.live.length - refusals < p.required) {
        if (accepts === 0 && accepts + refusals === p.live.length) return settle(() => resolve(false));
        if (accepts + refusals === p.live.length) unknown();
      }
    };
    for (const e of p.live) {
      Promise.resolve(e)
        .then((x) => proposeAt(d, x, proposal))
        .then(
          (ok) => {
            if (done) return;
            if (ok) accepts++;
            else refusals++;
            check();
          },
          (err: unknown) => {
            // A request that timed out may still have been accepted: only our own timer decides then.
            if (done || err instanceof MessagingTimeoutError) return;
            refusals++;
            check();
          },
        );
    }
  });
}

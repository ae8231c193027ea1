/**
 * Phase 3 (Cassandra's commitPaxos): send the commit to every natural and pending replica of the
 * key — every data center — and wait for the commit consistency level's acknowledgements
 * (nothing for ANY). Replicas known dead get a hint of the update. Too few in time is
 * WriteTimeoutError with writeType SIMPLE, as Cassandra reports the commit phase.
 */
import { type Consistency, type Endpoint, blockForWrite } from '../../locator/index.js';
import { MessagingTimeoutError } from '../../net/index.js';
import type { ProxyDeps } from '../coordinator/proxy-deps.js';
import { WriteAckTracker } from '../coordinator/write-ack-tracker.js';
import type { PaxosCommit } from './paxos-commit.js';
import type { Participants } from './paxos-participants.js';
import { commitAt } from './paxos-requests.js';

export function commitPaxos(d: ProxyDeps, p: Participants, commit: PaxosCommit, cl: Consistency): Promise<void> {
  const all = [...p.natural, ...p.pending];
  const live = all.filter((e) => d.liveness.isAlive(e));
  const mutation = { tableId: commit.tableId, update: commit.update };
  const tracker = new WriteAckTracker({
    cl,
    ctx: p.ctx,
    blockFor: cl === 'ANY' ? 0 : blockForWrite(cl, p.ctx, p.pending),
    pending: p.pending,
    targets: live,
    writeType: 'SIMPLE',
    timers: d.env.timers,
    timeoutMs: d.options.writeTimeoutMs,
  });
  for (const e of all) if (!d.liveness.isAlive(e)) d.hints.hint(e, mutation);
  for (const e of live) {
    Promise.resolve(e)
      .then((x) => commitAt(d, x, commit))
      .then(
        () => tracker.ack(e),
        (err: unknown) => {
          if (err instanceof MessagingTimeoutError) d.hints.hint(e, mutation);
          else tracker.fail(e);
        },
      );
  }
  return tracker.done;
}

/** Sends a commit to the given replicas and waits for each (best effort: false if any failed). */
export async function commitTo(d: ProxyDeps, targets: readonly Endpoint[], commit: PaxosCommit): Promise<boolean> {
  const results = await Promise.allSettled(targets.map((e) => commitAt(d, e, commit)));
  return results.every((r) => r.status === 'fulfilled');
}

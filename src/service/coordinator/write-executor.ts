/**
 * The coordinator's write path: each partition update goes to every natural and pending replica
 * of its key (this node applies its own copy without the network); the call waits for the
 * consistency level's acknowledgements (write-ack-tracker.ts). Availability is checked for every
 * update before anything is sent, so an UnavailableError means nothing was written. Replicas
 * known dead get a hint at once; replicas silent past the timeout get one when it passes.
 */
import { CommitLogStoppedError, WriteTimeoutError, type WriteType } from '../../errors/index.js';
import { type Consistency, type Endpoint, assureSufficientLiveForWrite, blockForWrite } from '../../locator/index.js';
import { MessagingTimeoutError } from '../../net/index.js';
import type { Mutation } from '../../storage/model/index.js';
import type { TableWrite } from '../data-store.js';
import { encodeMutationMessage } from '../wire/mutation-message.js';
import { addressOf } from './endpoint-address.js';
import { traceSessionOf } from './replica-requests.js';
import type { ProxyDeps } from './proxy-deps.js';
import { type ReplicaSet, replicasOfKey } from './replica-selection.js';
import { WriteAckTracker } from './write-ack-tracker.js';
import type { TraceSink } from '../../util/trace-sink.js';

interface WritePlan {
  readonly write: TableWrite;
  readonly replicas: ReplicaSet;
  readonly live: readonly Endpoint[];
  readonly dead: readonly Endpoint[];
}

export async function coordinateWrites(d: ProxyDeps, writes: readonly TableWrite[], cl: Consistency, trace?: TraceSink): Promise<void> {
  if (writes.length === 0) return;
  // Cassandra 4.0's StorageProxy traces the same words.
  trace?.trace('Determining replicas for mutation');
  const plans = planWrites(d, writes, cl);
  // This node the only replica of everything (one node, or local tables): the local store as is.
  const writeType: WriteType = writes.length > 1 ? 'BATCH' : 'SIMPLE';
  if (plans.every((p) => p.dead.length === 0 && p.live.length === 1 && p.live[0] === d.self)) {
    return d.local.apply(writes, cl, trace === undefined ? undefined : { trace }).catch((e: unknown) => {
      // A stopped commit log (stop_commit) never acknowledges: the write timed out waiting for this replica.
      throw e instanceof CommitLogStoppedError ? new WriteTimeoutError('Operation timed out - received only 0 responses.', cl, 0, 1, writeType) : e;
    });
  }
  await Promise.all(plans.map((p) => writeOne(d, p, cl, writeType, trace)));
}

/** Each write's replicas; UnavailableError if any write's live replicas cannot meet `cl`. */
export function planWrites(d: ProxyDeps, writes: readonly TableWrite[], cl: Consistency): WritePlan[] {
  const ring = d.rings.ring();
  return writes.map((w): WritePlan => {
    const replicas = replicasOfKey(d.rings.placement(w.cf.keyspace), ring, w.update.key, d.selection);
    const all = replicas.pending.length === 0 ? replicas.natural : [...replicas.natural, ...replicas.pending];
    const live: Endpoint[] = [];
    const dead: Endpoint[] = [];
    for (const e of all) (d.liveness.isAlive(e) ? live : dead).push(e);
    assureSufficientLiveForWrite(cl, replicas.ctx, live, replicas.pending);
    return { write: w, replicas, live, dead };
  });
}

function writeOne(d: ProxyDeps, plan: WritePlan, cl: Consistency, writeType: WriteType, trace: TraceSink | undefined): Promise<void> {
  const { write, replicas } = plan;
  const mutation: Mutation = { tableId: write.cf.id, update: write.update };
  const tracker = new WriteAckTracker({
    cl,
    ctx: replicas.ctx,
    blockFor: blockForWrite(cl, replicas.ctx, replicas.pending),
    pending: replicas.pending,
    targets: plan.live,
    writeType,
    timers: d.env.timers,
    timeoutMs: d.options.writeTimeoutMs,
  });
  for (const e of plan.dead) {
    trace?.trace(`Adding a hint for ${e}, which is down`);
    if (d.hints.hint(e, mutation)) tracker.hinted();
  }
  let payload: Buffer | undefined;
  for (const e of plan.live) {
    if (e === d.self) {
      Promise.resolve([write])
        .then((w) => d.local.apply(w, cl, trace === undefined ? undefined : { trace }))
        .then(
          () => tracker.ack(e),
          // A stopped commit log (stop_commit) never acknowledges: the tracker's timer answers.
          (err: unknown) => (err instanceof CommitLogStoppedError ? undefined : tracker.fail(e)),
        );
      continue;
    }
    payload ??= encodeMutationMessage(mutation);
    trace?.trace(`Sending MUTATION message to /${e}`);
    d.messaging.sendWithCallback(
      addressOf(e),
      { verb: 'MUTATION', payload, ...traceSessionOf(trace) },
      {
        timeoutMs: d.options.writeTimeoutMs,
        onResponse: () => {
          trace?.trace(`MUTATION response received from /${e}`);
          tracker.ack(e);
        },
        onFailure: (err) => {
          trace?.trace(`MUTATION to /${e} failed: ${err.message}`);
          // A silent replica is hinted; the tracker's own timer reports the timeout.
          if (err instanceof MessagingTimeoutError) d.hints.hint(e, mutation);
          else tracker.fail(e);
        },
      },
    );
  }
  return tracker.done;
}

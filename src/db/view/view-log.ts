/**
 * A base replica's view updates, made durable before its base write (Cassandra 4.0's
 * StorageProxy.mutateMV stores a replica's view mutations in its local batchlog before sending
 * them, and Keyspace.applyInternal puts the base mutation in the commit log before that).
 *
 * Ilium's commit-log replay does not regenerate view updates, so the entry holds the base update
 * and the deletions of the view updates it makes (write-with-views.ts says why not their live
 * cells): one batch in this node's batch log (batchlog-table.ts, the form logged batches take),
 * stored before the base write and removed once every view update was applied or hinted. The
 * entry goes through the same commit log ahead of the base write, and a crash loses only a tail of
 * that log, so a base write that survives a crash has its entry too. The node's batch-log replay
 * (service/batchlog/batchlog-replay.ts) applies an entry still there after twice the write timeout
 * through the coordinator: the base update again (idempotent: its replicas put the view rows the
 * base holds) and the deletions to the view's replicas.
 */
import type { Env } from '../../env/index.js';
import { TimeUuidGenerator } from '../../marshal/timeuuid.js';
import type { Mutation } from '../../storage/model/index.js';
import type { StorageEngine } from '../../storage/storage-engine.js';
import { BatchlogTable, encodeBatchMutations } from '../batchlog-table.js';

export interface ViewLog {
  /** Stores the mutations as one batch; resolves with its id once durable per the sync mode. */
  store(mutations: readonly Mutation[]): Promise<Buffer>;
  remove(id: Buffer): Promise<void>;
}

export function localViewLog(engine: StorageEngine, env: Env): ViewLog {
  const table = new BatchlogTable(engine);
  const ids = new TimeUuidGenerator(env.clock, env.random);
  return {
    store: async (mutations) => {
      const id = ids.next();
      await table.store(id, encodeBatchMutations(mutations), env.clock.nowMicros());
      return id;
    },
    remove: (id) => table.remove(id, env.clock.nowMicros(), Math.floor(env.clock.nowMs() / 1000)),
  };
}

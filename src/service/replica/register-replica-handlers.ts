/** Registers the data-path verbs a replica answers on a node's MessagingService. */
import type { MessagingService } from '../../net/index.js';
import { hintVerbHandler } from './hint-verb.js';
import { batchRemoveVerbHandler } from './batch-remove-verb.js';
import { batchStoreVerbHandler } from './batch-store-verb.js';
import { paxosCommitVerbHandler } from './paxos-commit-verb.js';
import { paxosPrepareVerbHandler } from './paxos-prepare-verb.js';
import { paxosProposeVerbHandler } from './paxos-propose-verb.js';
import { indexCleanVerbHandler } from './index-clean-verb.js';
import { indexReadVerbHandler } from './index-read-verb.js';
import { mutationVerbHandler } from './mutation-verb.js';
import { rangeReadVerbHandler } from './range-read-verb.js';
import { readRepairVerbHandler } from './read-repair-verb.js';
import { readVerbHandler } from './read-verb.js';
import type { ReplicaContext } from './replica-context.js';
import { truncateVerbHandler } from './truncate-verb.js';

export function registerReplicaHandlers(messaging: MessagingService, ctx: ReplicaContext): void {
  messaging.registerHandler('MUTATION', mutationVerbHandler(ctx));
  messaging.registerHandler('READ', readVerbHandler(ctx));
  messaging.registerHandler('RANGE_READ', rangeReadVerbHandler(ctx));
  messaging.registerHandler('READ_REPAIR', readRepairVerbHandler(ctx));
  messaging.registerHandler('TRUNCATE', truncateVerbHandler(ctx));
  messaging.registerHandler('HINT', hintVerbHandler(ctx));
  messaging.registerHandler('INDEX_READ', indexReadVerbHandler(ctx));
  messaging.registerHandler('INDEX_CLEAN', indexCleanVerbHandler(ctx));
  if (ctx.paxos !== undefined) {
    messaging.registerHandler('PAXOS_PREPARE', paxosPrepareVerbHandler(ctx, ctx.paxos));
    messaging.registerHandler('PAXOS_PROPOSE', paxosProposeVerbHandler(ctx, ctx.paxos));
    messaging.registerHandler('PAXOS_COMMIT', paxosCommitVerbHandler(ctx, ctx.paxos));
  }
  if (ctx.batchlog !== undefined) {
    messaging.registerHandler('BATCH_STORE', batchStoreVerbHandler(ctx.batchlog.table, ctx.batchlog.clock));
    messaging.registerHandler('BATCH_REMOVE', batchRemoveVerbHandler(ctx.batchlog.table, ctx.batchlog.clock));
  }
}

/** SYNC_REQ on a replica: pull the ranges of the table from the named source; answer what was applied. */
import type { VerbHandler } from '../net/index.js';
import { answer } from '../service/replica/replica-context.js';
import { type RepairReplicaContext, repairTable } from './repair-context.js';
import { pullRanges } from './sync.js';
import { decodeSyncRequest, encodeSyncResponse } from './wire/sync-message.js';

export function syncVerbHandler(ctx: RepairReplicaContext): VerbHandler {
  return (message, reply) =>
    answer(message, reply, async (payload) => {
      const s = decodeSyncRequest(payload, ctx.partitioner);
      const cf = repairTable(ctx, s.tableId);
      // The request says only whether views are updated: repair's pulls do, range movements' do not.
      return encodeSyncResponse(await pullRanges(ctx, cf, s.source, s.ranges, s.nowSec, s.viewUpdates, s.viewUpdates ? 'Repair' : 'Range movement'));
    });
}

/** Registers the verbs a replica answers for repair (VALIDATION_REQ, SYNC_REQ) on a node's MessagingService. */
import type { MessagingService } from '../net/index.js';
import type { RepairReplicaContext } from './repair-context.js';
import { syncVerbHandler } from './sync-verb.js';
import { validationVerbHandler } from './validation-verb.js';

export const REPAIR_VERBS = ['VALIDATION_REQ', 'SYNC_REQ'] as const;

export function registerRepairHandlers(messaging: MessagingService, ctx: RepairReplicaContext): void {
  messaging.registerHandler('VALIDATION_REQ', validationVerbHandler(ctx));
  messaging.registerHandler('SYNC_REQ', syncVerbHandler(ctx));
}

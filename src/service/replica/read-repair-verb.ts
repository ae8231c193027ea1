/**
 * READ_REPAIR on a replica: the coordinator found this replica behind and sends what it lacks as
 * a partition update; applying it is an ordinary write (reconcile makes it idempotent).
 */
import type { VerbHandler } from '../../net/index.js';
import { mutationVerbHandler } from './mutation-verb.js';
import type { ReplicaContext } from './replica-context.js';

export function readRepairVerbHandler(ctx: ReplicaContext): VerbHandler {
  return mutationVerbHandler(ctx, 'read repair');
}

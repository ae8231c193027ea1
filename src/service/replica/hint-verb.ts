/**
 * HINT on a replica: a mutation this node missed, delivered late by a coordinator's hints. It is
 * applied exactly as MUTATION (reconcile makes a repeated delivery harmless), then acknowledged.
 */
import type { VerbHandler } from '../../net/index.js';
import { mutationVerbHandler } from './mutation-verb.js';
import type { ReplicaContext } from './replica-context.js';

export function hintVerbHandler(ctx: ReplicaContext): VerbHandler {
  return mutationVerbHandler(ctx, 'hint');
}

/**
 * A base replica's view updates on a ring, sent where Cassandra 4.0 sends them
 * (ViewUtils.getViewNaturalEndpoint): to this node's own copy when it is a replica of the view
 * partition too; otherwise, with the replicas common to both sets left out, the view replica at
 * this node's position among the base replicas — so each base replica updates one view replica
 * and the view gets the base's replication factor. An unreachable paired replica gets a hint
 * (Cassandra first logs the update in its local batchlog); a node that is no natural base replica
 * (one joining the ring) sends nothing.
 */
import type { Endpoint } from '../locator/index.js';
import type { MessagingService } from '../net/index.js';
import type { ViewWrites } from '../db/view/view-writes.js';
import type { ColumnFamilyDef } from '../schema/index.js';
import type { Mutation, PartitionUpdate } from '../storage/model/index.js';
import { addressOf } from './coordinator/endpoint-address.js';
import type { HintSink, RingProvider } from './coordinator/seams.js';
import { encodeMutationMessage } from './wire/mutation-message.js';

export interface PairedViewWritesDeps {
  readonly self: Endpoint;
  readonly rings: RingProvider;
  readonly messaging: MessagingService;
  readonly hints: HintSink;
  readonly writeTimeoutMs: number;
  /** This node's own copy of the view. */
  readonly local: ViewWrites;
}

/** The view replica this base replica updates; undefined when it is no base replica. */
export function pairedViewEndpoint(self: Endpoint, base: readonly Endpoint[], view: readonly Endpoint[]): Endpoint | undefined {
  if (view.includes(self)) return self;
  const baseOnly = base.filter((e) => !view.includes(e));
  const viewOnly = view.filter((e) => !base.includes(e));
  const i = baseOnly.indexOf(self);
  return i < 0 ? undefined : viewOnly[i];
}

export class PairedViewWrites implements ViewWrites {
  constructor(private readonly d: PairedViewWritesDeps) {}

  async apply(view: ColumnFamilyDef, baseKey: Buffer, update: PartitionUpdate): Promise<void> {
    const ring = this.d.rings.ring();
    const placement = this.d.rings.placement(view.keyspace);
    const base = placement.naturalEndpoints(ring.partitioner.token(baseKey), ring);
    const target = pairedViewEndpoint(this.d.self, base, placement.naturalEndpoints(ring.partitioner.token(update.key), ring));
    if (target === undefined) return;
    if (target === this.d.self) return this.d.local.apply(view, baseKey, update);
    const mutation: Mutation = { tableId: view.id, update };
    try {
      await this.d.messaging.request(addressOf(target), { verb: 'READ_REPAIR', payload: encodeMutationMessage(mutation) }, { timeoutMs: this.d.writeTimeoutMs });
    } catch {
      this.d.hints.hint(target, mutation);
    }
  }
}

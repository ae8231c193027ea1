/**
 * A base replica's view updates on a ring, sent where Cassandra 4.0 sends them
 * (ViewUtils.getViewNaturalEndpoint): to this node's own copy when it is a replica of the view
 * partition too; otherwise, with the replicas common to both sets left out, the view replica at
 * this node's position among the base replicas — so each base replica updates one view replica
 * and the view gets the base's replication factor. While a node joins or leaves, the view
 * partition's pending replicas get the update too (Cassandra 4.0's StorageProxy.mutateMV sends to
 * the paired endpoint and the pending ones), so a joining node's view does not miss the writes made
 * after its view ranges were streamed to it. An unreachable replica gets a hint; the update was
 * logged in this node's batch log before the base write (db/view/view-log.ts). A node that is no
 * natural base replica (one joining the ring, written as a pending base replica) sends nothing:
 * the natural base replicas send the same update to every natural and pending view replica.
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
    const viewToken = ring.partitioner.token(update.key);
    const base = placement.naturalEndpoints(ring.partitioner.token(baseKey), ring);
    const paired = pairedViewEndpoint(this.d.self, base, placement.naturalEndpoints(viewToken, ring));
    if (paired === undefined) return;
    const pending = placement.pendingEndpoints(viewToken, ring).filter((e) => e !== paired);
    await Promise.all([paired, ...pending].map((target) => this.send(target, view, baseKey, update)));
  }

  private async send(target: Endpoint, view: ColumnFamilyDef, baseKey: Buffer, update: PartitionUpdate): Promise<void> {
    if (target === this.d.self) return this.d.local.apply(view, baseKey, update);
    const mutation: Mutation = { tableId: view.id, update };
    try {
      await this.d.messaging.request(addressOf(target), { verb: 'READ_REPAIR', payload: encodeMutationMessage(mutation) }, { timeoutMs: this.d.writeTimeoutMs });
    } catch {
      this.d.hints.hint(target, mutation);
    }
  }
}

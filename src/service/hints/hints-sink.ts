/**
 * The coordinator's HintSink over the hints layer (src/hints `HintsService`): a mutation a replica
 * missed becomes a hint for that replica's host id (hints follow the node, not its address), its
 * payload the MUTATION wire form (so delivery sends it as is), expiring after the table's
 * gc_grace_seconds — a hint delivered later could bring back data whose tombstones were purged.
 * A replica without a host id on the ring cannot be hinted (false: not counted for ANY), nor can
 * a hint the store fails to write (a full disk): the write goes on without it, counted in
 * `failures` — the replica will need repair, as after a hint window.
 */
import type { Endpoint } from '../../locator/index.js';
import type { ColumnFamilyDef } from '../../schema/index.js';
import type { Clock } from '../../env/index.js';
import type { Mutation } from '../../storage/model/index.js';
import type { HintSink, RingProvider } from '../coordinator/seams.js';
import { encodeMutationMessage } from '../wire/mutation-message.js';

/** What the sink needs of HintsService (a seam, so the service layer stays below the node's wiring). */
export interface HintStore {
  hint(target: string, payload: Uint8Array, expiresAtMs: number): boolean;
}

export interface HintsSinkDeps {
  readonly hints: HintStore;
  readonly rings: RingProvider;
  readonly clock: Clock;
  tableById(id: string): ColumnFamilyDef | undefined;
}

export class HintsServiceSink implements HintSink {
  /** Hints the store failed to write. */
  failures = 0;

  constructor(private readonly d: HintsSinkDeps) {}

  hint(target: Endpoint, mutation: Mutation): boolean {
    const hostId = this.d.rings.ring().hostIdOf(target);
    const cf = this.d.tableById(mutation.tableId);
    if (hostId === undefined || cf === undefined) return false;
    try {
      return this.d.hints.hint(hostId, encodeMutationMessage(mutation), hintExpiryMs(this.d.clock.nowMs(), [cf]));
    } catch {
      this.failures++;
      return false;
    }
  }
}

/** When a hint for a mutation of `tables` made at `nowMs` expires: after the smallest gc_grace_seconds. */
export function hintExpiryMs(nowMs: number, tables: readonly ColumnFamilyDef[]): number {
  let grace = Infinity;
  for (const cf of tables) grace = Math.min(grace, cf.gcGraceSeconds);
  return nowMs + (Number.isFinite(grace) ? grace : 0) * 1000;
}

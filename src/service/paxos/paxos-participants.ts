/**
 * Who takes part in a Paxos round for a key (Cassandra's getPaxosParticipants): its natural and
 * pending replicas — only the local data center's for LOCAL_SERIAL — of which a quorum of the
 * natural ones plus every pending one must answer. Fewer live participants than that is
 * UnavailableError before anything is sent; so is more than one pending replica (a range
 * movement in progress would let two quorums miss each other).
 */
import { UnavailableError } from '../../errors/index.js';
import { type Consistency, type ConsistencyContext, type Endpoint, quorumFor } from '../../locator/index.js';
import type { ColumnFamilyDef } from '../../schema/index.js';
import type { ProxyDeps } from '../coordinator/proxy-deps.js';
import { replicasOfKey } from '../coordinator/replica-selection.js';

export interface Participants {
  readonly serial: Consistency;
  readonly ctx: ConsistencyContext;
  /** Natural and pending replicas (every data center), the commit's targets. */
  readonly natural: readonly Endpoint[];
  readonly pending: readonly Endpoint[];
  /** The live participants the Paxos rounds ask. */
  readonly live: readonly Endpoint[];
  /** Answers each round needs. */
  readonly required: number;
}

export function paxosParticipants(d: ProxyDeps, cf: ColumnFamilyDef, key: Buffer, serial: Consistency): Participants {
  const ring = d.rings.ring();
  const replicas = replicasOfKey(d.rings.placement(cf.keyspace), ring, key, d.selection);
  const local = (e: Endpoint) => serial !== 'LOCAL_SERIAL' || replicas.ctx.datacenterOf(e) === replicas.ctx.localDatacenter;
  const natural = replicas.natural.filter(local);
  const pending = replicas.pending.filter(local);
  if (pending.length > 1) throw new UnavailableError(`Cannot perform LWT operation as there is more than one (${pending.length}) pending range movement`, serial, natural.length + 1, natural.length);
  const required = quorumFor(natural.length) + pending.length;
  const live = [...natural, ...pending].filter((e) => d.liveness.isAlive(e));
  if (live.length < required) throw new UnavailableError(`Cannot achieve consistency level ${serial}`, serial, required, live.length);
  return { serial, ctx: replicas.ctx, natural: replicas.natural, pending: replicas.pending, live, required };
}

/**
 * Compare-and-set by Paxos (Cassandra's StorageProxy.cas), on one partition:
 *
 *   1. participants at the serial level (UnavailableError if too few are alive; the commit
 *      level's replicas are checked too, so nothing is proposed that could not be committed);
 *   2. begin and repair (begin-and-repair.ts): a promised ballot, earlier unfinished work done;
 *   3. read the current data at QUORUM (LOCAL_QUORUM for LOCAL_SERIAL) and let the caller decide;
 *      a failed condition ends here, with nothing written;
 *   4. propose the decision's write (stamped with the ballot's microsecond by the caller) and,
 *      once a quorum accepted, commit it at the commit level.
 * A proposal refused by every participant lost to contention: back off and start again, until
 * cas_contention_timeout_in_ms has passed (WriteTimeoutError, writeType CAS). A proposal only
 * partly accepted is WriteTimeoutError(CAS) at once: the next proposer may yet finish it.
 */
import { type Consistency, assureSufficientLiveForWrite } from '../../locator/index.js';
import type { ColumnFamilyDef } from '../../schema/index.js';
import type { ProxyDeps } from '../coordinator/proxy-deps.js';
import { coordinateRead } from '../coordinator/read-executor.js';
import type { CasDecide, CasLevels, CasReader } from '../data-store.js';
import { ballotMicros } from './ballot.js';
import { commitPaxos } from './commit-round.js';
import { ContentionDeadline } from './contention.js';
import { beginAndRepairPaxos } from './begin-and-repair.js';
import { paxosParticipants } from './paxos-participants.js';
import { proposePaxos } from './propose-round.js';

export async function coordinateCas<T>(d: ProxyDeps, cf: ColumnFamilyDef, key: Buffer, levels: CasLevels, decide: CasDecide<T>): Promise<T> {
  const deadline = new ContentionDeadline(d.env, d.options.casContentionTimeoutMs);
  const p = paxosParticipants(d, cf, key, levels.serial);
  if (levels.commit !== 'ANY') {
    const all = [...p.natural, ...p.pending];
    assureSufficientLiveForWrite(levels.commit, p.ctx, all.filter((e) => d.liveness.isAlive(e)), p.pending);
  }
  const reader = serialReader(d, levels.serial);
  while (!deadline.passed) {
    const ballot = await beginAndRepairPaxos(d, cf, key, p, levels.commit, deadline);
    const decision = await decide(reader, ballotMicros(ballot));
    if (decision.write === null) return decision.result;
    if (!decision.write.update.key.equals(key) || decision.write.cf.id !== cf.id) throw new Error('a compare-and-set may only write its own partition');
    const proposal = { tableId: cf.id, ballot, update: decision.write.update };
    if (await proposePaxos(d, p, proposal, true)) {
      await commitPaxos(d, p, proposal, levels.commit);
      return decision.result;
    }
    await deadline.backoff();
  }
  throw deadline.timeout(p);
}

/** QUORUM (LOCAL_QUORUM for LOCAL_SERIAL): the level Paxos reads the current data at. */
export function serialReadLevel(serial: Consistency): Consistency {
  return serial === 'LOCAL_SERIAL' ? 'LOCAL_QUORUM' : 'QUORUM';
}

function serialReader(d: ProxyDeps, serial: Consistency): CasReader {
  const cl = serialReadLevel(serial);
  return { read: (cf, key, query, _cl, nowSec) => coordinateRead(d, cf, key, query, cl, nowSec) };
}

/**
 * One replica's side of Paxos (Cassandra's PaxosState): per instance — a user table's partition —
 * the promised ballot, the accepted proposal and the most recent commit, kept durably in the
 * node's Paxos state table (db/paxos-table.ts) and changed only under the instance's lock.
 *
 *   prepare(b)  promise b if it is after every ballot promised so far; answer with the accepted
 *               proposal and the most recent commit either way.
 *   propose(p)  accept p unless a later ballot was promised.
 *   commit(c)   apply c's update to the table (through the local store, indexes maintained),
 *               remember c if it is the newest commit, and forget an accepted proposal it
 *               supersedes.
 * The state of an idle partition expires after the table's gc_grace_seconds, at least three
 * hours (Cassandra's paxos TTL): a proposal older than that is long decided or abandoned.
 */
import type { RowLocks } from '../../db/operations/row-locks.js';
import type { PaxosStateTable } from '../../db/paxos-table.js';
import type { Clock } from '../../env/index.js';
import type { ColumnFamilyDef } from '../../schema/index.js';
import type { DataStore } from '../data-store.js';
import { decodeCommit, encodeCommit } from '../wire/paxos-commit-codec.js';
import { type Ballot, compareBallots, isAfter } from './ballot.js';
import type { PaxosCommit, PrepareResponse } from './paxos-commit.js';
import { invariant } from '../../util/invariant.js';

const MIN_TTL_SECONDS = 3 * 3600;

interface State {
  readonly promised: Ballot | null;
  readonly accepted: PaxosCommit | null;
  readonly committed: PaxosCommit | null;
}

export interface PaxosAcceptorDeps {
  readonly table: PaxosStateTable;
  readonly locks: RowLocks;
  readonly clock: Clock;
  /** The node's own data. */
  readonly local: DataStore;
  readonly tableById: (id: string) => ColumnFamilyDef | undefined;
}

export class PaxosAcceptor {
  constructor(private readonly d: PaxosAcceptorDeps) {}

  prepare(tableId: string, key: Buffer, ballot: Ballot): Promise<PrepareResponse> {
    return this.locked(tableId, key, async (s, save) => {
      if (isAfter(ballot, s.promised)) {
        await save({ ...s, promised: ballot });
        return { promised: true, promisedBallot: ballot, accepted: s.accepted, committed: s.committed };
      }
      return { promised: false, promisedBallot: s.promised ?? ballot, accepted: s.accepted, committed: s.committed };
    });
  }

  propose(p: PaxosCommit): Promise<boolean> {
    return this.locked(p.tableId, p.update.key, async (s, save) => {
      // A proposal this replica has already accepted is accepted again, even past a later promise:
      // the acceptance happened, and a second copy of the request (a retry, a duplicate) must not
      // be told otherwise — a refusal would let its proposer retry as if nothing of it were
      // accepted while the accepted copy can still be completed by the next proposer.
      if (s.accepted !== null && compareBallots(p.ballot, s.accepted.ballot) === 0) return true;
      if (s.promised !== null && compareBallots(p.ballot, s.promised) < 0) return false;
      await save({ promised: p.ballot, accepted: p, committed: s.committed });
      return true;
    });
  }

  async commit(c: PaxosCommit): Promise<void> {
    const cf = this.d.tableById(c.tableId);
    if (cf === undefined) throw new Error(`Unknown table id ${c.tableId} for a Paxos commit`);
    // Applying is idempotent (reconcile), so it needs no lock; the state change does.
    if (c.update.cells.length > 0 || c.update.rangeTombstones.length > 0 || c.update.partitionDeletion !== null) await this.d.local.apply([{ cf, update: c.update }], 'ONE');
    await this.locked(c.tableId, c.update.key, async (s, save) => {
      const newer = s.committed === null || compareBallots(c.ballot, s.committed.ballot) > 0;
      const clears = s.accepted !== null && compareBallots(s.accepted.ballot, c.ballot) <= 0;
      if (newer || clears) await save({ promised: s.promised, accepted: clears ? null : s.accepted, committed: newer ? c : s.committed });
    });
  }

  private locked<T>(tableId: string, key: Buffer, fn: (s: State, save: (next: State) => Promise<void>) => Promise<T>): Promise<T> {
    return this.d.locks.run(`paxos:${tableId}/${key.toString('hex')}`, async () => {
      const nowSec = Math.floor(this.d.clock.nowMs() / 1000);
      const { state, newest } = this.d.table.load(tableId, key, nowSec);
      const s: State = {
        promised: state.promised,
        accepted: state.accepted === null ? null : decodeCommit(state.accepted, 'stored paxos proposal'),
        committed: state.committed === null ? null : decodeCommit(state.committed, 'stored paxos commit'),
      };
      const ttl = Math.max(MIN_TTL_SECONDS, this.d.tableById(tableId)?.gcGraceSeconds ?? 0);
      const save = (next: State) => {
        checkTransition(s, next);
        return this.d.table.save(tableId, key, { promised: next.promised, accepted: next.accepted === null ? null : encodeCommit(next.accepted), committed: next.committed === null ? null : encodeCommit(next.committed) }, newest, nowSec, ttl);
      };
      return fn(s, save);
    });
  }
}

/** What every save keeps true: the promise only moves forward, and it covers the accepted proposal. */
function checkTransition(before: State, next: State): void {
  invariant(before.promised === null || (next.promised !== null && compareBallots(next.promised, before.promised) >= 0), 'paxos: the promised ballot never goes back');
  invariant(next.accepted === null || (next.promised !== null && compareBallots(next.promised, next.accepted.ballot) >= 0), 'paxos: promised ≥ accepted');
}

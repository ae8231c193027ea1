/**
 * A Paxos proposal or commit (Cassandra's Commit): a ballot and the partition update it carries,
 * addressed to a table. The update's key is the Paxos instance's partition key.
 */
import type { PartitionUpdate } from '../../storage/model/index.js';
import type { Ballot } from './ballot.js';

export interface PaxosCommit {
  readonly tableId: string;
  readonly ballot: Ballot;
  readonly update: PartitionUpdate;
}

/** The replica's answer to PREPARE: a promise (or a refusal), with what it accepted and last committed. */
export interface PrepareResponse {
  readonly promised: boolean;
  /** The highest ballot the replica has promised (after this prepare, when promised). */
  readonly promisedBallot: Ballot;
  /** The latest proposal it accepted and has not seen committed, if any. */
  readonly accepted: PaxosCommit | null;
  /** The latest commit it has seen for the partition. */
  readonly committed: PaxosCommit | null;
}

/** Whether an update writes nothing (a proposal of a failed condition, or a read's repair round). */
export function isEmptyUpdate(u: PartitionUpdate): boolean {
  return u.cells.length === 0 && u.rangeTombstones.length === 0 && u.partitionDeletion === null;
}

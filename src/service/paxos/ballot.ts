/**
 * Paxos ballots are version-1 TimeUUIDs (as Cassandra's): the time part orders them, the random
 * clock-sequence-and-node part breaks ties between coordinators that picked the same
 * microsecond. Ballots compare by timestamp, then by their last eight bytes unsigned — any total
 * order every node agrees on will do. A ballot's microsecond is also the write timestamp of the
 * update it proposes, so later ballots' updates always supersede earlier ones.
 */
import type { Random } from '../../env/index.js';
import { GREGORIAN_TO_UNIX_100NS, makeTimeUuid, timeUuidTimestamp100ns } from '../../marshal/timeuuid.js';

export type Ballot = Buffer;

/** A ballot whose time is `micros` (Unix microseconds) with a random tie-breaker. */
export function newBallot(micros: bigint, random: Random): Ballot {
  const csn = Buffer.from(random.bytes(8).subarray(0, 8));
  csn[0] = (csn[0]! & 0x3f) | 0x80;
  return makeTimeUuid(micros * 10n + GREGORIAN_TO_UNIX_100NS, csn);
}

/** The Unix microsecond of a ballot. */
export function ballotMicros(b: Ballot): bigint {
  return (timeUuidTimestamp100ns(b) - GREGORIAN_TO_UNIX_100NS) / 10n;
}

export function compareBallots(a: Ballot, b: Ballot): number {
  const ta = timeUuidTimestamp100ns(a);
  const tb = timeUuidTimestamp100ns(b);
  if (ta !== tb) return ta < tb ? -1 : 1;
  return Buffer.compare(a.subarray(8), b.subarray(8));
}

/** Whether `a` is strictly after `b` (null counts as before every ballot). */
export function isAfter(a: Ballot, b: Ballot | null): boolean {
  return b === null || compareBallots(a, b) > 0;
}

/**
 * A read at SERIAL / LOCAL_SERIAL (Cassandra's readWithPaxos): begin and repair a Paxos round on
 * the partition — so any accepted but unfinished proposal is committed first — then read at
 * QUORUM / LOCAL_QUORUM. Contention past cas_contention_timeout_in_ms is a ReadTimeoutError.
 */
import { ReadTimeoutError, WriteTimeoutError } from '../../errors/index.js';
import type { Consistency } from '../../locator/index.js';
import type { ColumnFamilyDef } from '../../schema/index.js';
import type { PartitionResult } from '../../storage/read/partition-reader.js';
import type { SliceQuery } from '../../storage/read/slice-query.js';
import type { ProxyDeps } from '../coordinator/proxy-deps.js';
import { coordinateRead } from '../coordinator/read-executor.js';
import { beginAndRepairPaxos } from './begin-and-repair.js';
import { serialReadLevel } from './coordinate-cas.js';
import { ContentionDeadline } from './contention.js';
import { paxosParticipants } from './paxos-participants.js';

export async function coordinateSerialRead(d: ProxyDeps, cf: ColumnFamilyDef, key: Buffer, query: SliceQuery, serial: Consistency, nowSec: number): Promise<PartitionResult | null> {
  const p = paxosParticipants(d, cf, key, serial);
  const level = serialReadLevel(serial);
  try {
    await beginAndRepairPaxos(d, cf, key, p, level, new ContentionDeadline(d.env, d.options.casContentionTimeoutMs));
  } catch (e) {
    if (e instanceof WriteTimeoutError && e.writeType === 'CAS') throw new ReadTimeoutError(`Operation timed out - ${e.message}`, serial, e.received, e.blockFor, false);
    throw e;
  }
  return coordinateRead(d, cf, key, query, level, nowSec);
}

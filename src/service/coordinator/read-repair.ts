/**
 * Blocking read repair (Cassandra's BlockingReadRepair): after reconciling the replicas' answers,
 * each contacted replica lacking part of the result is sent that part (READ_REPAIR), and the read
 * waits for every such acknowledgement before answering, so a later read at the same level cannot
 * return older data than this one did. An unacknowledged repair is reported as a read timeout.
 */
import { ReadTimeoutError } from '../../errors/index.js';
import type { Consistency, Endpoint } from '../../locator/index.js';
import type { ColumnFamilyDef } from '../../schema/index.js';
import type { PartitionUpdate } from '../../storage/model/index.js';
import type { PartitionResult } from '../../storage/read/partition-reader.js';
import { repairFor } from './partition-merge.js';
import type { ProxyDeps } from './proxy-deps.js';
import { repairReplica } from './replica-requests.js';
import { collect, CollectTimeout } from './response-collector.js';

export interface RepairContext {
  readonly cf: ColumnFamilyDef;
  readonly cl: Consistency;
  readonly blockFor: number;
  readonly nowSec: number;
}

export async function repairReplicas(d: ProxyDeps, p: RepairContext, merged: PartitionResult, answers: ReadonlyMap<Endpoint, PartitionResult | null>): Promise<void> {
  const repairs = new Map<Endpoint, PartitionUpdate>();
  for (const [e, r] of answers) {
    const update = repairFor(merged, r, p.nowSec);
    if (update !== null) repairs.set(e, update);
  }
  d.readRepair.attempted++;
  if (repairs.size === 0) return;
  d.readRepair.repairedBlocking++;
  const stale = [...repairs.keys()];
  try {
    await collect(d.env.timers, stale, stale.length, d.options.writeTimeoutMs, (e) => repairReplica(d, e, p.cf, repairs.get(e)!));
  } catch (e) {
    // Cassandra reports an unacknowledged blocking repair as a read timeout (the data was read).
    const received = p.blockFor - stale.length + (e instanceof CollectTimeout ? e.received : 0);
    throw new ReadTimeoutError('Operation timed out - read repair was not acknowledged in time', p.cl, Math.max(0, received), p.blockFor, true);
  }
}

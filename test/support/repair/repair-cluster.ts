/**
 * Repair on the coordinator's simulated cluster (test/support/service/sim-cluster.ts): every node
 * answers VALIDATION_REQ and SYNC_REQ and gets a RepairService; `localDump` renders everything a
 * node holds for the table (tombstones included, canonical) so replicas can be compared.
 */
import { simAwait } from '../net-sim.js';
import { type SimCluster, partitioner } from '../service/sim-cluster.js';
import type { Cell } from '../../../src/storage/model/index.js';
import type { ColumnFamilyDef } from '../../../src/schema/index.js';
import type { StorageEngine } from '../../../src/storage/storage-engine.js';
import { canonicalPartition } from '../../../src/repair/partition-digest.js';
import { REPAIR_QUERY } from '../../../src/repair/range-scan.js';
import type { RepairReplicaContext } from '../../../src/repair/repair-context.js';
import { type RepairOptions, RepairService } from '../../../src/repair/repair-session.js';
import { registerRepairHandlers } from '../../../src/repair/register-repair-handlers.js';

export function withRepair(c: SimCluster, pageSize = 3, options: RepairOptions = {}): RepairService[] {
  return c.nodes.map((n) => {
    const replica: RepairReplicaContext = { local: n.local, tableById: (id) => n.keeper.schema.tableById(id), partitioner, messaging: n.messaging, pageSize };
    registerRepairHandlers(n.messaging, replica);
    return new RepairService({ replica, self: n.endpoint, rings: n.rings, liveness: c.liveness, clock: c.env.clock, keyspace: (name) => n.keeper.schema.keyspace(name) }, options);
  });
}

/** What `localDump` needs of a cluster: node i's engine and the table's column names. */
export interface DumpSource {
  readonly cf: ColumnFamilyDef;
  node(i: number): { readonly engine: StorageEngine };
  nowSec(): number;
  columnName(name: Buffer): string;
}

/** Node i's whole table, one line per partition, deletions included. */
export function localDump(c: DumpSource, i: number): string[] {
  const found = c.node(i).engine.scan(c.cf.id, undefined, undefined, REPAIR_QUERY, 1 << 30, c.nowSec());
  const out: string[] = [];
  for (const p of found) {
    const cp = canonicalPartition(p);
    if (cp === null) continue;
    const pd = `pd=${cp.partitionDeletion.markedForDeleteAt}/${cp.partitionDeletion.localDeletionTime}`;
    const rts = cp.rangeTombstones.map((rt) => `rt[${rt.start.toString("hex")}..${rt.end.toString("hex")}]@${rt.deletion.markedForDeleteAt}`);
    out.push([p.key.toString(), pd, ...rts, ...cp.cells.map((cell) => cellText(c, cell))].join(' '));
  }
  return out;
}

function cellText(c: DumpSource, cell: Cell): string {
  return `${c.columnName(cell.name)}:${cell.kind}=${cell.value.toString('hex')}@${cell.timestamp}/${cell.ttl}/${cell.localDeletionTime}`;
}

export function repairVia<T>(c: SimCluster, p: Promise<T>): Promise<T> {
  return simAwait(c.env, p, 600_000);
}

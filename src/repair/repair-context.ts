/**
 * What a replica's repair work needs: its own data (the local DataStore), its schema by table id,
 * the partitioner (tokens of keys, token ranges on the wire) and messaging (a sync reads from the
 * other replica).
 */
import { InvalidRequestError } from '../errors/index.js';
import type { Partitioner, Token } from '../dht/index.js';
import type { MessagingService } from '../net/index.js';
import type { ColumnFamilyDef } from '../schema/index.js';
import type { DataStore } from '../service/data-store.js';
import type { StreamSessions, StreamOperation } from './stream-sessions.js';

export interface RepairReplicaContext {
  readonly local: DataStore;
  tableById(id: string): ColumnFamilyDef | undefined;
  readonly partitioner: Partitioner<Token>;
  readonly messaging: MessagingService;
  /** Partitions per range read and per local scan page (default DEFAULT_REPAIR_PAGE). */
  readonly pageSize?: number;
  /** Timeout of each range read of a sync (default: RANGE_READ's). */
  readonly readTimeoutMs?: number;
  /** Where pulls register while they run (nodetool netstats); none: not reported. */
  readonly streams?: StreamSessions;
}

export function repairTable(ctx: RepairReplicaContext, tableId: string): ColumnFamilyDef {
  const cf = ctx.tableById(tableId);
  if (cf === undefined) throw new InvalidRequestError(`Unknown table id ${tableId} (the schema has not reached this node, or the table was dropped)`);
  return cf;
}

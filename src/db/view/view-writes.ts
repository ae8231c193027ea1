/**
 * Where a base replica's view updates go. On one node (and by default) into this node's own copy
 * of the view; on a ring the server routes them to the paired view replica
 * (service/paired-view-writes.ts), as Cassandra 4.0 does. Held by the SchemaKeeper, so base writes
 * and view builds use the same route.
 */
import type { ColumnFamilyDef } from '../../schema/index.js';
import type { PartitionUpdate } from '../../storage/model/index.js';
import type { StorageEngine } from '../../storage/storage-engine.js';

export interface ViewWrites {
  /** Writes `update` (a partition of `view`) made for base partition `baseKey`. */
  apply(view: ColumnFamilyDef, baseKey: Buffer, update: PartitionUpdate): Promise<void>;
}

export function localViewWrites(engine: StorageEngine): ViewWrites {
  return { apply: (view, _baseKey, update) => engine.apply(view.id, update) };
}

/**
 * Compare-and-set under the partition lock: what a single node does for conditional statements
 * (read, decide and write while no other locked section of the partition runs). Linearizable
 * because this node holds every replica.
 */
import type { ColumnFamilyDef } from '../schema/index.js';
import type { CasDecide, CasLevels, DataStore } from './data-store.js';

export function lockedCas<T>(store: DataStore, cf: ColumnFamilyDef, key: Buffer, levels: CasLevels, decide: CasDecide<T>): Promise<T> {
  return store.withPartitionLock(cf, key, async () => {
    const d = await decide(store, undefined);
    if (d.write !== null) await store.apply([d.write], levels.commit);
    return d.result;
  });
}

/**
 * Virtual tables: system.local, system.peers, system.peers_v2, system_schema.*,
 * system_virtual_schema.*. Each is described like any CQL table (a ColumnFamilyDef with its
 * CqlTable), so SELECT runs on them unchanged; their rows are computed when read, by a DataStore
 * that refuses writes.
 */
import type { ColumnFamilyDef, KeyspaceDef } from '../../schema/index.js';
import type { DataStore } from './data-store.js';

export interface VirtualTables {
  /** The virtual keyspaces (for system_schema and DESCRIBE). */
  keyspaces(): readonly KeyspaceDef[];
  /** The table, or undefined when `keyspace.name` is not a virtual table. */
  table(keyspace: string, name: string): ColumnFamilyDef | undefined;
  /** True for the keyspaces only virtual tables live in. */
  isVirtualKeyspace(keyspace: string): boolean;
  /** Serves reads of every virtual table. */
  readonly store: DataStore;
}

/** No virtual tables at all (tests of statements that do not need them). */
export const NO_VIRTUAL_TABLES: VirtualTables = {
  keyspaces: () => [],
  table: () => undefined,
  isVirtualKeyspace: () => false,
  store: {
    read: () => Promise.resolve(null),
    readMany: (_cf, keys) => Promise.resolve(keys.map(() => null)),
    scan: () => Promise.resolve([]),
    apply: () => Promise.reject(new Error('no virtual tables')),
    withPartitionLock: (_cf, _key, fn) => fn(),
    cas: async (_cf, _key, _levels, decide) => {
      const d = await decide({ read: () => Promise.resolve(null) }, undefined);
      if (d.write !== null) throw new Error('no virtual tables');
      return d.result;
    },
    truncate: () => Promise.reject(new Error('no virtual tables')),
    readIndex: () => Promise.resolve(null),
    cleanIndex: () => Promise.resolve(),
  },
};

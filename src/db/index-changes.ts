/**
 * What a schema change does to KEYS index tables: the index tables the new schema has and the old
 * one did not (to register), those among them on column families that already existed and may
 * hold rows (to build from those rows), and the index tables that are gone — with their column
 * family, or because the index was removed from the column metadata (to drop).
 */
import type { ColumnFamilyDef, Schema } from '../schema/index.js';
import type { TableDef } from '../storage/table-def.js';
import { type KeysIndex, indexTableDefs, keysIndexesOf } from './operations/keys-index.js';

/** Indexes of one column family to build from its existing rows. */
export interface IndexBuild {
  readonly cf: ColumnFamilyDef;
  readonly indexes: readonly KeysIndex[];
}

export interface IndexChanges {
  readonly added: TableDef[];
  readonly builds: IndexBuild[];
  readonly gone: TableDef[];
}

export function indexChanges(before: Schema, next: Schema): IndexChanges {
  const old = new Map(indexTableDefs(before).map((t) => [t.id, t]));
  const now = new Map(indexTableDefs(next).map((t) => [t.id, t]));
  const added = [...now.values()].filter((t) => !old.has(t.id));
  const gone = [...old.values()].filter((t) => !now.has(t.id));
  const builds: IndexBuild[] = [];
  for (const cf of next.tables) {
    if (before.tableById(cf.id) === undefined) continue; // a new column family holds no rows yet
    const indexes = keysIndexesOf(cf).filter((i) => !old.has(i.table.id));
    if (indexes.length > 0) builds.push({ cf, indexes });
  }
  return { added, builds, gone };
}

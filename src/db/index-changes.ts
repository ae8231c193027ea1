/**
 * What a schema change does to secondary index tables — the KEYS index tables of Thrift column
 * families and the CQL index tables of CQL tables alike: the index tables the new schema has and
 * the old one did not (to register), those among them on tables that already existed and may hold
 * rows (to build from those rows), and the index tables that are gone — with their table, or
 * because the index was removed (to drop).
 */
import type { ColumnFamilyDef, Schema } from '../schema/index.js';
import type { TableDef } from '../storage/table-def.js';
import { type CqlIndex, cqlIndexTableDefs, cqlIndexesOf } from './cql-index/cql-index.js';
import { type KeysIndex, indexTableDefs, keysIndexesOf } from './operations/keys-index.js';

/** Indexes of one table to build from its existing rows. */
export interface IndexBuild {
  readonly cf: ColumnFamilyDef;
  /** KEYS indexes (Thrift column families). */
  readonly indexes: readonly KeysIndex[];
  /** CQL indexes (CQL tables). */
  readonly cqlIndexes: readonly CqlIndex[];
}

export interface IndexChanges {
  readonly added: TableDef[];
  readonly builds: IndexBuild[];
  readonly gone: TableDef[];
}

/** Every hidden index table of a schema: what a node registers with the tables before replay. */
export function allIndexTableDefs(schema: Schema): TableDef[] {
  return [...indexTableDefs(schema), ...cqlIndexTableDefs(schema)];
}

/** The index table ids a build writes (its markers). */
export function buildTableIds(b: IndexBuild): string[] {
  return [...b.indexes.map((i) => i.table.id), ...b.cqlIndexes.map((i) => i.table.id)];
}

/** The indexes of `cf` whose tables are in `ids`, as a build (null when there are none). */
export function buildOf(cf: ColumnFamilyDef, ids: ReadonlySet<string>): IndexBuild | null {
  const indexes = keysIndexesOf(cf).filter((i) => ids.has(i.table.id));
  const cqlIndexes = cqlIndexesOf(cf).filter((i) => ids.has(i.table.id));
  return indexes.length + cqlIndexes.length === 0 ? null : { cf, indexes, cqlIndexes };
}

export function indexChanges(before: Schema, next: Schema): IndexChanges {
  const old = new Map(allIndexTableDefs(before).map((t) => [t.id, t]));
  const now = new Map(allIndexTableDefs(next).map((t) => [t.id, t]));
  const added = [...now.values()].filter((t) => !old.has(t.id));
  const gone = [...old.values()].filter((t) => !now.has(t.id));
  const addedIds = new Set(added.map((t) => t.id));
  const builds: IndexBuild[] = [];
  for (const cf of next.tables) {
    if (before.tableById(cf.id) === undefined) continue; // a new table holds no rows yet
    const b = buildOf(cf, addedIds);
    if (b !== null) builds.push(b);
  }
  return { added, builds, gone };
}

/**
 * Index names in a keyspace: CQL indexes of CQL tables and KEYS indexes in the column metadata of
 * Thrift-made column families share one name space; a default name is `<table>_<column>_idx`
 * (non-word characters removed), with `_1`, `_2`… added until it is free, as Cassandra does.
 */
import type { ColumnFamilyDef, KeyspaceDef } from '../../schema/index.js';

export interface FoundIndex {
  readonly cf: ColumnFamilyDef;
  /** True for a KEYS index in a Thrift-made column family's column metadata. */
  readonly inMetadata: boolean;
}

export function findIndex(ks: KeyspaceDef, name: string): FoundIndex | undefined {
  for (const cf of ks.tables) {
    if (cf.indexes.some((i) => i.name === name)) return { cf, inMetadata: false };
    if (cf.columnMetadata.some((c) => c.indexType !== null && c.indexName === name)) return { cf, inMetadata: true };
  }
  return undefined;
}

export function defaultIndexName(ks: KeyspaceDef, table: string, column: string): string {
  const base = `${table}_${column}_idx`.replace(/\W/g, '');
  let name = base;
  for (let i = 1; findIndex(ks, name) !== undefined; i++) name = `${base}_${i}`;
  return name;
}

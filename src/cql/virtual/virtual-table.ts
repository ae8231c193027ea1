/**
 * One virtual table: a CQL table definition (a ColumnFamilyDef with its CqlTable, so SELECT runs
 * on it as on any table) and its rows, computed when read. A row gives each column's JS value as
 * the column type composes it (a string for text, uuid and inet, a Date for timestamp, an array
 * for lists and sets, a Map for maps, a Buffer for blob); null or absent means no value.
 * Ids are name-based UUIDs of keyspace + table, as Cassandra gives its system tables.
 */
import { systemTableId } from '../system/system-keyspace.js';
import { type ColumnFamilyDef, createColumnFamily } from '../../schema/index.js';

export type VirtualRow = Readonly<Record<string, unknown>>;

export interface VirtualTable {
  readonly cf: ColumnFamilyDef;
  /** What system_virtual_schema.tables says about it. */
  readonly comment: string;
  rows(): readonly VirtualRow[];
}

/** A table's shape: columns as [name, CQL type] pairs. */
export interface VirtualTableSpec {
  readonly keyspace: string;
  readonly name: string;
  readonly comment: string;
  readonly partitionKey: readonly (readonly [string, string])[];
  readonly clustering?: readonly (readonly [string, string])[];
  readonly columns: readonly (readonly [string, string])[];
}

export function virtualTableDef(spec: VirtualTableSpec): ColumnFamilyDef {
  const col = ([name, type]: readonly [string, string]) => ({ name, type });
  return createColumnFamily(
    {
      keyspace: spec.keyspace,
      name: spec.name,
      id: systemTableId(spec.keyspace, spec.name),
      comment: spec.comment,
      gcGraceSeconds: 0,
      cql: { partitionKey: spec.partitionKey.map(col), clustering: (spec.clustering ?? []).map(col), regular: spec.columns.map(col) },
    },
    NO_RANDOM,
  );
}

const NO_RANDOM = {
  next: (): number => {
    throw new Error('virtual tables have fixed ids');
  },
  bytes: (): Buffer => {
    throw new Error('virtual tables have fixed ids');
  },
};

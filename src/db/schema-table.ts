/**
 * The system table holding the schema: `system.schema_keyspaces`, one partition per keyspace
 * (key = the keyspace name in UTF-8) with the cell DEFINITION_CELL, whose value is the keyspace's
 * canonical JSON (schema/keyspace-json.ts), and one empty marker cell per KEYS index of the
 * keyspace still being built from existing rows (`indexBuildCell`: written with the definition
 * that adds the index, deleted when the build is done). A dropped keyspace is a partition
 * deletion. Its id and cell names are on-disk constants: never change them.
 */
import { ByteOrderedPartitioner } from '../dht/index.js';
import { BYTES_TYPE } from '../marshal/index.js';
import { cellName, prefixBytes } from '../storage/model/cell-name.js';
import type { TableDef } from '../storage/table-def.js';
import { ByteReader } from '../util/byte-reader.js';

export const SCHEMA_TABLE_ID = '5c4e0a7e-0000-4000-8000-5c4e0a7e0001';
export const SYSTEM_KEYSPACE = 'system';
export const SCHEMA_TABLE_NAME = 'schema_keyspaces';

/** The definition cell of a keyspace's partition. */
export const DEFINITION_CELL: Buffer = cellName([BYTES_TYPE.toComparable(Buffer.from('definition'))]);

const INDEX_BUILD_PREFIX: Buffer = prefixBytes([BYTES_TYPE.toComparable(Buffer.from('index_build'))]);

/** The marker cell saying the KEYS index with this table id is being built. */
export function indexBuildCell(indexTableId: string): Buffer {
  return cellName([BYTES_TYPE.toComparable(Buffer.from('index_build')), BYTES_TYPE.toComparable(Buffer.from(indexTableId, 'utf8'))]);
}

/** The index table id a marker cell names, or undefined for any other cell. */
export function indexBuildOf(name: Buffer): string | undefined {
  if (name.length <= INDEX_BUILD_PREFIX.length || !name.subarray(0, INDEX_BUILD_PREFIX.length).equals(INDEX_BUILD_PREFIX)) return undefined;
  return BYTES_TYPE.fromComparable(new ByteReader(name, INDEX_BUILD_PREFIX.length + 1)).toString('utf8');
}

/**
 * The schema table's engine definition. Keys are ordered by their bytes: the table is local to
 * a node and small, so the cluster's partitioner has no say (Cassandra's LocalPartitioner idea).
 * A fresh partitioner per call: partitioners own scratch state.
 */
export function schemaTableDef(): TableDef {
  return { id: SCHEMA_TABLE_ID, keyspace: SYSTEM_KEYSPACE, name: SCHEMA_TABLE_NAME, partitioner: new ByteOrderedPartitioner(), gcGraceSeconds: SCHEMA_GC_GRACE_SECONDS };
}

/** Seven days, as Cassandra keeps schema tombstones: long enough for every node to see a drop. */
export const SCHEMA_GC_GRACE_SECONDS = 604800;

/**
 * The system table holding the schema: `system.schema_keyspaces`, one partition per keyspace
 * (key = the keyspace name in UTF-8) with one cell, DEFINITION_CELL, whose value is the keyspace's
 * canonical JSON (schema/keyspace-json.ts). A dropped keyspace is a partition deletion. Its id
 * and cell name are on-disk constants: never change them.
 */
import { ByteOrderedPartitioner } from '../dht/index.js';
import { BYTES_TYPE } from '../marshal/index.js';
import { cellName } from '../storage/model/cell-name.js';
import type { TableDef } from '../storage/table-def.js';

export const SCHEMA_TABLE_ID = '5c4e0a7e-0000-4000-8000-5c4e0a7e0001';
export const SYSTEM_KEYSPACE = 'system';
export const SCHEMA_TABLE_NAME = 'schema_keyspaces';

/** The one cell of a keyspace's partition. */
export const DEFINITION_CELL: Buffer = cellName([BYTES_TYPE.toComparable(Buffer.from('definition'))]);

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

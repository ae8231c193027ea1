/**
 * KEYS secondary indexes (0.7's only kind; Standard column families only). Each indexed column
 * has a hidden engine table: partition key = INDEX_KEY_PREFIX + the indexed value, one cell per
 * indexed row, named `cellName([BytesType(row position)])` — the row's partitioner position, so
 * an index partition lists rows in the same token order as a range scan (as 0.7 ordered index rows
 * by the partitioner), and the row key is recovered with `keyFromPosition`. An entry carries the
 * data cell's timestamp and TTL, so it expires with it.
 *
 * The table's id is derived from the column family id and the column name, so every node and
 * every restart finds the same table without storing anything.
 */
import { createHash } from 'node:crypto';
import type { Partitioner } from '../../dht/index.js';
import { ByteOrderedPartitioner } from '../../dht/index.js';
import { BYTES_TYPE } from '../../marshal/index.js';
import type { ColumnFamilyDef, IndexDef, Schema } from '../../schema/index.js';
import { cellName } from '../../storage/model/index.js';
import type { TableDef } from '../../storage/table-def.js';
import { ByteReader } from '../../util/byte-reader.js';
import { standardCellName } from './thrift-cell-layout.js';

/**
 * Every index partition key starts with this byte, so an empty value (valid for most types) still
 * makes a non-empty partition key. On-disk constant: never change it.
 */
export const INDEX_KEY_PREFIX = 0x00;

export interface KeysIndex {
  /** The indexed column's serialized name. */
  readonly column: Buffer;
  /** The indexed column's cell name in the data table. */
  readonly cellName: Buffer;
  readonly table: TableDef;
}

/** A UUID-shaped id from md5(cf id, column name): stable across nodes and restarts. */
export function indexTableId(cfId: string, column: Buffer): string {
  const h = createHash('md5').update(cfId, 'utf8').update(Buffer.from([0])).update(column).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** The KEYS indexes of a column family (none for a Super CF: the schema refuses them there). */
export function keysIndexesOf(cf: ColumnFamilyDef): KeysIndex[] {
  if (cf.columnType !== 'Standard') return [];
  return cf.columnMetadata
    .filter((d) => d.indexType === 'KEYS')
    .map((d) => ({
      column: d.name,
      cellName: standardCellName(cf, d.name),
      // Index partitions are only read by key, so a local byte order suffices (like the schema table).
      table: { id: indexTableId(cf.id, d.name), keyspace: cf.keyspace, name: `${cf.name}.${d.indexName ?? d.name.toString('hex')}`, partitioner: new ByteOrderedPartitioner(), gcGraceSeconds: cf.gcGraceSeconds },
    }));
}

/**
 * The index as the DataStore names it (readIndex): the column's index_name, else the index table's
 * name. The target is the indexed column's name as its comparator prints it.
 */
export function keysIndexDef(cf: ColumnFamilyDef, index: KeysIndex): IndexDef {
  const name = cf.columnMetadata.find((d) => d.name.equals(index.column))?.indexName ?? index.table.name;
  return { name, kind: 'KEYS', options: { target: cf.comparator.toString(index.column) } };
}

/**
 * Every index table of a schema: what a node must register before commit-log replay so logged
 * index writes are kept (open-node-storage's resolveTable can answer from this).
 */
export function indexTableDefs(schema: Schema): TableDef[] {
  return schema.tables.flatMap((cf) => keysIndexesOf(cf).map((i) => i.table));
}

/** The index partition key of a value. */
export function indexPartitionKey(value: Buffer): Buffer {
  return Buffer.concat([Buffer.from([INDEX_KEY_PREFIX]), value]);
}

/** The index cell naming a row. */
export function indexEntryName(partitioner: Partitioner, key: Buffer): Buffer {
  return indexEntryNameOfPosition(partitioner.decorate(key).position);
}

export function indexEntryNameOfPosition(position: Buffer): Buffer {
  return cellName([BYTES_TYPE.toComparable(position)]);
}

/** The row key an index cell names. */
export function keyOfIndexEntry(partitioner: Partitioner, name: Buffer): Buffer {
  const position = BYTES_TYPE.fromComparable(new ByteReader(name, 1));
  return partitioner.keyFromPosition(position);
}

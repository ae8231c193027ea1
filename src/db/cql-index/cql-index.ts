/**
 * Secondary indexes declared in CQL on CQL tables (IndexDef kind COMPOSITES, Cassandra's
 * "composites" indexes), as the engine stores them: each index has a hidden engine table
 *
 *   partition key   INDEX_KEY_PREFIX + the indexed value (index-entry.ts says which value)
 *   cell name       [ position(base partition key), clustering values…, element path? ]
 *                   — the base row's partitioner position (token order, as Cassandra orders index
 *                   entries by partitionOrdering) then its clustering values in the base table's
 *                   own comparable forms (DESC included); an entry of a static column or of a
 *                   partition's static cells names the partition alone: [ position ]; lists and
 *                   map values add the element's path, since one value can sit in many elements
 *   cell value      empty; timestamp and TTL as index-entries.ts says
 *
 * The table id is derived from the base table's id and the index name (so every node and restart
 * finds it without storing anything) and salted differently from KEYS index tables. CUSTOM
 * indexes are definitions only: nothing maintains or reads them.
 */
import { createHash } from 'node:crypto';
import { ByteOrderedPartitioner } from '../../dht/index.js';
import { type AbstractType, ListType, MapType, SetType, TupleType } from '../../marshal/index.js';
import { type ColumnFamilyDef, type CqlColumn, type IndexDef, type Schema, isMultiCell, parseIndexTarget } from '../../schema/index.js';
import type { TableDef } from '../../storage/table-def.js';
import { keysIndexesOf } from '../operations/keys-index.js';

/** What of the column an index holds. `simple`: the value of a column that is no multi-cell collection. */
export type IndexedPart = 'simple' | 'keys' | 'values' | 'entries' | 'full';

export interface CqlIndex {
  readonly def: IndexDef;
  readonly column: CqlColumn;
  readonly part: IndexedPart;
  /** The hidden engine table of its entries. */
  readonly table: TableDef;
  /** Entries name a partition (a static column's index), not a row. */
  readonly perPartition: boolean;
  /** Entries carry the element path (values of a list or map). */
  readonly withPath: boolean;
  /** The type of the indexed value (what an = / CONTAINS / CONTAINS KEY compares against). */
  readonly valueType: AbstractType;
}

/** A UUID-shaped id from md5('cql-index', base table id, index name). */
export function cqlIndexTableId(cfId: string, indexName: string): string {
  const h = createHash('md5').update('cql-index', 'utf8').update(Buffer.from([0])).update(cfId, 'utf8').update(Buffer.from([0])).update(indexName, 'utf8').digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** The maintained indexes of a table (COMPOSITES ones whose column still exists). */
export function cqlIndexesOf(cf: ColumnFamilyDef): CqlIndex[] {
  const out: CqlIndex[] = [];
  for (const def of cf.indexes) {
    if (def.kind !== 'COMPOSITES') continue;
    const target = parseIndexTarget(def.options.target ?? '');
    const column = cf.cql.columns.get(target.column);
    if (column === undefined) continue;
    const part: IndexedPart = target.type === 'simple' && isCollection(column.type) && isMultiCell(column.type) ? 'values' : target.type;
    out.push({
      def,
      column,
      part,
      // Index partitions are only read by key: a local byte order suffices (like KEYS index tables).
      table: { id: cqlIndexTableId(cf.id, def.name), keyspace: cf.keyspace, name: `${cf.name}.${def.name}`, partitioner: new ByteOrderedPartitioner(), gcGraceSeconds: cf.gcGraceSeconds },
      perPartition: column.kind === 'static',
      withPath: part === 'values' && (column.type instanceof ListType || column.type instanceof MapType),
      valueType: indexedValueType(column.type, part),
    });
  }
  return out;
}

/**
 * The indexes CQL queries can read: a CQL table's CQL indexes, or a Thrift column family's KEYS
 * indexes — which have the same shape as a CQL index on a regular column of a table without
 * clustering columns (partition = prefix + value, one entry [position] per row, a copy of the data
 * cell's timestamp and TTL), so queries and stale-entry removal treat them alike (their writes
 * keep read-before-write maintenance, db/operations/index-maintenance.ts).
 */
export function queryableIndexesOf(cf: ColumnFamilyDef): CqlIndex[] {
  if (!cf.cql.fromThrift) return cqlIndexesOf(cf);
  const out: CqlIndex[] = [];
  if (cf.cql.clustering.length > 0) return out;
  for (const k of keysIndexesOf(cf)) {
    const column = cf.cql.columns.get(cf.comparator.toString(k.column));
    if (column === undefined || column.kind !== 'regular') continue;
    const name = cf.columnMetadata.find((d) => d.name.equals(k.column))?.indexName ?? k.table.name;
    const def: IndexDef = { name, kind: 'KEYS', options: { target: column.name } };
    out.push({ def, column, part: 'simple', table: k.table, perPartition: false, withPath: false, valueType: column.type });
  }
  return out;
}

/** Every CQL index table of a schema (registered before replay, like KEYS index tables). */
export function cqlIndexTableDefs(schema: Schema): TableDef[] {
  return schema.tables.flatMap((cf) => cqlIndexesOf(cf).map((i) => i.table));
}

function isCollection(t: AbstractType): boolean {
  return t instanceof ListType || t instanceof SetType || t instanceof MapType;
}

function indexedValueType(type: AbstractType, part: IndexedPart): AbstractType {
  if (part === 'keys' && type instanceof MapType) return type.keys as AbstractType;
  if (part === 'values') {
    if (type instanceof MapType) return type.valueType as AbstractType;
    if (type instanceof ListType || type instanceof SetType) return type.elements as AbstractType;
  }
  if (part === 'entries' && type instanceof MapType) return new TupleType([type.keys as AbstractType, type.valueType as AbstractType]);
  return type;
}

/**
 * One CQL index entry's parts ↔ its bytes (the grammar is in cql-index.ts): the index partition
 * key of an indexed value, the entry cell name of a base row (or partition, or collection
 * element), and the name read back.
 *
 *   indexed value   simple / full: the cell value; values(list, set, map): the element (a set's
 *                   path, a list's or map's cell value); keys(map): the key (the path);
 *                   entries(map): tuple<key, value> framed as TupleType frames it;
 *                   partition key / clustering columns: the row's value of that column
 */
import { type AbstractType, BYTES_TYPE } from '../../marshal/index.js';
import { SEP_END, SEP_NEXT, cellName } from '../../storage/model/index.js';
import { ByteReader } from '../../util/byte-reader.js';
import type { TableLayout } from '../cql-layout/table-layout.js';
import { INDEX_KEY_PREFIX } from '../operations/keys-index.js';
import type { CqlIndex } from './cql-index.js';
import { pushAll } from '../../util/push-all.js';

/** What an entry names: a base partition (by position), maybe a row in it, maybe an element. */
export interface EntryTarget {
  readonly position: Buffer;
  /** Serialized clustering values; null for an entry naming the partition (statics). */
  readonly clustering: readonly Buffer[] | null;
  /** The element's path (values of lists and maps), else null. */
  readonly path: Buffer | null;
}

/** The index partition key of an indexed value. */
export function indexKeyOf(value: Buffer): Buffer {
  const out = Buffer.allocUnsafe(value.length + 1);
  out[0] = INDEX_KEY_PREFIX;
  value.copy(out, 1);
  return out;
}

/** The entry name for a target. */
export function entryName(index: CqlIndex, layout: TableLayout, t: EntryTarget): Buffer {
  const comps = [BYTES_TYPE.toComparable(t.position)];
  if (t.clustering !== null) pushAll(comps, layout.clusteringComponents(t.clustering));
  if (index.withPath && t.path !== null) comps.push(pathType(index).toComparable(t.path));
  return cellName(comps);
}

/** Reads an entry name back. */
export function decodeEntryName(index: CqlIndex, layout: TableLayout, name: Buffer): EntryTarget {
  const r = new ByteReader(name, 0);
  expectNext(r);
  const position = BYTES_TYPE.fromComparable(r);
  let sep = r.u8();
  if (sep === SEP_END) return { position, clustering: null, path: null };
  const clustering: Buffer[] = [];
  // A static column's entries name partitions; others name rows (or, for a partition key index, partitions with only static cells).
  for (const type of index.perPartition ? [] : layout.clusteringTypes) {
    if (sep !== SEP_NEXT) throw new Error(`index entry of ${index.def.name}: clustering value expected`);
    clustering.push(type.fromComparable(r));
    sep = r.u8();
  }
  let path: Buffer | null = null;
  if (sep === SEP_NEXT && index.withPath) {
    path = pathType(index).fromComparable(r);
    sep = r.u8();
  }
  if (sep !== SEP_END) throw new Error(`index entry of ${index.def.name}: malformed name`);
  return { position, clustering: index.perPartition ? null : clustering, path };
}

function expectNext(r: ByteReader): void {
  if (r.u8() !== SEP_NEXT) throw new Error('index entry name: component expected');
}

function pathType(index: CqlIndex): AbstractType {
  const t = index.column.type as { cellPathType?: AbstractType };
  if (t.cellPathType === undefined) throw new Error(`index ${index.def.name}: column ${index.column.name} has no element path`);
  return t.cellPathType;
}

/**
 * MapType(K, V) (CQL map<K, V>): non-null values of V under distinct non-null keys of K, kept in
 * K's order (normalization — the last value given for a key wins —, order and encoding in
 * collection-type.ts). When multi-cell, each entry is a cell whose path is the key and whose value
 * is the value. JS value: a Map in key order (null for the empty value); decompose also takes a
 * plain object when the keys are text (text, ascii).
 */
import { MarshalError } from '../errors/index.js';
import type { AbstractType } from './abstract-type.js';
import { CollectionType, type CollectionShape } from './collection-type.js';
import { describe } from './integer-text.js';
import type { CellEntry } from './structured-type.js';

const MAP: CollectionShape = { className: 'MapType', keyword: 'map', labels: ['key', 'value'], sorted: true, open: '{', close: '}' };
const TEXT_KEYS: ReadonlySet<string | null> = new Set(['text', 'ascii']);

export class MapType<K = unknown, V = unknown> extends CollectionType<Map<K, V> | null> {
  /** A map from `keys` to `values` (both frozen when nested), frozen unless `isMultiCell`. */
  constructor(keys: AbstractType<K>, values: AbstractType<V>, isMultiCell = false) {
    super(MAP, [keys as AbstractType, values as AbstractType], isMultiCell);
  }

  /** The key type (frozen). */
  get keys(): AbstractType<K> {
    return this.params[0] as AbstractType<K>;
  }

  /** The value type (frozen). */
  get valueType(): AbstractType<V> {
    return this.params[1] as AbstractType<V>;
  }

  get cellPathType(): AbstractType {
    return this.keys as AbstractType;
  }

  get cellValueType(): AbstractType {
    return this.valueType as AbstractType;
  }

  freeze(): MapType<K, V> {
    return this.isMultiCell ? new MapType(this.keys, this.valueType, false) : this;
  }

  unfreeze(): MapType<K, V> {
    return this.isMultiCell ? this : new MapType(this.keys, this.valueType, true);
  }

  /** The map of the cells: path the key, value the value. */
  fromCells(cells: Iterable<CellEntry>): Buffer {
    const flat: Buffer[] = [];
    for (const c of cells) flat.push(c.path, c.value);
    return this.fromDecomposed(flat);
  }

  /** One cell per entry of a valid value: path the key, value the value. */
  toCells(bytes: Buffer): CellEntry[] {
    if (bytes.length === 0) return [];
    const flat = this.canonicalValues(bytes);
    const out: CellEntry[] = [];
    for (let k = 0; k < flat.length; k += 2) out.push({ path: flat[k]!, value: flat[k + 1]! });
    return out;
  }

  override decompose(value: Map<K, V> | Readonly<Record<string, V>> | null): Buffer {
    return super.decompose(value as Map<K, V> | null);
  }

  protected composeValue(bytes: Buffer): Map<K, V> {
    const flat = this.canonicalValues(bytes);
    const out = new Map<K, V>();
    for (let k = 0; k < flat.length; k += 2) out.set(this.keys.compose(flat[k]!), this.valueType.compose(flat[k + 1]!));
    return out;
  }

  protected decomposeValue(value: Map<K, V> | Readonly<Record<string, V>>): Buffer {
    let entries: Array<[unknown, unknown]>;
    if (value instanceof Map) {
      entries = [...value.entries()];
    } else if (isPlainObject(value)) {
      if (!TEXT_KEYS.has(this.keys.cqlName)) {
        throw new MarshalError(`${this.name}: a plain object is a map only when the keys are text; use a Map`);
      }
      entries = Object.entries(value);
    } else {
      throw new MarshalError(`${this.name}: expected a Map, got ${describe(value)}`);
    }
    const flat: Buffer[] = [];
    entries.forEach(([k, v], i) => flat.push(this.decomposePart(0, i, k), this.decomposePart(1, i, v)));
    return this.fromDecomposed(flat);
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

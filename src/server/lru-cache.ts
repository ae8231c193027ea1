/**
 * A bounded least-recently-used map (a Map keeps insertion order: a hit moves its entry to the
 * end, an insert beyond the bounds drops the first). Bounded by entries and, when given a weigher,
 * by total weight (bytes, for the prepared statements: prepared_statements_cache_size_mb); the
 * least recently used entries go first until both bounds hold. Used for prepared statements and
 * the statements of repeated simple queries.
 */
import { invariant } from '../util/invariant.js';

export interface LruWeights<V> {
  /** The weight of a value (fixed while it is held). */
  readonly weigh: (value: V) => number;
  /** Total weight held at most; a value heavier than this alone is not kept. */
  readonly weightMax: number;
}

export class LruCache<K, V> {
  private readonly map = new Map<K, V>();
  /** The key last moved to (or inserted at) the end, if it is still there. */
  private newest: K | undefined = undefined;
  private weightHeld = 0;
  /** Entries dropped to make room since the cache was made. */
  evictions = 0;

  constructor(
    readonly maxEntries: number,
    private readonly weights?: LruWeights<V>,
  ) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError(`an LRU cache holds at least one entry, got ${maxEntries}`);
    if (weights !== undefined && !(weights.weightMax > 0)) throw new RangeError(`an LRU cache's weight bound is positive, got ${weights.weightMax}`);
  }

  get size(): number {
    return this.map.size;
  }

  /** The total weight of what is held (0 without a weigher). */
  get weight(): number {
    return this.weightHeld;
  }

  /** The bound on the total weight (Infinity without a weigher). */
  get weightMax(): number {
    return this.weights?.weightMax ?? Number.POSITIVE_INFINITY;
  }

  /** The value, marked most recently used; undefined when absent. */
  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v === undefined) return undefined;
    // Moving the newest entry to the end changes nothing: skip the delete and insert (the
    // common case when the same statement runs many times in a row).
    if (key !== this.newest) {
      this.map.delete(key);
      this.map.set(key, v);
      this.newest = key;
    }
    return v;
  }

  /** The value without touching its recency. */
  peek(key: K): V | undefined {
    return this.map.get(key);
  }

  set(key: K, value: V): void {
    this.delete(key);
    this.map.set(key, value);
    this.newest = key;
    this.weightHeld += this.weightOf(value);
    while (this.map.size > this.maxEntries || (this.weights !== undefined && this.weightHeld > this.weights.weightMax)) {
      const oldest = this.map.keys().next().value as K;
      this.delete(oldest);
      this.evictions++;
    }
    invariant(this.weights === undefined || this.weightHeld <= this.weights.weightMax, `an LRU cache holds ${this.weightHeld} of at most ${this.weights?.weightMax}`);
  }

  delete(key: K): boolean {
    if (key === this.newest) this.newest = undefined;
    const v = this.map.get(key);
    if (v === undefined) return false;
    this.map.delete(key);
    this.weightHeld -= this.weightOf(v);
    return true;
  }

  clear(): void {
    this.newest = undefined;
    this.map.clear();
    this.weightHeld = 0;
  }

  private weightOf(value: V): number {
    return this.weights === undefined ? 0 : this.weights.weigh(value);
  }
}

/**
 * A bounded least-recently-used map (a Map keeps insertion order: a hit moves its entry to the
 * end, an insert beyond `maxEntries` drops the first). Used for prepared statements and the
 * statements of repeated simple queries.
 */
export class LruCache<K, V> {
  private readonly map = new Map<K, V>();
  /** The key last moved to (or inserted at) the end, if it is still there. */
  private newest: K | undefined = undefined;
  /** Entries dropped to make room since the cache was made. */
  evictions = 0;

  constructor(readonly maxEntries: number) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError(`an LRU cache holds at least one entry, got ${maxEntries}`);
  }

  get size(): number {
    return this.map.size;
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
    this.map.delete(key);
    this.map.set(key, value);
    this.newest = key;
    while (this.map.size > this.maxEntries) {
      const oldest = this.map.keys().next().value as K;
      this.map.delete(oldest);
      this.evictions++;
    }
  }

  delete(key: K): boolean {
    if (key === this.newest) this.newest = undefined;
    return this.map.delete(key);
  }

  clear(): void {
    this.newest = undefined;
    this.map.clear();
  }
}

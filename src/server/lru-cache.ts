/**
 * A bounded least-recently-used map (a Map keeps insertion order: a hit moves its entry to the
 * end, an insert beyond `maxEntries` drops the first). Used for prepared statements and the
 * statements of repeated simple queries.
 */
export class LruCache<K, V> {
  private readonly map = new Map<K, V>();
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
    this.map.delete(key);
    this.map.set(key, v);
    return v;
  }

  /** The value without touching its recency. */
  peek(key: K): V | undefined {
    return this.map.get(key);
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.maxEntries) {
      const oldest = this.map.keys().next().value as K;
      this.map.delete(oldest);
      this.evictions++;
    }
  }

  delete(key: K): boolean {
    return this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }
}

/**
 * What the auth caches share (Cassandra's AuthCache: RolesCache, PermissionsCache,
 * CredentialsCache): a value loaded once is trusted for `validityMs` (0: never cached), at most
 * `maxEntries` of them (the oldest goes first). A change made on this node clears the cache; other
 * nodes see it when their entry expires.
 */
import type { Clock } from '../../env/index.js';

export class ExpiringCache<V> {
  private readonly entries = new Map<string, { readonly value: V; readonly expiresMs: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly validityMs: number,
    private readonly maxEntries: number,
  ) {}

  /** The cached value of `key` while it is valid, else what `load` gives (then cached). */
  async get(key: string, load: () => Promise<V>): Promise<V> {
    const now = this.clock.nowMs();
    const hit = this.entries.get(key);
    if (hit !== undefined && hit.expiresMs > now) return hit.value;
    const value = await load();
    if (this.validityMs > 0) {
      this.entries.delete(key);
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value, expiresMs: now + this.validityMs });
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * Serialises read-before-write on one row (KEYS index maintenance reads a row's indexed values,
 * then writes): code between two awaits runs alone in Node, but a write spans several awaits, so
 * two writers of the same row must not interleave. Per instance, never module state. Keys are
 * `<column family id>/<row key in hex>`, so a column family's writers can be waited for as a group.
 */
export class RowLocks {
  private readonly tails = new Map<string, Promise<unknown>>();

  /** Runs `fn` after every earlier holder of `key` has settled. */
  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.tails.get(key) ?? Promise.resolve();
    const run = prev.then(fn, fn);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    // Forget the key once nobody queued behind this holder, so the map stays bounded by writers.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return run;
  }

  /** Resolves once every holder and waiter of a key starting with `prefix` has settled. */
  settled(prefix: string): Promise<void> {
    const tails: Promise<unknown>[] = [];
    for (const [key, tail] of this.tails) if (key.startsWith(prefix)) tails.push(tail);
    return Promise.all(tails).then(() => undefined);
  }
}

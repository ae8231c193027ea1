/**
 * Waiting for enough replica answers: `collect` starts one request per target and resolves once
 * `needed` of them answered, or rejects — with the count received — when the timeout passes or
 * when so many failed that `needed` can no longer be reached. Answers arriving after it settled
 * are ignored (requests carry their own timeouts, so nothing is left waiting).
 */
import type { Timers } from '../../env/index.js';
import type { Endpoint } from '../../locator/index.js';

export type Collected<T> = ReadonlyMap<Endpoint, T>;

export class CollectTimeout extends Error {
  constructor(
    readonly received: number,
    readonly answered: ReadonlySet<Endpoint>,
  ) {
    super(`timed out with ${received} answers`);
  }
}

export class CollectFailure extends Error {
  constructor(
    readonly received: number,
    readonly failures: number,
    readonly firstFailure: unknown,
  ) {
    super(`${failures} replicas failed`, { cause: firstFailure });
  }
}

export function collect<T>(timers: Timers, targets: readonly Endpoint[], needed: number, timeoutMs: number, request: (e: Endpoint) => Promise<T>): Promise<Collected<T>> {
  return new Promise((resolve, reject) => {
    const got = new Map<Endpoint, T>();
    let failures = 0;
    let firstFailure: unknown;
    let done = false;
    const finish = (f: () => void) => {
      if (done) return;
      done = true;
      timer.cancel();
      f();
    };
    const timer = timers.setTimeout(() => finish(() => reject(new CollectTimeout(got.size, new Set(got.keys())))), timeoutMs);
    if (needed <= 0) return finish(() => resolve(got));
    if (targets.length < needed) return finish(() => reject(new CollectFailure(0, 0, new Error(`${targets.length} targets cannot give ${needed} answers`))));
    for (const e of targets) {
      // Deferred a microtask so a request that throws synchronously counts as a failure, not an escape.
      Promise.resolve(e).then(request).then(
        (v) => {
          if (done) return;
          got.set(e, v);
          if (got.size >= needed) finish(() => resolve(got));
        },
        (err: unknown) => {
          if (done) return;
          if (failures++ === 0) firstFailure = err;
          if (targets.length - failures < needed) finish(() => reject(new CollectFailure(got.size, failures, firstFailure)));
        },
      );
    }
  });
}

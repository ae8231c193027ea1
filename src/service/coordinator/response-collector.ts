/**
 * Waiting for enough replica answers: `collect` starts one request per target and resolves once
 * `needed` of them answered, or rejects — with the count received — when the timeout passes or
 * when so many failed that `needed` can no longer be reached. Answers arriving after it settled
 * are ignored (requests carry their own timeouts, so nothing is left waiting).
 *
 * Speculative retry: with `speculation`, when the answers are not complete `afterMs` after the
 * start, one more request goes to the first spare replica (Cassandra's speculative_retry), so a
 * replica that died but is not yet convicted by the failure detector costs a delay, not a timeout.
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
    /** The replicas whose requests failed. */
    readonly failed: readonly Endpoint[] = [],
  ) {
    super(`${failures} replicas failed`, { cause: firstFailure });
  }
}

export interface Speculation<T> {
  /** Live replicas not among the targets, nearest first. */
  readonly spares: readonly Endpoint[];
  readonly afterMs: number;
  /** Called with the spare before its request starts (so `request` can tell it apart). */
  readonly onSpeculate?: (spare: Endpoint) => void;
  /** When the answers suffice (default: `needed` of them). */
  readonly satisfied?: (got: Collected<T>) => boolean;
}

export function collect<T>(timers: Timers, targets: readonly Endpoint[], needed: number, timeoutMs: number, request: (e: Endpoint) => Promise<T>, speculation?: Speculation<T>): Promise<Collected<T>> {
  return new Promise((resolve, reject) => {
    const got = new Map<Endpoint, T>();
    let asked = targets.length;
    const failed: Endpoint[] = [];
    let firstFailure: unknown;
    let done = false;
    const enough = speculation?.satisfied ?? ((m: Collected<T>) => m.size >= needed);
    const finish = (f: () => void) => {
      if (done) return;
      done = true;
      timer.cancel();
      spec?.cancel();
      f();
    };
    const timer = timers.setTimeout(() => finish(() => reject(new CollectTimeout(got.size, new Set(got.keys())))), timeoutMs);
    const spare = speculation?.spares[0];
    let spareAsked = false;
    const speculate = (): boolean => {
      if (spare === undefined || speculation === undefined || spareAsked || done) return false;
      spareAsked = true;
      spec?.cancel();
      asked++;
      speculation.onSpeculate?.(spare);
      ask(spare);
      return true;
    };
    // A failed replica is replaced at once; a slow one after `afterMs`.
    const spec = spare === undefined || speculation === undefined || speculation.afterMs >= timeoutMs ? undefined : timers.setTimeout(speculate, speculation.afterMs);
    const ask = (e: Endpoint) => {
      // Deferred a microtask so a request that throws synchronously counts as a failure, not an escape.
      Promise.resolve(e).then(request).then(
        (v) => {
          if (done) return;
          got.set(e, v);
          if (enough(got)) finish(() => resolve(got));
        },
        (err: unknown) => {
          if (done) return;
          if (failed.push(e) === 1) firstFailure = err;
          if (speculate()) return;
          if (asked - failed.length < needed) finish(() => reject(new CollectFailure(got.size, failed.length, firstFailure, failed)));
        },
      );
    };
    if (needed <= 0) return finish(() => resolve(got));
    if (targets.length < needed) return finish(() => reject(new CollectFailure(0, 0, new Error(`${targets.length} targets cannot give ${needed} answers`))));
    for (const e of targets) ask(e);
  });
}

/** Turns a collector's failure into the protocol's read errors (ReadTimeout / ReadFailure). */
import { ReadFailureError, ReadTimeoutError } from '../../errors/index.js';
import type { Consistency } from '../../locator/index.js';
import { CollectFailure, CollectTimeout } from './response-collector.js';

export function toReadError(e: unknown, cl: Consistency, blockFor: number, dataPresent: (answered: ReadonlySet<string>) => boolean): unknown {
  if (e instanceof CollectTimeout) {
    return new ReadTimeoutError(`Operation timed out - received only ${e.received} responses.`, cl, e.received, blockFor, dataPresent(e.answered));
  }
  if (e instanceof CollectFailure) return readFailure(cl, e.received, blockFor, e.failures, e.failed);
  return e;
}

/** Cassandra's ReadFailureException text: counts only, never a replica's file names. */
export function readFailure(cl: string, received: number, blockFor: number, failures: number, failed: readonly string[] = []): ReadFailureError {
  return new ReadFailureError(`Operation failed - received ${received} responses and ${failures} failures`, cl, received, blockFor, failures, received > 0, failed);
}

/**
 * One step of undoing a failed start, or of a shutdown, that must not hide its failure nor stop
 * the steps after it: the failure is logged with what the step was, and returned for the caller
 * to rethrow once every step ran.
 */
import type { NodeLogger } from './node-logger.js';

/**
 * Runs one step of undoing a failed start or of a shutdown on `target` (nothing when it was never
 * made). A step that fails is logged as `event` with what it was (and, undoing a start, the error
 * that stopped it) and returned, so the steps after it still run.
 */
export async function stepLogged<T>(log: NodeLogger, event: string, what: string, target: T | undefined, step: (t: T) => Promise<unknown>, because?: unknown): Promise<unknown> {
  if (target === undefined) return undefined;
  try {
    await step(target);
    return undefined;
  } catch (err) {
    log.warn(event, { what, error: String(err), ...(because === undefined ? {} : { startFailedWith: String(because) }) });
    return err ?? new Error(`${what} failed`);
  }
}

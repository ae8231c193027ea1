/**
 * Long synchronous work written once, as a generator that `yield`s at its natural breaks (a chunk
 * of a BATCH message's statements decoded, one statement of a CQL-text batch parsed or bound), and
 * run one of two ways over the same code:
 *   - `runSteps`: in one go, breaks ignored (tests, small inputs, callers that cannot wait);
 *   - `runStepsPaced`: awaiting `pace` at each break (a request's budget, an Env yield), so other
 *     requests are served in between. Work that ends before its first break is returned as is,
 *     not as a promise: a small input costs no extra turn of the event loop.
 */
export type Steps<T> = Generator<void, T, void>;

export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done === true) return r.value;
  }
}

export function runStepsPaced<T>(steps: Steps<T>, pace: () => Promise<void>): T | Promise<T> {
  const first = steps.next();
  return first.done === true ? first.value : paced(steps, pace);
}

async function paced<T>(steps: Steps<T>, pace: () => Promise<void>): Promise<T> {
  for (;;) {
    await pace();
    const r = steps.next();
    if (r.done === true) return r.value;
  }
}

/**
 * Work cut into steps is a generator that yields (nothing) between them: a caller that must not
 * hold the event loop resumes it in later turns, one that may runs it to its end with `runSteps`.
 */
export type Steps<T> = Generator<void, T, void>;

/** Runs `steps` to the end in one go; returns what the generator returns. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

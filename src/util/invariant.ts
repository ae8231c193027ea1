/**
 * `invariant(cond, message)`: an always-on check of a relation the code relies on (TigerStyle's
 * assertions, kept in production). A false condition is a bug, not an expected condition: it
 * throws an `InvariantViolation` ("invariant violated: …") at the transition that broke the
 * relation, instead of letting bad state travel on. Expected failures (bad input, I/O errors)
 * get typed errors from src/errors instead. The message is evaluated before the call: on a hot
 * path (every write) pass a constant string, not a template.
 */

/** Thrown when an invariant does not hold: always a bug in Ilium. */
export class InvariantViolation extends Error {
  override readonly name = 'InvariantViolation';
}

export function invariant(cond: unknown, message: string): asserts cond {
  if (!cond) throw new InvariantViolation(`invariant violated: ${message}`);
}

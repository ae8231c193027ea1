/**
 * `invariant(cond, message)`: an always-on assertion (TigerBeetle's style, STYLE.md): a condition
 * that only a bug can make false is checked in production too, and a violation throws at once
 * rather than letting a corrupt state run on. Expected conditions (bad input, a full queue) are not
 * invariants: they get typed errors (src/errors). util sits below errors, so the error here is a
 * plain Error subclass.
 */
export class InvariantViolation extends Error {
  constructor(message: string) {
    super(`invariant violated: ${message}`);
    this.name = 'InvariantViolation';
  }
}

export function invariant(cond: unknown, message: string): asserts cond {
  if (!cond) throw new InvariantViolation(message);
}

/**
 * A bad `ilium stress` argument. `option` names the flag (`--rate`, `-n/--ops`, `workload`…) so
 * the user, and the tests, can see which value was refused and why.
 */
export class StressOptionError extends Error {
  constructor(
    readonly option: string,
    message: string,
  ) {
    super(`${option}: ${message}`);
    this.name = 'StressOptionError';
  }
}

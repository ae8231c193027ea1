/**
 * The user-defined functions a statement calls, as its binding resolved them: the overload each
 * call means, not every overload of its name. An aggregate brings the state and final functions it
 * runs. Native functions are left out. This is what Cassandra 4.0 asks EXECUTE on before a SELECT
 * or a write runs (checked in apache/cassandra: SelectStatement and ModificationStatement
 * authorize iterate the statement's getFunctions, the resolved Function objects; UDAggregate adds
 * its state and final functions; ClientState.ensurePermission skips native functions).
 */
import { type CqlFunction, SYSTEM_KEYSPACE } from '../functions/function-model.js';

export class CalledFunctions {
  private readonly called = new Set<CqlFunction>();

  /** Notes the overload a call resolved to (a native one is not noted). */
  note(fn: CqlFunction): void {
    if (fn.keyspace === undefined || fn.keyspace === SYSTEM_KEYSPACE) return;
    this.called.add(fn);
    if (fn.kind === 'aggregate') for (const f of fn.uses ?? []) this.note(f);
  }

  all(): readonly CqlFunction[] {
    return [...this.called];
  }
}

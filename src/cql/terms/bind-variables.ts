/**
 * Collects what each bind marker receives while a statement is prepared: the receiver's
 * keyspace, table, name (a column's, or Cassandra's special names such as `[limit]`, `[ttl]`,
 * `in(c)`, `key(m)`, `value(m)`, `partition key token`) and type. Drivers show these names and
 * serialize values by these types.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { ColumnSpec } from '../execution/cql-result.js';

export class BindVariables {
  private readonly specs: (ColumnSpec | undefined)[];

  constructor(
    readonly count: number,
    /** The `:name` of each marker, or null. */
    readonly names: readonly (string | null)[] = [],
  ) {
    this.specs = new Array<ColumnSpec | undefined>(count).fill(undefined);
  }

  /** Records what marker `index` receives; a `:name` marker keeps its own name. */
  set(index: number, spec: ColumnSpec): void {
    if (index < 0 || index >= this.count) throw new InvalidRequestError(`bind marker ${index} is outside the statement's ${this.count} markers`);
    const name = this.names[index];
    this.specs[index] = name === null || name === undefined ? spec : { ...spec, name };
  }

  /** Every marker's spec; a marker nothing typed is an error. */
  all(): ColumnSpec[] {
    return this.specs.map((s, i) => {
      if (s === undefined) throw new InvalidRequestError(`Cannot infer the type of bind marker ${i + 1}`);
      return s;
    });
  }
}

/**
 * Assignments that set a value: `c = v` (INSERT's values too), `m[k] = v`, `l[i] = v` (reads the
 * list to find its i-th element) and `u.f = v` on a non-frozen UDT. A null value deletes what it
 * targets; an unset value leaves it alone.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { ListType, MapType, type MultiCellType, UserType } from '../../marshal/index.js';
import type { CqlColumn } from '../../schema/index.js';
import type { BoundTerm } from '../terms/index.js';
import { elementName, writeColumnValue } from './cell-writes.js';
import type { Operation, OperationEnv } from './operation.js';

export class SetValue implements Operation {
  readonly requiresRead = false;
  constructor(
    readonly column: CqlColumn,
    private readonly value: BoundTerm,
  ) {}

  execute(env: OperationEnv): void {
    const v = this.value.evaluate(env.values);
    if (typeof v === 'symbol') return;
    writeColumnValue(env, this.column, v);
  }
}

/** `m[k] = v` on a non-frozen map. */
export class SetMapEntry implements Operation {
  readonly requiresRead = false;
  constructor(
    readonly column: CqlColumn,
    private readonly type: MapType,
    private readonly key: BoundTerm,
    private readonly value: BoundTerm,
  ) {}

  execute(env: OperationEnv): void {
    const k = this.key.evaluate(env.values);
    if (k === null) throw new InvalidRequestError('Invalid null map key');
    if (typeof k === 'symbol') throw new InvalidRequestError('Invalid unset map key');
    const v = this.value.evaluate(env.values);
    if (typeof v === 'symbol') return;
    const name = elementName(env, this.column, this.type, k);
    if (v === null) env.builder.addTombstone(name, env.params);
    else env.builder.addCell(name, v, env.params);
  }
}

/** `l[i] = v` on a non-frozen list: the element at index i (read first) gets the value. */
export class SetListElement implements Operation {
  readonly requiresRead = true;
  constructor(
    readonly column: CqlColumn,
    private readonly type: ListType,
    private readonly index: BoundTerm,
    private readonly value: BoundTerm,
  ) {}

  execute(env: OperationEnv): void {
    const i = listIndex(this.index, env);
    const v = this.value.evaluate(env.values);
    if (typeof v === 'symbol') return;
    const path = existingListPath(env, this.column, i);
    const name = elementName(env, this.column, this.type, path);
    if (v === null) env.builder.addTombstone(name, env.params);
    else env.builder.addCell(name, v, env.params);
  }
}

/** `u.f = v` on a non-frozen UDT. */
export class SetField implements Operation {
  readonly requiresRead = false;
  constructor(
    readonly column: CqlColumn,
    private readonly type: UserType,
    private readonly position: number,
    private readonly value: BoundTerm,
  ) {}

  execute(env: OperationEnv): void {
    const v = this.value.evaluate(env.values);
    if (typeof v === 'symbol') return;
    const name = elementName(env, this.column, this.type as MultiCellType, this.type.cellPath(this.position));
    if (v === null) env.builder.addTombstone(name, env.params);
    else env.builder.addCell(name, v, env.params);
  }
}

/** A list index from its term: an int, not null. */
export function listIndex(term: BoundTerm, env: OperationEnv): number {
  const idx = term.evaluate(env.values);
  if (idx === null) throw new InvalidRequestError('Invalid null value for list index');
  if (typeof idx === 'symbol') throw new InvalidRequestError('Invalid unset value for list index');
  return idx.readInt32BE(0);
}

/** The path of the i-th element of a list as it is now; Cassandra's message when out of range. */
export function existingListPath(env: OperationEnv, column: CqlColumn, i: number): Buffer {
  const elements = env.existing?.elements(env.clustering, column) ?? [];
  if (i < 0 || i >= elements.length) throw new InvalidRequestError(`List index ${i} out of bound, list has size ${elements.length}`);
  return elements[i]!.path;
}

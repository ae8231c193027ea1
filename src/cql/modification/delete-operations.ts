/**
 * DELETE's column selections: a whole column (a tombstone cell, or a range tombstone over a
 * multi-cell collection or UDT), one element `m[k]`, `s[e]`, `l[i]` (reads the list), one field
 * `u.f` of a non-frozen UDT.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { ListType, type MultiCellType, UserType } from '../../marshal/index.js';
import type { CqlColumn } from '../../schema/index.js';
import type { BoundTerm } from '../terms/index.js';
import { elementName, writeColumnValue } from './cell-writes.js';
import type { Operation, OperationEnv } from './operation.js';
import { existingListPath, listIndex } from './set-operations.js';

export class DeleteColumn implements Operation {
  readonly requiresRead = false;
  constructor(readonly column: CqlColumn) {}

  execute(env: OperationEnv): void {
    writeColumnValue(env, this.column, null);
  }
}

/** Deletes one element of a non-frozen collection: a map key, a set element, a list index. */
export class DeleteElement implements Operation {
  readonly requiresRead: boolean;
  constructor(
    readonly column: CqlColumn,
    private readonly type: MultiCellType,
    private readonly key: BoundTerm,
  ) {
    this.requiresRead = type instanceof ListType;
  }

  execute(env: OperationEnv): void {
    let path: Buffer;
    if (this.type instanceof ListType) {
      const i = listIndex(this.key, env);
      if ((env.existing?.elements(env.clustering, this.column) ?? []).length === 0) {
        throw new InvalidRequestError('Attempted to delete an element from a list which is null');
      }
      path = existingListPath(env, this.column, i);
    } else {
      const k = this.key.evaluate(env.values);
      if (k === null) throw new InvalidRequestError(`Invalid null value for ${this.column.name} element`);
      if (typeof k === 'symbol') throw new InvalidRequestError(`Invalid unset value for ${this.column.name} element`);
      path = k;
    }
    env.builder.addTombstone(elementName(env, this.column, this.type, path), env.params);
  }
}

export class DeleteField implements Operation {
  readonly requiresRead = false;
  constructor(
    readonly column: CqlColumn,
    private readonly type: UserType,
    private readonly position: number,
  ) {}

  execute(env: OperationEnv): void {
    env.builder.addTombstone(elementName(env, this.column, this.type as MultiCellType, this.type.cellPath(this.position)), env.params);
  }
}

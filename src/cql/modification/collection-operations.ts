/**
 * Adding to and removing from non-frozen collections: `l = l + [..]` (append), `l = [..] + l`
 * (prepend), `l = l - [..]` (removes every element equal to one given: reads the list), `s = s +
 * {..}`, `s = s - {..}`, `m = m + {..}`, `m = m - {k, ..}` (a set of keys). Null or unset values
 * change nothing.
 */
import { ListType, MapType, type MultiCellType, SetType } from '../../marshal/index.js';
import type { CqlColumn } from '../../schema/index.js';
import type { BoundTerm } from '../terms/index.js';
import { addElements, elementName, listElements } from './cell-writes.js';
import type { Operation, OperationEnv } from './operation.js';

export class AddToCollection implements Operation {
  readonly requiresRead = false;
  constructor(
    readonly column: CqlColumn,
    private readonly type: MultiCellType,
    private readonly value: BoundTerm,
    private readonly mode: 'append' | 'prepend',
  ) {}

  execute(env: OperationEnv): void {
    const v = this.value.evaluate(env.values);
    if (v === null || typeof v === 'symbol') return;
    addElements(env, this.column, this.type, v, this.mode);
  }
}

export class RemoveFromCollection implements Operation {
  readonly requiresRead: boolean;
  constructor(
    readonly column: CqlColumn,
    private readonly type: ListType | SetType | MapType,
    /** list: a list of values; set: a set of elements; map: a set of keys. */
    private readonly value: BoundTerm,
  ) {
    this.requiresRead = type instanceof ListType;
  }

  execute(env: OperationEnv): void {
    const v = this.value.evaluate(env.values);
    if (v === null || typeof v === 'symbol') return;
    if (this.type instanceof ListType) {
      const discard = listElements(this.type, v);
      for (const e of env.existing?.elements(env.clustering, this.column) ?? []) {
        if (discard.some((d) => d.equals(e.cell.value))) env.builder.addTombstone(elementName(env, this.column, this.type, e.path), env.params);
      }
      return;
    }
    // A set of elements (set) or of keys (map): each is a cell path.
    const keys = new SetType(this.type instanceof SetType ? this.type.elements : this.type.keys).toCells(v);
    for (const { path } of keys) env.builder.addTombstone(elementName(env, this.column, this.type, path), env.params);
  }
}

/**
 * ListType(T) (CQL list<T>): an ordered sequence of non-null values of T, duplicates allowed.
 * Serialized, ordered and encoded as collection-type.ts says. When multi-cell, each element is a
 * cell whose path is a TimeUUID (the element's position: later TimeUUIDs come later in the list)
 * and whose value is the element. JS value: an Array of T's JS values (null for the empty value).
 */
import { MarshalError } from '../errors/index.js';
import type { AbstractType } from './abstract-type.js';
import { CollectionType, type CollectionShape } from './collection-type.js';
import { describe } from './integer-text.js';
import type { CellEntry } from './structured-type.js';
import { TIME_UUID_TYPE } from './time-uuid-type.js';

const LIST: CollectionShape = { className: 'ListType', keyword: 'list', labels: ['element'], sorted: false, open: '[', close: ']' };

export class ListType<E = unknown> extends CollectionType<E[] | null> {
  readonly cellPathType: AbstractType = TIME_UUID_TYPE;

  /** A list of `elements` (frozen when nested), frozen unless `isMultiCell`. */
  constructor(elements: AbstractType<E>, isMultiCell = false) {
    super(LIST, [elements as AbstractType], isMultiCell);
  }

  /** The element type (frozen). */
  get elements(): AbstractType<E> {
    return this.params[0] as AbstractType<E>;
  }

  get cellValueType(): AbstractType {
    return this.elements as AbstractType;
  }

  freeze(): ListType<E> {
    return this.isMultiCell ? new ListType(this.elements, false) : this;
  }

  unfreeze(): ListType<E> {
    return this.isMultiCell ? this : new ListType(this.elements, true);
  }

  /** The list of the cells' values, in the given (cell path, i.e. TimeUUID) order. */
  fromCells(cells: Iterable<CellEntry>): Buffer {
    return this.build(Array.from(cells, (c) => c.value));
  }

  protected composeValue(bytes: Buffer): E[] {
    return this.values(bytes).map((v) => this.elements.compose(v));
  }

  protected decomposeValue(value: E[]): Buffer {
    if (!Array.isArray(value)) throw new MarshalError(`${this.name}: expected an Array, got ${describe(value)}`);
    return this.fromDecomposed(value.map((v, i) => this.decomposePart(0, i, v)));
  }
}

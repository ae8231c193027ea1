/**
 * SetType(T) (CQL set<T>): distinct non-null values of T, kept in T's order (normalization, order
 * and encoding in collection-type.ts). When multi-cell, each element is a cell whose path is the
 * element and whose value is empty. JS value: a sorted Array of T's JS values (null for the empty
 * value); decompose also takes a Set.
 */
import { MarshalError } from '../errors/index.js';
import type { AbstractType } from './abstract-type.js';
import { EMPTY_BUFFER } from './base-type.js';
import { CollectionType, type CollectionShape } from './collection-type.js';
import { EMPTY_TYPE } from './empty-type.js';
import { describe } from './integer-text.js';
import type { CellEntry } from './structured-type.js';

const SET: CollectionShape = { className: 'SetType', keyword: 'set', labels: ['element'], sorted: true, open: '{', close: '}' };

export class SetType<E = unknown> extends CollectionType<E[] | null> {
  readonly cellValueType: AbstractType = EMPTY_TYPE;

  /** A set of `elements` (frozen when nested), frozen unless `isMultiCell`. */
  constructor(elements: AbstractType<E>, isMultiCell = false) {
    super(SET, [elements as AbstractType], isMultiCell);
  }

  /** The element type (frozen). */
  get elements(): AbstractType<E> {
    return this.params[0] as AbstractType<E>;
  }

  get cellPathType(): AbstractType {
    return this.elements as AbstractType;
  }

  freeze(): SetType<E> {
    return this.isMultiCell ? new SetType(this.elements, false) : this;
  }

  unfreeze(): SetType<E> {
    return this.isMultiCell ? this : new SetType(this.elements, true);
  }

  /** The set of the cells' paths. */
  fromCells(cells: Iterable<CellEntry>): Buffer {
    return this.fromDecomposed(Array.from(cells, (c) => c.path));
  }

  /** One cell per element of a valid value: path the element, value empty. */
  toCells(bytes: Buffer): CellEntry[] {
    if (bytes.length === 0) return [];
    return this.canonicalValues(bytes).map((e) => ({ path: e, value: EMPTY_BUFFER }));
  }

  override decompose(value: E[] | ReadonlySet<E> | null): Buffer {
    return super.decompose(value as E[] | null);
  }

  protected composeValue(bytes: Buffer): E[] {
    return this.canonicalValues(bytes).map((v) => this.elements.compose(v));
  }

  protected decomposeValue(value: E[] | ReadonlySet<E>): Buffer {
    if (!Array.isArray(value) && !(value instanceof Set)) {
      throw new MarshalError(`${this.name}: expected an Array or a Set, got ${describe(value)}`);
    }
    return this.fromDecomposed(Array.from(value, (v, i) => this.decomposePart(0, i, v)));
  }
}

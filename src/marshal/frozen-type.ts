/**
 * FrozenType: not a type of values but a marker of Cassandra's class-name syntax.
 * 'FrozenType(ListType(Int32Type))' reads as the frozen form of the list type, and a frozen
 * structured type prints itself wrapped so (structured-type.ts). Freezing anything that is not a
 * structured type leaves it as it is, as Cassandra's AbstractType.freeze() does.
 */
import { MARSHAL_PACKAGE, type AbstractType } from './abstract-type.js';
import { isStructured } from './structured-type.js';

export const FROZEN_TYPE_NAME = 'FrozenType';

/** 'FrozenType(inner)' around a short class name. */
export function frozenName(inner: string): string {
  return `${FROZEN_TYPE_NAME}(${inner})`;
}

/** 'org.apache.cassandra.db.marshal.FrozenType(inner)' around a full class name. */
export function frozenFullName(inner: string): string {
  return `${MARSHAL_PACKAGE}${FROZEN_TYPE_NAME}(${inner})`;
}

/** `t` frozen: structured types become single-cell; other types are returned unchanged. */
export function freeze<T>(t: AbstractType<T>): AbstractType<T> {
  return isStructured(t) ? (t.freeze() as AbstractType<T>) : t;
}

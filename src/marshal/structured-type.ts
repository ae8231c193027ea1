/**
 * What the CQL structured types (list, set, map, tuple, user type) share beyond AbstractType:
 * frozen or multi-cell, the two forms of their class name, reading their CQL literal from inside an
 * enclosing literal, and — for the multi-cell capable ones — the types of their cells.
 *
 * Frozen: the whole value is one serialized value (usable in primary keys and inside other
 * structured types). Multi-cell (not frozen): the CQL layer stores one cell per element, list
 * element, map entry or UDT field; the cell's path (the name component after the column name) and
 * value have the types given here. Types nested inside a structured type are always frozen.
 *
 * Class names: a frozen type prints as 'FrozenType(ListType(Int32Type))', a multi-cell one as
 * 'ListType(Int32Type)'; inside a frozen type the parameters print without FrozenType (it is
 * implied), inside a multi-cell one with it — Cassandra's toString(ignoreFreezing).
 */
import { MarshalError } from '../errors/index.js';
import type { AbstractType } from './abstract-type.js';
import type { LiteralReader } from './cql-literal.js';

export interface StructuredType<T = unknown> extends AbstractType<T> {
  /** Whether the CQL layer stores the value as one cell per element (false: frozen). */
  readonly isMultiCell: boolean;
  /** The class name without any FrozenType(…) around this type or its parameters. */
  readonly nameIgnoringFreezing: string;
  /** fullName without any FrozenType(…). */
  readonly fullNameIgnoringFreezing: string;
  /** This type frozen (itself when already frozen). */
  freeze(): StructuredType<T>;
  /** This type multi-cell (itself when already so; a tuple, always frozen, returns itself). */
  unfreeze(): StructuredType<T>;
  /** Reads one CQL literal of this type (e.g. '[1, 2]') at the reader's position. */
  readLiteral(reader: LiteralReader): Buffer;
  /**
   * The value in canonical form, nested values included: sets and maps sorted and deduplicated,
   * null tuple components framed as -1. Equal values then have equal bytes (a partition key's
   * token depends on them). The same Buffer when already canonical. Checks the framing.
   */
  normalize(bytes: Buffer): Buffer;
}

/** One cell of a multi-cell value: its path (the name component) and its value. */
export interface CellEntry {
  readonly path: Buffer;
  readonly value: Buffer;
}

export interface MultiCellType<T = unknown> extends StructuredType<T> {
  /** The type of a cell path: list TimeUUIDType, set the element, map the key, UDT ShortType (field position). */
  readonly cellPathType: AbstractType;
  /** The type of the value of the cell at `path` (list: element, set: EmptyType, map: value, UDT: the field's). */
  cellValueTypeAt(path: Buffer): AbstractType;
  /** The serialized (frozen-form) value of the cells, given in cell-path order. */
  fromCells(cells: Iterable<CellEntry>): Buffer;
  freeze(): MultiCellType<T>;
  unfreeze(): MultiCellType<T>;
}

export function isStructured(t: AbstractType): t is StructuredType {
  return typeof (t as Partial<StructuredType>).readLiteral === 'function';
}

/** A value of type `t` in canonical form (structured types' normalize; others as they are). */
export function normalizeValue(t: AbstractType, bytes: Buffer): Buffer {
  return isStructured(t) ? t.normalize(bytes) : bytes;
}

export function isMultiCellType(t: AbstractType): t is MultiCellType {
  return isStructured(t) && typeof (t as Partial<MultiCellType>).fromCells === 'function';
}

/** Whether `t` is a structured type stored as several cells. */
export function isMultiCell(t: AbstractType): boolean {
  return isStructured(t) && t.isMultiCell;
}

/** `t`'s short class name, without FrozenType(…) when `ignoreFreezing`. */
export function nameOf(t: AbstractType, ignoreFreezing: boolean): string {
  return ignoreFreezing && isStructured(t) ? t.nameIgnoringFreezing : t.name;
}

/** `t`'s full class name, without FrozenType(…) when `ignoreFreezing`. */
export function fullNameOf(t: AbstractType, ignoreFreezing: boolean): string {
  return ignoreFreezing && isStructured(t) ? t.fullNameIgnoringFreezing : t.fullName;
}

/** The CQL form of any type: its CQL name, or Cassandra's quoted class name for custom types. */
export function toCqlString(t: AbstractType): string {
  return t.cqlName ?? `'${t.fullName}'`;
}

/** Runs `fn`, prefixing a MarshalError's message with the type and what was being handled. */
export function within<R>(typeName: string, what: () => string, fn: () => R): R {
  try {
    return fn();
  } catch (e) {
    if (e instanceof MarshalError) throw new MarshalError(`${typeName}: ${what()}: ${e.message}`, { cause: e });
    throw e;
  }
}

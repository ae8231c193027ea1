/**
 * The contract of every Cassandra comparator/validator type (Cassandra's
 * org.apache.cassandra.db.marshal.AbstractType): order, validation, text forms, JS values, and the
 * byte-comparable encoding the storage engine sorts by (grammar in byte-comparable.ts).
 */
import type { ByteReader } from '../util/byte-reader.js';
import type { ComparableInput } from './byte-comparable.js';

/** The Java package Cassandra's type class names live in; full names are this plus the short name. */
export const MARSHAL_PACKAGE = 'org.apache.cassandra.db.marshal.';

export interface AbstractType<T = unknown> {
  /** Cassandra's short class form with parameters, e.g. 'UTF8Type', 'ReversedType(LongType)'. */
  readonly name: string;
  /** The fully-qualified form, parameters too: 'org.apache.cassandra.db.marshal.UTF8Type'. */
  readonly fullName: string;
  /** The CQL type name ('text', 'bigint', …), or null when the type has none (CompositeType, …). */
  readonly cqlName: string | null;
  /** Serialized length when every non-empty value has the same length, else null. */
  readonly fixedLength: number | null;
  readonly isReversed: boolean;
  /** Whether a zero-length value is valid (Cassandra lets most types hold one; it sorts first). */
  readonly allowsEmpty: boolean;

  /** Cassandra's order of serialized values. Does not validate. */
  compare(a: Buffer, b: Buffer): number;
  /** Throws MarshalError, saying what is wrong and where, when `bytes` is not a valid value. */
  validate(bytes: Buffer): void;
  /** The value as Cassandra's tools print it (AbstractType.getString). Validates first. */
  toString(bytes: Buffer): string;
  /** Inverse of toString (Cassandra's fromString); MarshalError on bad input. */
  fromString(s: string): Buffer;
  /** Serialized bytes → JS value (null for the empty value). Validates first. */
  compose(bytes: Buffer): T;
  /** JS value → serialized bytes; MarshalError on a wrong JS type or an out-of-range value. */
  decompose(value: T): Buffer;
  /**
   * The byte-comparable encoding. Assumes a valid value: it checks only what it needs to encode
   * (lengths), not content such as UTF-8, so hot write paths do not validate twice.
   */
  toComparable(bytes: Buffer): Buffer;
  /** Reads exactly one encoded value at the reader's position, back to serialized bytes. */
  fromComparable(reader: ByteReader): Buffer;
  /** fromComparable through a possibly inverting view (how ReversedType reads its inner type). */
  readComparable(input: ComparableInput): Buffer;
}

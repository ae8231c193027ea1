/**
 * Shared behaviour of the simple (unparameterised) types: the empty-value rules Cassandra applies
 * before a type looks at the bytes, and validation before printing or composing.
 */
import { MarshalError } from '../errors/index.js';
import type { ByteReader } from '../util/byte-reader.js';
import { MARSHAL_PACKAGE, type AbstractType } from './abstract-type.js';
import { ComparableInput } from './byte-comparable.js';

export const EMPTY_BUFFER: Buffer = Buffer.alloc(0);

export abstract class BaseType<T> implements AbstractType<T> {
  abstract readonly name: string;
  abstract readonly cqlName: string | null;
  abstract readonly fixedLength: number | null;
  abstract readonly allowsEmpty: boolean;
  readonly isReversed: boolean = false;

  get fullName(): string {
    return MARSHAL_PACKAGE + this.name;
  }

  /** Empty values sort first (Cassandra's rule for every type that allows them). */
  compare(a: Buffer, b: Buffer): number {
    if (a.length === 0 || b.length === 0) return (a.length === 0 ? 0 : 1) - (b.length === 0 ? 0 : 1);
    return this.compareValues(a, b);
  }

  validate(bytes: Buffer): void {
    if (bytes.length === 0) {
      if (!this.allowsEmpty) throw new MarshalError(`${this.name}: empty value not allowed`);
      return;
    }
    this.validateValue(bytes);
  }

  toString(bytes: Buffer): string {
    this.validate(bytes);
    return bytes.length === 0 ? '' : this.format(bytes);
  }

  fromString(s: string): Buffer {
    if (s === '' && this.allowsEmpty) return EMPTY_BUFFER;
    return this.parse(s);
  }

  compose(bytes: Buffer): T {
    this.validate(bytes);
    return bytes.length === 0 ? (null as T) : this.composeValue(bytes);
  }

  decompose(value: T): Buffer {
    if (value === null || value === undefined) {
      if (this.allowsEmpty) return EMPTY_BUFFER;
      throw new MarshalError(`${this.name}: null is not a value of this type`);
    }
    return this.decomposeValue(value as NonNullable<T>);
  }

  fromComparable(reader: ByteReader): Buffer {
    return this.readComparable(new ComparableInput(reader));
  }

  abstract toComparable(bytes: Buffer): Buffer;
  abstract readComparable(input: ComparableInput): Buffer;

  /** Compares two non-empty values. */
  protected abstract compareValues(a: Buffer, b: Buffer): number;
  /** Validates a non-empty value. */
  protected abstract validateValue(bytes: Buffer): void;
  /** Prints a valid non-empty value. */
  protected abstract format(bytes: Buffer): string;
  /** Parses a string (non-empty, or empty for types without an empty value). */
  protected abstract parse(s: string): Buffer;
  protected abstract composeValue(bytes: Buffer): T;
  protected abstract decomposeValue(value: NonNullable<T>): Buffer;

  /** Throws unless `bytes` has exactly `n` bytes (or is empty, where allowed). */
  protected checkLength(bytes: Buffer, n: number, what: string): void {
    if (bytes.length === n || (bytes.length === 0 && this.allowsEmpty)) return;
    const allowed = this.allowsEmpty ? `${n} or 0` : `${n}`;
    throw new MarshalError(`${this.name}: expected ${allowed} bytes for ${what}, got ${bytes.length}`);
  }
}

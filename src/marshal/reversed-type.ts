/**
 * ReversedType(T): T with its order reversed (CQL's CLUSTERING ORDER BY … DESC). Values, text and
 * validation are T's. The byte-comparable form is T's with every byte inverted, which reverses the
 * order and stays prefix-free (byte-comparable.ts). Empty values follow the inversion too, so they
 * sort LAST, as in Cassandra 3.0+ (Cassandra 2.x special-cased them to sort first).
 */
import type { ByteReader } from '../util/byte-reader.js';
import { MARSHAL_PACKAGE, type AbstractType } from './abstract-type.js';
import { ComparableInput, invertBytes } from './byte-comparable.js';

export class ReversedType<T = unknown> implements AbstractType<T> {
  readonly name: string;
  readonly fullName: string;
  readonly cqlName: string | null;
  readonly fixedLength: number | null;
  readonly allowsEmpty: boolean;
  readonly isReversed = true;

  constructor(readonly baseType: AbstractType<T>) {
    this.name = `ReversedType(${baseType.name})`;
    this.fullName = `${MARSHAL_PACKAGE}ReversedType(${baseType.fullName})`;
    this.cqlName = baseType.cqlName;
    this.fixedLength = baseType.fixedLength;
    this.allowsEmpty = baseType.allowsEmpty;
  }

  compare(a: Buffer, b: Buffer): number {
    return this.baseType.compare(b, a);
  }

  validate(bytes: Buffer): void {
    this.baseType.validate(bytes);
  }

  toString(bytes: Buffer): string {
    return this.baseType.toString(bytes);
  }

  fromString(s: string): Buffer {
    return this.baseType.fromString(s);
  }

  compose(bytes: Buffer): T {
    return this.baseType.compose(bytes);
  }

  decompose(value: T): Buffer {
    return this.baseType.decompose(value);
  }

  toComparable(bytes: Buffer): Buffer {
    return invertBytes(this.baseType.toComparable(bytes));
  }

  fromComparable(reader: ByteReader): Buffer {
    return this.readComparable(new ComparableInput(reader));
  }

  readComparable(input: ComparableInput): Buffer {
    return this.baseType.readComparable(input.inverted());
  }
}

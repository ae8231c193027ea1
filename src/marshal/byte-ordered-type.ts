/**
 * Shared behaviour of variable-length types Cassandra orders by their raw bytes (unsigned,
 * shorter prefix first): blob, ascii, text, inet, duration. Their byte-comparable form is the
 * escaped, 0x00-terminated `bytes` form (byte-comparable.ts).
 */
import { BaseType } from './base-type.js';
import { type ComparableInput, decodeByteString, encodeByteString } from './byte-comparable.js';

export abstract class ByteOrderedType<T> extends BaseType<T> {
  protected compareValues(a: Buffer, b: Buffer): number {
    return Buffer.compare(a, b);
  }

  toComparable(bytes: Buffer): Buffer {
    return encodeByteString(bytes);
  }

  readComparable(input: ComparableInput): Buffer {
    return decodeByteString(input);
  }
}

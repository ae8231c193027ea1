/**
 * Shared behaviour of fixed-length types: length validation and the `fixed` / `fixedOpt`
 * byte-comparable forms (byte-comparable.ts), given a per-type reversible transform of the
 * serialized bytes into unsigned byte order.
 */
import { EMPTY_BUFFER, BaseType } from './base-type.js';
import { type ComparableInput, decodeFixedOpt, encodeFixedOpt } from './byte-comparable.js';

export abstract class FixedLengthType<T> extends BaseType<T> {
  abstract override readonly fixedLength: number;

  /** What a value is, for length error messages ('a bigint', 'a UUID', …). */
  protected abstract readonly what: string;

  /** Serialized bytes → bytes whose unsigned order is the type's order (a fresh buffer). */
  protected abstract toUnsignedOrder(bytes: Buffer): Buffer;
  /** Inverse of toUnsignedOrder (a fresh buffer). */
  protected abstract fromUnsignedOrder(ordered: Buffer): Buffer;

  protected validateValue(bytes: Buffer): void {
    this.checkLength(bytes, this.fixedLength, this.what);
  }

  toComparable(bytes: Buffer): Buffer {
    this.checkLength(bytes, this.fixedLength, this.what);
    if (!this.allowsEmpty) return this.toUnsignedOrder(bytes);
    return encodeFixedOpt(bytes.length === 0 ? null : this.toUnsignedOrder(bytes));
  }

  readComparable(input: ComparableInput): Buffer {
    if (!this.allowsEmpty) return this.fromUnsignedOrder(input.bytes(this.fixedLength));
    const ordered = decodeFixedOpt(input, this.fixedLength);
    return ordered === null ? EMPTY_BUFFER : this.fromUnsignedOrder(ordered);
  }
}

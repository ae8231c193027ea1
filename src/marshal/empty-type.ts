/**
 * EmptyType: the type whose only value is the empty byte string (Cassandra uses it for tables
 * with no clustering or no regular columns). All values are equal; its byte-comparable form is
 * zero bytes long.
 */
import { MarshalError } from '../errors/index.js';
import { EMPTY_BUFFER, BaseType } from './base-type.js';
import type { ComparableInput } from './byte-comparable.js';

export class EmptyType extends BaseType<null> {
  readonly name = 'EmptyType';
  readonly cqlName = null;
  readonly fixedLength = 0;
  readonly allowsEmpty = true;

  override compare(_a: Buffer, _b: Buffer): number {
    return 0;
  }

  protected compareValues(_a: Buffer, _b: Buffer): number {
    return 0;
  }

  protected validateValue(bytes: Buffer): void {
    throw new MarshalError(`${this.name} only accepts empty values, got ${bytes.length} bytes`);
  }

  toComparable(bytes: Buffer): Buffer {
    if (bytes.length !== 0) this.validateValue(bytes);
    return EMPTY_BUFFER;
  }

  readComparable(_input: ComparableInput): Buffer {
    return EMPTY_BUFFER;
  }

  protected format(_bytes: Buffer): string {
    return '';
  }

  protected parse(s: string): Buffer {
    throw new MarshalError(`${this.name}: '${s}' is not empty`);
  }

  protected composeValue(_bytes: Buffer): null {
    return null;
  }

  protected decomposeValue(value: never): Buffer {
    throw new MarshalError(`${this.name}: only null is a value, got ${String(value)}`);
  }
}

export const EMPTY_TYPE = new EmptyType();

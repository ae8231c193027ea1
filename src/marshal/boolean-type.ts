/**
 * BooleanType (CQL boolean): one byte, 0 is false and anything else true (so 0x01 and 0x02 are
 * equal values); false < true. Empty values are allowed and sort first.
 */
import { MarshalError } from '../errors/index.js';
import { EMPTY_BUFFER, BaseType } from './base-type.js';
import type { ComparableInput } from './byte-comparable.js';
import { describe } from './integer-text.js';

const FALSE = Buffer.from([0]);
const TRUE = Buffer.from([1]);

export class BooleanType extends BaseType<boolean | null> {
  readonly name = 'BooleanType';
  readonly cqlName = 'boolean';
  readonly fixedLength = 1;
  readonly allowsEmpty = true;

  protected compareValues(a: Buffer, b: Buffer): number {
    return Number(a[0] !== 0) - Number(b[0] !== 0);
  }

  protected validateValue(bytes: Buffer): void {
    this.checkLength(bytes, 1, 'a boolean');
  }

  /** 0x00 empty, 0x01 false, 0x02 true (byte-comparable.ts). */
  toComparable(bytes: Buffer): Buffer {
    this.checkLength(bytes, 1, 'a boolean');
    return Buffer.from([bytes.length === 0 ? 0x00 : bytes[0] === 0 ? 0x01 : 0x02]);
  }

  readComparable(input: ComparableInput): Buffer {
    const b = input.u8();
    if (b === 0x00) return EMPTY_BUFFER;
    if (b === 0x01) return Buffer.from(FALSE);
    if (b === 0x02) return Buffer.from(TRUE);
    throw new MarshalError(`bad boolean byte 0x${b.toString(16)} in byte-comparable bytes`);
  }

  protected format(bytes: Buffer): string {
    return bytes[0] === 0 ? 'false' : 'true';
  }

  /** 'true' / 'false' in any case, as Cassandra accepts. */
  protected parse(s: string): Buffer {
    const l = s.toLowerCase();
    if (l === 'true') return Buffer.from(TRUE);
    if (l === 'false') return Buffer.from(FALSE);
    throw new MarshalError(`${this.name}: unable to make boolean from '${s}'`);
  }

  protected composeValue(bytes: Buffer): boolean {
    return bytes[0] !== 0;
  }

  protected decomposeValue(value: boolean): Buffer {
    if (typeof value !== 'boolean') throw new MarshalError(`${this.name}: expected a boolean, got ${describe(value)}`);
    return Buffer.from(value ? TRUE : FALSE);
  }
}

export const BOOLEAN_TYPE = new BooleanType();

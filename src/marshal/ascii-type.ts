/**
 * AsciiType (CQL ascii): US-ASCII text (every byte < 0x80), ordered unsigned byte by byte.
 */
import { MarshalError } from '../errors/index.js';
import { ByteOrderedType } from './byte-ordered-type.js';
import { describe } from './integer-text.js';

export class AsciiType extends ByteOrderedType<string | null> {
  readonly name = 'AsciiType';
  readonly cqlName = 'ascii';
  readonly fixedLength = null;
  readonly allowsEmpty = true;

  protected validateValue(bytes: Buffer): void {
    for (let i = 0; i < bytes.length; i++) {
      if (bytes[i]! > 0x7f) {
        throw new MarshalError(`${this.name}: invalid byte for ascii: 0x${bytes[i]!.toString(16)} at offset ${i}`);
      }
    }
  }

  protected format(bytes: Buffer): string {
    return bytes.toString('latin1');
  }

  protected parse(s: string): Buffer {
    return this.decomposeValue(s);
  }

  /** The empty value is the empty string (text types never compose to null). */
  override compose(bytes: Buffer): string {
    this.validate(bytes);
    return bytes.toString('latin1');
  }

  protected composeValue(bytes: Buffer): string {
    return bytes.toString('latin1');
  }

  protected decomposeValue(value: string): Buffer {
    if (typeof value !== 'string') throw new MarshalError(`${this.name}: expected a string, got ${describe(value)}`);
    for (let i = 0; i < value.length; i++) {
      if (value.charCodeAt(i) > 0x7f) {
        throw new MarshalError(`${this.name}: non-ascii character '${value[i]}' at index ${i} in '${value}'`);
      }
    }
    return Buffer.from(value, 'latin1');
  }
}

export const ASCII_TYPE = new AsciiType();

/**
 * UTF8Type (CQL text/varchar): UTF-8 text, ordered unsigned byte by byte (which is code point
 * order). Validation is strict RFC 3629 UTF-8 and names the offset of the first bad byte.
 */
import { MarshalError } from '../errors/index.js';
import { ByteOrderedType } from './byte-ordered-type.js';
import { describe } from './integer-text.js';
import { findInvalidUtf8 } from './utf8-validate.js';

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export class UTF8Type extends ByteOrderedType<string | null> {
  readonly name = 'UTF8Type';
  readonly cqlName = 'text';
  readonly fixedLength = null;
  readonly allowsEmpty = true;

  protected validateValue(bytes: Buffer): void {
    const bad = findInvalidUtf8(bytes);
    if (bad >= 0) {
      const around = bytes.subarray(bad, bad + 4).toString('hex');
      throw new MarshalError(`${this.name}: invalid UTF-8 at offset ${bad} (bytes ${around}…)`);
    }
  }

  protected format(bytes: Buffer): string {
    return bytes.toString('utf8');
  }

  protected parse(s: string): Buffer {
    return this.decomposeValue(s);
  }

  /** The empty value is the empty string (text types never compose to null). */
  override compose(bytes: Buffer): string {
    this.validate(bytes);
    return bytes.toString('utf8');
  }

  protected composeValue(bytes: Buffer): string {
    return bytes.toString('utf8');
  }

  protected decomposeValue(value: string): Buffer {
    if (typeof value !== 'string') throw new MarshalError(`${this.name}: expected a string, got ${describe(value)}`);
    if (LONE_SURROGATE.test(value)) throw new MarshalError(`${this.name}: string has a lone surrogate: '${value}'`);
    return Buffer.from(value, 'utf8');
  }
}

export const UTF8_TYPE = new UTF8Type();

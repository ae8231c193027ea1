/**
 * BytesType (CQL blob): any bytes, ordered unsigned byte by byte. Printed and parsed as hex,
 * as Cassandra does (an odd number of digits gets a leading 0).
 */
import { MarshalError } from '../errors/index.js';
import { ByteOrderedType } from './byte-ordered-type.js';
import { describe } from './integer-text.js';

const HEX = /^[0-9a-fA-F]*$/;

export class BytesType extends ByteOrderedType<Buffer> {
  readonly name = 'BytesType';
  readonly cqlName = 'blob';
  readonly fixedLength = null;
  readonly allowsEmpty = true;

  protected validateValue(_bytes: Buffer): void {
    // Every byte string is a valid blob.
  }

  protected format(bytes: Buffer): string {
    return bytes.toString('hex');
  }

  protected parse(s: string): Buffer {
    return hexToBytes(s, this.name);
  }

  /** A blob's JS value is its bytes; the empty blob is an empty Buffer, not null. */
  override compose(bytes: Buffer): Buffer {
    return Buffer.from(bytes);
  }

  protected composeValue(bytes: Buffer): Buffer {
    return Buffer.from(bytes);
  }

  protected decomposeValue(value: Buffer): Buffer {
    if (value instanceof Uint8Array) return Buffer.from(value);
    throw new MarshalError(`${this.name}: expected a Buffer, got ${describe(value)}`);
  }
}

/** Parses hex text; an odd digit count is read as if it had a leading zero. */
export function hexToBytes(s: string, typeName: string): Buffer {
  if (!HEX.test(s)) throw new MarshalError(`${typeName}: cannot parse '${s}' as hex bytes`);
  return Buffer.from(s.length % 2 === 1 ? '0' + s : s, 'hex');
}

export const BYTES_TYPE = new BytesType();

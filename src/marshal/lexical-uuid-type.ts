/**
 * LexicalUUIDType: any 16-byte UUID, ordered as java.util.UUID.compareTo does — the most
 * significant 64 bits as a signed long, then the least significant 64 bits as a signed long.
 * Empty values are allowed and sort first.
 */
import { flipSignBits } from './byte-comparable.js';
import { FixedLengthType } from './fixed-length-type.js';
import { cmpBig, decomposeUuid, uuidToString } from './uuid-bytes.js';
import { uuidFromString } from './timeuuid.js';

export class LexicalUUIDType extends FixedLengthType<string | null> {
  readonly name = 'LexicalUUIDType';
  readonly cqlName = null;
  readonly fixedLength = 16;
  readonly allowsEmpty = true;
  protected readonly what = 'a UUID';

  protected compareValues(a: Buffer, b: Buffer): number {
    return cmpBig(a.readBigInt64BE(0), b.readBigInt64BE(0)) || cmpBig(a.readBigInt64BE(8), b.readBigInt64BE(8));
  }

  protected toUnsignedOrder(bytes: Buffer): Buffer {
    return flipSignBits(bytes, [0, 8]);
  }

  protected fromUnsignedOrder(ordered: Buffer): Buffer {
    return flipSignBits(ordered, [0, 8]);
  }

  protected format(bytes: Buffer): string {
    return uuidToString(bytes);
  }

  protected parse(s: string): Buffer {
    return uuidFromString(s);
  }

  protected composeValue(bytes: Buffer): string {
    return uuidToString(bytes);
  }

  protected decomposeValue(value: string): Buffer {
    return decomposeUuid(value, this.name);
  }
}

export const LEXICAL_UUID_TYPE = new LexicalUUIDType();

/**
 * InetAddressType (CQL inet): an IPv4 (4 bytes) or IPv6 (16 bytes) address, ordered by raw bytes
 * as Cassandra does. Printed as Java prints addresses (IPv6 as eight groups, e.g.
 * '2001:db8:0:0:0:0:0:1'). Host names are not resolved. Empty values are allowed and sort first.
 * Byte-comparable form (shorter than the escaped `bytes` form for zero-rich IPv6 addresses):
 *   inet = fixedOpt(first 4 bytes)  ( 0x00 (IPv4) | 0x01 the other 12 bytes (IPv6) )?
 * which is raw byte order: equal first 4 bytes put the 4-byte address first.
 */
import { MarshalError } from '../errors/index.js';
import { EMPTY_BUFFER } from './base-type.js';
import { type ComparableInput, decodeFixedOpt, encodeFixedOpt } from './byte-comparable.js';
import { ByteOrderedType } from './byte-ordered-type.js';
import { formatInetAddress, parseInetAddress } from './inet-text.js';
import { describe } from './integer-text.js';

export class InetAddressType extends ByteOrderedType<string | null> {
  readonly name = 'InetAddressType';
  readonly cqlName = 'inet';
  readonly fixedLength = null;
  readonly allowsEmpty = true;

  protected validateValue(bytes: Buffer): void {
    if (bytes.length !== 4 && bytes.length !== 16) {
      throw new MarshalError(`${this.name}: expected 4 or 16 bytes (or 0), got ${bytes.length}`);
    }
  }

  override toComparable(bytes: Buffer): Buffer {
    if (bytes.length === 0) return encodeFixedOpt(null);
    this.validateValue(bytes);
    const head = encodeFixedOpt(bytes.subarray(0, 4));
    if (bytes.length === 4) return Buffer.concat([head, Buffer.from([0x00])]);
    return Buffer.concat([head, Buffer.from([0x01]), bytes.subarray(4)]);
  }

  override readComparable(input: ComparableInput): Buffer {
    const head = decodeFixedOpt(input, 4);
    if (head === null) return EMPTY_BUFFER;
    const tag = input.u8();
    if (tag === 0x00) return head;
    if (tag !== 0x01) throw new MarshalError(`bad inet tag 0x${tag.toString(16)} in byte-comparable bytes`);
    return Buffer.concat([head, input.bytes(12)]);
  }

  protected format(bytes: Buffer): string {
    return formatInetAddress(bytes);
  }

  protected parse(s: string): Buffer {
    const b = parseInetAddress(s);
    if (b === null) throw new MarshalError(`${this.name}: unable to make an inet address from '${s}'`);
    return b;
  }

  protected composeValue(bytes: Buffer): string {
    return formatInetAddress(bytes);
  }

  protected decomposeValue(value: string): Buffer {
    if (typeof value !== 'string') throw new MarshalError(`${this.name}: expected address text, got ${describe(value)}`);
    return this.parse(value);
  }
}

export const INET_ADDRESS_TYPE = new InetAddressType();

/**
 * InetAddressType (CQL inet): an IPv4 (4 bytes) or IPv6 (16 bytes) address, ordered by raw bytes
 * as Cassandra does. Printed as Java prints addresses (IPv6 as eight groups, e.g.
 * '2001:db8:0:0:0:0:0:1'). Host names are not resolved. Empty values are allowed and sort first.
 */
import { MarshalError } from '../errors/index.js';
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

/**
 * UUIDType (CQL uuid): any 16-byte UUID. Cassandra orders by version first; two version-1 UUIDs
 * by timestamp, others by the most significant 64 bits unsigned; ties by the least significant
 * 64 bits unsigned (unlike TimeUUIDType, which breaks ties on signed bytes). Empty values are
 * allowed and sort first.
 */
import { FixedLengthType } from './fixed-length-type.js';
import { msbOfTimestamp, timestampOfMsb, uuidFromString } from './timeuuid.js';
import { cmpBig, decomposeUuid, lsbOf, msbOf, uuidFromHalves, uuidToString } from './uuid-bytes.js';

const LOW_60 = (1n << 60n) - 1n;

export class UUIDType extends FixedLengthType<string | null> {
  readonly name = 'UUIDType';
  readonly cqlName = 'uuid';
  readonly fixedLength = 16;
  readonly allowsEmpty = true;
  protected readonly what = 'a UUID';

  protected compareValues(a: Buffer, b: Buffer): number {
    return cmpBig(orderedMsb(msbOf(a)), orderedMsb(msbOf(b))) || cmpBig(lsbOf(a), lsbOf(b));
  }

  protected toUnsignedOrder(bytes: Buffer): Buffer {
    return uuidFromHalves(orderedMsb(msbOf(bytes)), lsbOf(bytes));
  }

  protected fromUnsignedOrder(ordered: Buffer): Buffer {
    const hi = ordered.readBigUInt64BE(0);
    const version = hi >> 60n;
    const rest = hi & LOW_60;
    // Put the version nibble back at bits 12-15: time layout for v1, plain position otherwise.
    const msb = version === 1n ? msbOfTimestamp(rest) : ((rest >> 12n) << 16n) | (version << 12n) | (rest & 0xfffn);
    return uuidFromHalves(msb, lsbOf(ordered));
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

/**
 * The msb rearranged so unsigned order is UUIDType's: the version nibble on top, then for v1 the
 * 60-bit timestamp, for other versions the msb's remaining 60 bits in their original order.
 */
function orderedMsb(msb: bigint): bigint {
  const version = (msb >> 12n) & 0xfn;
  const rest = version === 1n ? timestampOfMsb(msb) : ((msb >> 16n) << 12n) | (msb & 0xfffn);
  return (version << 60n) | rest;
}

export const UUID_TYPE = new UUIDType();

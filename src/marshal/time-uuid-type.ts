/**
 * TimeUUIDType (CQL timeuuid): version-1 UUIDs only, ordered by their 60-bit timestamp, then —
 * as Cassandra's TimeUUIDType.compareCustom does for compatibility — by bytes 8-15 compared one
 * by one as SIGNED bytes. Empty values are allowed and sort first.
 */
import { MarshalError } from '../errors/index.js';
import { FixedLengthType } from './fixed-length-type.js';
import { msbOfTimestamp, timestampOfMsb, uuidFromString, uuidVersion } from './timeuuid.js';
import { cmpBig, decomposeUuid, msbOf, uuidToString } from './uuid-bytes.js';

export class TimeUUIDType extends FixedLengthType<string | null> {
  readonly name = 'TimeUUIDType';
  readonly cqlName = 'timeuuid';
  readonly fixedLength = 16;
  readonly allowsEmpty = true;
  protected readonly what = 'a TimeUUID';

  protected compareValues(a: Buffer, b: Buffer): number {
    const c = cmpBig(timestampOfMsb(msbOf(a)), timestampOfMsb(msbOf(b)));
    if (c !== 0) return c;
    for (let i = 8; i < 16; i++) {
      const d = a.readInt8(i) - b.readInt8(i);
      if (d !== 0) return d < 0 ? -1 : 1;
    }
    return 0;
  }

  protected override validateValue(bytes: Buffer): void {
    super.validateValue(bytes);
    if (uuidVersion(bytes) !== 1) {
      throw new MarshalError(`${this.name}: version ${uuidVersion(bytes)} UUID given, TimeUUID needs version 1`);
    }
  }

  /** Timestamp first (with the version nibble, always 1, on top), then signed bytes as unsigned. */
  protected toUnsignedOrder(bytes: Buffer): Buffer {
    const out = Buffer.allocUnsafe(16);
    out.writeBigUInt64BE((1n << 60n) | timestampOfMsb(msbOf(bytes)), 0);
    for (let i = 8; i < 16; i++) out[i] = bytes[i]! ^ 0x80;
    return out;
  }

  protected fromUnsignedOrder(ordered: Buffer): Buffer {
    const out = Buffer.allocUnsafe(16);
    out.writeBigUInt64BE(msbOfTimestamp(ordered.readBigUInt64BE(0) & ((1n << 60n) - 1n)), 0);
    for (let i = 8; i < 16; i++) out[i] = ordered[i]! ^ 0x80;
    return out;
  }

  protected format(bytes: Buffer): string {
    return uuidToString(bytes);
  }

  protected parse(s: string): Buffer {
    return this.checked(uuidFromString(s));
  }

  protected composeValue(bytes: Buffer): string {
    return uuidToString(bytes);
  }

  protected decomposeValue(value: string): Buffer {
    return this.checked(decomposeUuid(value, this.name));
  }

  private checked(bytes: Buffer): Buffer {
    this.validateValue(bytes);
    return bytes;
  }
}

export const TIME_UUID_TYPE = new TimeUUIDType();

/**
 * DateType: the pre-2.0 timestamp type. Same bytes, text and JS value as TimestampType, but
 * Cassandra orders it by UNSIGNED bytes, so dates before 1970 sort after every later date. Kept
 * exactly so for compatibility with column families declared with it.
 */
import { TimestampType } from './timestamp-type.js';

export class DateType extends TimestampType {
  override readonly name: string = 'DateType';

  protected override compareValues(a: Buffer, b: Buffer): number {
    return Buffer.compare(a, b);
  }

  protected override toUnsignedOrder(bytes: Buffer): Buffer {
    return Buffer.from(bytes);
  }

  protected override fromUnsignedOrder(ordered: Buffer): Buffer {
    return Buffer.from(ordered);
  }
}

export const DATE_TYPE = new DateType();

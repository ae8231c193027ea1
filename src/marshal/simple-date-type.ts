/**
 * SimpleDateType (CQL date): a day as an unsigned 32-bit count with the Unix epoch at 2^31, so
 * unsigned byte order is date order. Printed 'yyyy-MM-dd' (ISO years: '+' above 9999, '-' before
 * year 0); parsed from that or from the raw unsigned count. No empty value: exactly 4 bytes.
 * The JS value is the signed number of days since 1970-01-01.
 */
import { MarshalError } from '../errors/index.js';
import { formatDays, parseDateText } from './civil-time.js';
import { FixedLengthType } from './fixed-length-type.js';
import { checkIntValue, parseIntegerText } from './integer-text.js';

const EPOCH = 2 ** 31;
const RAW_TEXT = /^-?\d+$/;

export class SimpleDateType extends FixedLengthType<number> {
  readonly name = 'SimpleDateType';
  readonly cqlName = 'date';
  readonly fixedLength = 4;
  readonly allowsEmpty = false;
  protected readonly what = 'a date';

  protected compareValues(a: Buffer, b: Buffer): number {
    return Math.sign(a.readUInt32BE(0) - b.readUInt32BE(0));
  }

  protected toUnsignedOrder(bytes: Buffer): Buffer {
    return Buffer.from(bytes);
  }

  protected fromUnsignedOrder(ordered: Buffer): Buffer {
    return Buffer.from(ordered);
  }

  protected format(bytes: Buffer): string {
    return formatDays(bytes.readUInt32BE(0) - EPOCH);
  }

  protected parse(s: string): Buffer {
    if (RAW_TEXT.test(s)) return rawDays(Number(parseIntegerText(s, 0n, 2n ** 32n - 1n, this.name)));
    const days = parseDateText(s, this.name);
    if (days < -EPOCH || days >= EPOCH) throw new MarshalError(`${this.name}: '${s}' is outside the supported dates`);
    return rawDays(days + EPOCH);
  }

  protected composeValue(bytes: Buffer): number {
    return bytes.readUInt32BE(0) - EPOCH;
  }

  protected decomposeValue(value: number): Buffer {
    return rawDays(checkIntValue(value, -EPOCH, EPOCH - 1, this.name) + EPOCH);
  }
}

function rawDays(raw: number): Buffer {
  const out = Buffer.allocUnsafe(4);
  out.writeUInt32BE(raw, 0);
  return out;
}

export const SIMPLE_DATE_TYPE = new SimpleDateType();

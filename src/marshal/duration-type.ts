/**
 * DurationType (CQL duration): three Cassandra vints — months, days, nanoseconds — all of one
 * sign. Cassandra orders durations by their raw bytes (they are not meaningfully comparable and
 * CQL refuses them in keys), so we do the same. No empty value.
 */
import { MarshalError } from '../errors/index.js';
import { ByteOrderedType } from './byte-ordered-type.js';
import { type DurationValue, formatDuration, parseDuration } from './duration-text.js';
import { describe } from './integer-text.js';
import { decodeSignedVInt, encodeSignedVInt } from './vint.js';

const INT32_MIN = -(2n ** 31n);
const INT32_MAX = 2n ** 31n - 1n;

export class DurationType extends ByteOrderedType<DurationValue> {
  readonly name = 'DurationType';
  readonly cqlName = 'duration';
  readonly fixedLength = null;
  readonly allowsEmpty = false;

  protected validateValue(bytes: Buffer): void {
    this.read(bytes);
  }

  protected format(bytes: Buffer): string {
    return formatDuration(this.read(bytes));
  }

  protected parse(s: string): Buffer {
    return this.decomposeValue(parseDuration(s));
  }

  protected composeValue(bytes: Buffer): DurationValue {
    return this.read(bytes);
  }

  protected decomposeValue(value: DurationValue): Buffer {
    const ok =
      typeof value === 'object' &&
      Number.isInteger(value.months) &&
      Number.isInteger(value.days) &&
      typeof value.nanoseconds === 'bigint';
    if (!ok) throw new MarshalError(`${this.name}: expected {months, days, nanoseconds: bigint}, got ${describe(value)}`);
    this.checkParts(BigInt(value.months), BigInt(value.days), value.nanoseconds);
    const parts = [BigInt(value.months), BigInt(value.days), value.nanoseconds].map(encodeSignedVInt);
    return Buffer.concat(parts);
  }

  /** Decodes and checks a value: three vints exactly filling the bytes, int32 months/days, one sign. */
  private read(bytes: Buffer): DurationValue {
    if (bytes.length < 3) throw new MarshalError(`${this.name}: expected at least 3 bytes, got ${bytes.length}`);
    const months = decodeSignedVInt(bytes, 0);
    const days = decodeSignedVInt(bytes, months.next);
    const nanos = decodeSignedVInt(bytes, days.next);
    if (nanos.next !== bytes.length) {
      throw new MarshalError(`${this.name}: ${bytes.length - nanos.next} unexpected bytes after the value`);
    }
    this.checkParts(months.value, days.value, nanos.value);
    return { months: Number(months.value), days: Number(days.value), nanoseconds: nanos.value };
  }

  private checkParts(months: bigint, days: bigint, nanos: bigint): void {
    if (months < INT32_MIN || months > INT32_MAX) throw new MarshalError(`${this.name}: months ${months} is not an int32`);
    if (days < INT32_MIN || days > INT32_MAX) throw new MarshalError(`${this.name}: days ${days} is not an int32`);
    if (nanos < -(2n ** 63n) || nanos >= 2n ** 63n) throw new MarshalError(`${this.name}: nanoseconds ${nanos} is not an int64`);
    const allNonNeg = months >= 0n && days >= 0n && nanos >= 0n;
    const allNonPos = months <= 0n && days <= 0n && nanos <= 0n;
    if (!allNonNeg && !allNonPos) {
      throw new MarshalError(`${this.name}: months, days and nanoseconds must all have one sign (${months}, ${days}, ${nanos})`);
    }
  }
}

export const DURATION_TYPE = new DurationType();

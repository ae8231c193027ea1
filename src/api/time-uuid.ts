/**
 * TimeUUID: a version-1 UUID as an immutable value (16 bytes), the seeds' `UUID.new` / `to_guid` /
 * `UUID.new(guid)`. Values are made by a generator the caller owns (`Ilium.timeUuid()`, or a
 * factory from `createTimeUuidFactory`), never by module state. `compareTo` is TimeUUIDType order.
 */
import type { Env } from '../env/index.js';
import { MarshalError } from '../errors/index.js';
import { TIME_UUID_TYPE, TimeUuidGenerator, maxTimeUuid, minTimeUuid, timeUuidToDate, uuidFromString, uuidToString, uuidVersion } from '../marshal/index.js';

export class TimeUUID {
  private readonly bytes: Buffer;

  private constructor(bytes: Buffer) {
    this.bytes = bytes;
  }

  /** From 16 bytes (copied); MarshalError unless they are a version-1 UUID. */
  static fromBytes(bytes: Uint8Array): TimeUUID {
    if (bytes.length !== 16) throw new MarshalError(`a TimeUUID has 16 bytes, got ${bytes.length}`);
    if (uuidVersion(bytes) !== 1) throw new MarshalError(`not a version 1 (time-based) UUID: ${uuidToString(bytes)}`);
    return new TimeUUID(Buffer.from(bytes));
  }

  /** From its text form, 'b06e80b0-8c61-11de-8287-c1fa647fd821' (Ruby's `UUID.new(guid)`). */
  static fromGuid(guid: string): TimeUUID {
    return TimeUUID.fromBytes(uuidFromString(guid));
  }

  /** The least TimeUUID of the millisecond of `date`: a slice start covering that instant. */
  static min(date: Date | number): TimeUUID {
    return new TimeUUID(minTimeUuid(date));
  }

  /** The greatest TimeUUID of the millisecond of `date`: a slice finish covering that instant. */
  static max(date: Date | number): TimeUUID {
    return new TimeUUID(maxTimeUuid(date));
  }

  /** The 16 bytes (a copy). */
  toBuffer(): Buffer {
    return Buffer.from(this.bytes);
  }

  /** The text form (Ruby's `to_guid`). */
  toGuid(): string {
    return uuidToString(this.bytes);
  }

  toString(): string {
    return this.toGuid();
  }

  toJSON(): string {
    return this.toGuid();
  }

  /** How console.log and util.inspect show it: `TimeUUID<b06e80b0-8c61-11de-8287-c1fa647fd821>`. */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `TimeUUID<${this.toGuid()}>`;
  }

  /** The millisecond the id was made in. */
  toDate(): Date {
    return timeUuidToDate(this.bytes);
  }

  equals(other: TimeUUID): boolean {
    return this.bytes.equals(other.bytes);
  }

  /** TimeUUIDType order: by time, then by the clock-sequence-and-node bytes. */
  compareTo(other: TimeUUID): number {
    return TIME_UUID_TYPE.compare(this.bytes, other.bytes);
  }
}

/** A function making TimeUUIDs unique and increasing for the factory's life, from the env's clock and random. */
export function createTimeUuidFactory(env: Pick<Env, 'clock' | 'random'>): () => TimeUUID {
  const generator = new TimeUuidGenerator(env.clock, env.random);
  return () => TimeUUID.fromBytes(generator.next());
}

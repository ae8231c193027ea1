/**
 * Version-1 (time-based) UUIDs: a generator that is unique and strictly increasing per instance,
 * the pure helpers around them (timestamps, Dates, the min/max ids of a millisecond for time-range
 * slices), and UUID text conversion.
 *
 * Layout (RFC 4122), with t the 60-bit count of 100 ns intervals since 1582-10-15T00:00Z:
 *   bytes 0-3 time_low = t & 0xFFFFFFFF, 4-5 time_mid = (t >> 32) & 0xFFFF,
 *   6-7 time_hi_and_version = 0x1000 | (t >> 48), 8-9 variant 10 + 14-bit clock sequence, 10-15 node.
 */
import { MarshalError } from '../errors/index.js';

/** 100 ns intervals from the Gregorian epoch (1582-10-15) to the Unix epoch. */
export const GREGORIAN_TO_UNIX_100NS = 0x01b21dd213814000n;
const MAX_TIMESTAMP = (1n << 60n) - 1n;
const TICKS_PER_MS = 10000n;
const UUID_TEXT = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

// Cassandra's bounds for a millisecond's ids: clock-seq-and-node bytes compare as signed bytes in
// TimeUUIDType, so 0x80 (-128) in each is the least and 0x7F (127) the greatest.
const MIN_CLOCK_SEQ_AND_NODE = Buffer.alloc(8, 0x80);
const MAX_CLOCK_SEQ_AND_NODE = Buffer.alloc(8, 0x7f);

/** 'b06e80b0-8c61-11de-8287-c1fa647fd821' from 16 bytes. */
export function uuidToString(bytes: Uint8Array): string {
  if (bytes.length !== 16) throw new MarshalError(`a UUID has 16 bytes, got ${bytes.length}`);
  const h = Buffer.from(bytes.buffer, bytes.byteOffset, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** 16 bytes from UUID text (8-4-4-4-12 hex digits, either case). */
export function uuidFromString(s: string): Buffer {
  if (!UUID_TEXT.test(s)) throw new MarshalError(`unable to make a UUID from '${s}'`);
  return Buffer.from(s.replace(/-/g, ''), 'hex');
}

/** The UUID version: the high nibble of byte 6. */
export function uuidVersion(bytes: Uint8Array): number {
  return bytes[6]! >> 4;
}

/** The 60-bit timestamp (100 ns since 1582-10-15) of a version-1 UUID. */
export function timeUuidTimestamp100ns(bytes: Uint8Array): bigint {
  if (bytes.length !== 16 || uuidVersion(bytes) !== 1) throw new MarshalError('not a version 1 (time-based) UUID');
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, 16);
  return timestampOfMsb(b.readBigUInt64BE(0));
}

/** The millisecond a version-1 UUID was made in (its timestamp rounded down to the ms). */
export function timeUuidToDate(bytes: Uint8Array): Date {
  return new Date(Number(timestampToUnixMs(timeUuidTimestamp100ns(bytes))));
}

/** The least TimeUUID (in TimeUUIDType order) whose time falls in the millisecond of `date`. */
export function minTimeUuid(date: Date | number): Buffer {
  return makeTimeUuid(unixMsToTimestamp(msOf(date)), MIN_CLOCK_SEQ_AND_NODE);
}

/** The greatest TimeUUID (in TimeUUIDType order) whose time falls in the millisecond of `date`. */
export function maxTimeUuid(date: Date | number): Buffer {
  return makeTimeUuid(unixMsToTimestamp(msOf(date)) + TICKS_PER_MS - 1n, MAX_CLOCK_SEQ_AND_NODE);
}

/** A version-1 UUID from a 60-bit timestamp and the 8 clock-sequence-and-node bytes (kept as given). */
export function makeTimeUuid(timestamp100ns: bigint, clockSeqAndNode: Uint8Array): Buffer {
  if (timestamp100ns < 0n || timestamp100ns > MAX_TIMESTAMP) {
    throw new MarshalError(`timestamp ${timestamp100ns} is outside a version 1 UUID's 60 bits`);
  }
  if (clockSeqAndNode.length !== 8) throw new MarshalError('clock sequence and node must be 8 bytes');
  const out = Buffer.allocUnsafe(16);
  out.writeBigUInt64BE(msbOfTimestamp(timestamp100ns), 0);
  out.set(clockSeqAndNode, 8);
  return out;
}

/** Unix milliseconds → the 60-bit timestamp of that millisecond's first 100 ns tick. */
export function unixMsToTimestamp(ms: number): bigint {
  if (!Number.isFinite(ms)) throw new MarshalError(`not a time: ${ms}`);
  const t = BigInt(Math.floor(ms)) * TICKS_PER_MS + GREGORIAN_TO_UNIX_100NS;
  if (t < 0n || t > MAX_TIMESTAMP) throw new MarshalError(`time ${ms} ms is outside what a version 1 UUID can hold`);
  return t;
}

/** The 60-bit timestamp → Unix milliseconds, rounded down. */
export function timestampToUnixMs(t: bigint): bigint {
  const d = t - GREGORIAN_TO_UNIX_100NS;
  const q = d / TICKS_PER_MS;
  return d < 0n && q * TICKS_PER_MS !== d ? q - 1n : q;
}

/** Bytes 0-7 of a v1 UUID (as a u64) → its timestamp. */
export function timestampOfMsb(msb: bigint): bigint {
  const timeLow = msb >> 32n;
  const timeMid = (msb >> 16n) & 0xffffn;
  const timeHi = msb & 0x0fffn;
  return (timeHi << 48n) | (timeMid << 32n) | timeLow;
}

/** A timestamp → bytes 0-7 of a v1 UUID (as a u64), version nibble included. */
export function msbOfTimestamp(t: bigint): bigint {
  const timeLow = t & 0xffffffffn;
  const timeMid = (t >> 32n) & 0xffffn;
  const timeHi = (t >> 48n) & 0x0fffn;
  return (timeLow << 32n) | (timeMid << 16n) | 0x1000n | timeHi;
}

function msOf(date: Date | number): number {
  return typeof date === 'number' ? date : date.getTime();
}

export interface TimeUuidClock {
  /** Wall clock, milliseconds since the Unix epoch. */
  nowMs(): number;
}

export interface TimeUuidRandom {
  /** `n` random bytes. */
  bytes(n: number): Buffer;
}

/**
 * Makes version-1 UUIDs that are unique and strictly increasing in TimeUUIDType order for the life
 * of the generator. The clock has millisecond resolution, so ids within one millisecond take its
 * successive 100 ns ticks; when more than 10,000 are made in a millisecond, or the clock steps
 * back, the timestamp runs ahead of the clock (by one tick per id) until the clock catches up.
 * Clock sequence and node are random, fixed at construction; the node has the multicast bit set,
 * as RFC 4122 asks of nodes that are not a real MAC address.
 */
export class TimeUuidGenerator {
  private last = -1n;
  private readonly clockSeqAndNode: Buffer;

  constructor(
    private readonly clock: TimeUuidClock,
    random: TimeUuidRandom,
  ) {
    const r = random.bytes(8);
    if (r.length < 8) throw new RangeError('random source returned too few bytes');
    const csn = Buffer.from(r.subarray(0, 8));
    csn[0] = (csn[0]! & 0x3f) | 0x80; // RFC 4122 variant (10xx) over the clock sequence's high bits
    csn[2] = csn[2]! | 0x01; // multicast bit of the node's first octet
    this.clockSeqAndNode = csn;
  }

  /** The next id as 16 bytes. */
  next(): Buffer {
    const now = unixMsToTimestamp(this.clock.nowMs());
    const t = now > this.last ? now : this.last + 1n;
    const uuid = makeTimeUuid(t, this.clockSeqAndNode);
    this.last = t;
    return uuid;
  }

  /** The next id as text. */
  nextString(): string {
    return uuidToString(this.next());
  }
}

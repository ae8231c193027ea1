/**
 * What functions may know of the world: the time and fresh ids. Functions never read Date.now or
 * Math.random; the executor hands each call a FunctionContext, so simulated runs (src/env SimEnv)
 * are deterministic and tests can pin the clock.
 *
 * createFunctionContext builds the usual one over an Env's clock and random source. Make one per
 * node (or per coordinator) and keep it: its TimeUUID generator is what keeps now() values unique
 * and increasing.
 */
import type { Clock, Random } from '../../env/env.js';
import { TimeUuidGenerator } from '../../marshal/timeuuid.js';

export interface FunctionContext {
  /** Wall clock, milliseconds since the Unix epoch (now(), currentTimestamp(), …). */
  nowMs(): number;
  /** A new version-1 UUID (16 bytes), unique and increasing in TimeUUIDType order (now()). */
  nextTimeUuid(): Buffer;
  /** A new random version-4 UUID (16 bytes) (uuid()). */
  randomUuid(): Buffer;
}

/** A FunctionContext over a clock and a random source (an Env's, typically). */
export function createFunctionContext(source: { readonly clock: Pick<Clock, 'nowMs'>; readonly random: Pick<Random, 'bytes'> }): FunctionContext {
  const timeUuids = new TimeUuidGenerator(source.clock, source.random);
  return {
    nowMs: () => source.clock.nowMs(),
    nextTimeUuid: () => timeUuids.next(),
    randomUuid: () => randomUuidFrom(source.random.bytes(16)),
  };
}

/** 16 random bytes as an RFC 4122 version-4 UUID (version and variant bits set). */
export function randomUuidFrom(random: Buffer): Buffer {
  if (random.length < 16) throw new RangeError('a random UUID needs 16 random bytes');
  const out = Buffer.from(random.subarray(0, 16));
  out[6] = (out[6]! & 0x0f) | 0x40;
  out[8] = (out[8]! & 0x3f) | 0x80;
  return out;
}

/**
 * The timeuuid functions:
 *   now(), currentTimeUUID()   a new timeuuid from the context's generator (not deterministic)
 *   minTimeuuid(timestamp)     the least timeuuid of that millisecond (for range queries; not a
 *   maxTimeuuid(timestamp)     real id: never insert it), and the greatest
 *   dateOf(timeuuid)           its millisecond as a timestamp (deprecated alias of toTimestamp)
 *   unixTimestampOf(timeuuid)  its millisecond as a bigint (deprecated alias of toUnixTimestamp)
 * A null or empty argument gives null.
 */
import { LONG_TYPE, encodeLong } from '../../marshal/long-type.js';
import { maxTimeUuid, minTimeUuid } from '../../marshal/timeuuid.js';
import { TIME_UUID_TYPE } from '../../marshal/time-uuid-type.js';
import { TIMESTAMP_TYPE } from '../../marshal/timestamp-type.js';
import type { ScalarFunction } from './function-model.js';
import { nativeScalar, unaryConversion } from './native-scalar.js';
import { timeUuidMs, timestampMs, timestampValue } from './temporal-values.js';

function nowFunction(name: string): ScalarFunction {
  return nativeScalar({ name, argTypes: [], returnType: TIME_UUID_TYPE, deterministic: false, execute: (_args, ctx) => ctx.nextTimeUuid() });
}

/** The instant of a timestamp as the JS number the UUID helpers take (RangeError beyond ±2^53). */
function safeMs(b: Buffer): number {
  const ms = timestampMs(b);
  if (ms < BigInt(Number.MIN_SAFE_INTEGER) || ms > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`timestamp ${ms} ms is outside what a timeuuid can hold`);
  }
  return Number(ms);
}

export function timeUuidFunctions(): ScalarFunction[] {
  return [
    nowFunction('now'),
    nowFunction('currenttimeuuid'),
    unaryConversion('mintimeuuid', TIMESTAMP_TYPE, TIME_UUID_TYPE, (b) => minTimeUuid(safeMs(b))),
    unaryConversion('maxtimeuuid', TIMESTAMP_TYPE, TIME_UUID_TYPE, (b) => maxTimeUuid(safeMs(b))),
    unaryConversion('dateof', TIME_UUID_TYPE, TIMESTAMP_TYPE, (b) => timestampValue(timeUuidMs(b))),
    unaryConversion('unixtimestampof', TIME_UUID_TYPE, LONG_TYPE, (b) => encodeLong(timeUuidMs(b))),
  ];
}

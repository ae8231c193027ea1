/**
 * The date and time functions:
 *   currentTimestamp(), currentDate(), currentTime()   the context's clock, in UTC (not deterministic)
 *   toDate(timeuuid | timestamp)                        the day (UTC) the instant falls in
 *   toTimestamp(timeuuid | date)                        the instant (a date: its midnight UTC)
 *   toUnixTimestamp(timeuuid | timestamp | date)        that instant in milliseconds, as bigint
 * A null or empty argument gives null; a result outside its type's range is a
 * FunctionExecutionError.
 */
import type { AbstractType } from '../../marshal/abstract-type.js';
import { LONG_TYPE, encodeLong } from '../../marshal/long-type.js';
import { SIMPLE_DATE_TYPE } from '../../marshal/simple-date-type.js';
import { TIME_TYPE } from '../../marshal/time-type.js';
import { TIME_UUID_TYPE } from '../../marshal/time-uuid-type.js';
import { TIMESTAMP_TYPE } from '../../marshal/timestamp-type.js';
import type { ScalarFunction } from './function-model.js';
import { nativeScalar, unaryConversion } from './native-scalar.js';
import { MS_PER_DAY, dateDays, dateValue, msToDays, timeOfDayValue, timeUuidMs, timestampMs, timestampValue } from './temporal-values.js';

/** The instant (ms) each convertible time type denotes. */
const INSTANT_OF: ReadonlyArray<readonly [AbstractType, (b: Buffer) => bigint]> = [
  [TIME_UUID_TYPE, timeUuidMs],
  [TIMESTAMP_TYPE, timestampMs],
  [SIMPLE_DATE_TYPE, (b) => dateDays(b) * MS_PER_DAY],
];

function current(name: string, returnType: AbstractType, value: (ms: bigint) => Buffer): ScalarFunction {
  return nativeScalar({ name, argTypes: [], returnType, deterministic: false, execute: (_args, ctx) => value(BigInt(Math.floor(ctx.nowMs()))) });
}

/** name(T) for each convertible source type T except `skip`. */
function conversions(name: string, returnType: AbstractType, skip: AbstractType, convert: (ms: bigint) => Buffer): ScalarFunction[] {
  return INSTANT_OF.filter(([t]) => t !== skip).map(([t, instant]) => unaryConversion(name, t, returnType, (b) => convert(instant(b))));
}

export function dateTimeFunctions(): ScalarFunction[] {
  return [
    current('currenttimestamp', TIMESTAMP_TYPE, timestampValue),
    current('currentdate', SIMPLE_DATE_TYPE, (ms) => dateValue(msToDays(ms))),
    current('currenttime', TIME_TYPE, timeOfDayValue),
    ...conversions('todate', SIMPLE_DATE_TYPE, SIMPLE_DATE_TYPE, (ms) => dateValue(msToDays(ms))),
    ...conversions('totimestamp', TIMESTAMP_TYPE, TIMESTAMP_TYPE, timestampValue),
    ...conversions('tounixtimestamp', LONG_TYPE, LONG_TYPE, encodeLong),
  ];
}

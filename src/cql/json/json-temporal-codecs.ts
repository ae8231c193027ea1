/**
 * JSON codecs of the time types, by CQL name. What Cassandra accepts and writes:
 *
 *   type       accepts                                         writes
 *   timestamp  integer numbers (milliseconds, within a long),  "yyyy-MM-dd HH:mm:ss.SSSZ" in UTC, e.g.
 *              strings in any form the type parses             "2021-03-04 05:06:07.000Z" (a space, not
 *                                                              the 'T' of its text form)
 *   date       strings: yyyy-MM-dd or a raw day count          "yyyy-MM-dd"
 *   time       strings: HH:MM:SS[.fffffffff] or nanoseconds    "HH:MM:SS.nnnnnnnnn"
 *   duration   strings in any duration form (1h2m, PT1H2M, …)  "1h2m"
 * Strings are read by the types' own fromString (src/marshal), so every text form a CQL literal may
 * take is accepted. ('now' is not: it needs a clock, which a value decoder does not have.)
 */
import { EMPTY_BUFFER } from '../../marshal/base-type.js';
import { formatTimestamp } from '../../marshal/civil-time.js';
import { DURATION_TYPE } from '../../marshal/duration-type.js';
import { encodeLong } from '../../marshal/long-type.js';
import { SIMPLE_DATE_TYPE } from '../../marshal/simple-date-type.js';
import { TIME_TYPE } from '../../marshal/time-type.js';
import { TIMESTAMP_TYPE } from '../../marshal/timestamp-type.js';
import { type JsonCodec, expectedButGot, withMessage } from './json-codec-support.js';
import { JsonNumber } from './json-value.js';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Cassandra's JSON timestamp form: its text form with a space between date and time. */
export function formatJsonTimestamp(ms: bigint): string {
  return formatTimestamp(ms).replace('T', ' ');
}

const TIMESTAMP: JsonCodec = {
  toJson: (b) => `"${formatJsonTimestamp(b.readBigInt64BE(0))}"`,
  fromJson(value) {
    if (value instanceof JsonNumber && value.isInteger) {
      const ms = value.toBigInt();
      if (ms >= INT64_MIN && ms <= INT64_MAX) return encodeLong(ms);
    }
    if (typeof value !== 'string') throw expectedButGot('a long or a datestring representation of a timestamp value', value);
    if (value === '') return EMPTY_BUFFER;
    return withMessage(`Unable to parse a date/time from '${value}'`, () => TIMESTAMP_TYPE.fromString(value));
  },
};

/** A codec for a type read only from strings, with Cassandra's messages. */
function fromStringOnly(parse: (s: string) => Buffer, print: (b: Buffer) => string, what: string, unparsable: (s: string) => string): JsonCodec {
  return {
    toJson: (b) => `"${print(b)}"`,
    fromJson(value) {
      if (typeof value !== 'string') throw expectedButGot(what, value);
      return withMessage(unparsable(value), () => parse(value));
    },
  };
}

/** Codecs of the time types, by CQL type name. */
export const TEMPORAL_JSON_CODECS: ReadonlyMap<string, JsonCodec> = new Map<string, JsonCodec>([
  ['timestamp', TIMESTAMP],
  [
    'date',
    fromStringOnly(
      (s) => SIMPLE_DATE_TYPE.fromString(s),
      (b) => SIMPLE_DATE_TYPE.toString(b),
      'a string representation of a date value',
      (s) => `Unable to coerce '${s}' to a formatted date (long)`,
    ),
  ],
  [
    'time',
    fromStringOnly(
      (s) => TIME_TYPE.fromString(s),
      (b) => TIME_TYPE.toString(b),
      'a string representation of a time value',
      (s) => `Unable to coerce '${s}' to a formatted time (long)`,
    ),
  ],
  [
    'duration',
    fromStringOnly(
      (s) => DURATION_TYPE.fromString(s),
      (b) => DURATION_TYPE.toString(b),
      'a string representation of a duration',
      (s) => `Unable to convert '${s}' to a duration`,
    ),
  ],
]);

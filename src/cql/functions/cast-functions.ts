/**
 * CAST(x AS type): castFunction(from, to) gives the conversion as a scalar function, or an
 * InvalidRequestError ("<from> cannot be cast to <to>") when CQL has no such cast. Cassandra's
 * matrix (docs: cql/functions, Cast):
 *
 *   from                          to
 *   any number type, counter      tinyint, smallint, int, bigint, float, double, decimal, varint,
 *                                 text, ascii (varchar)
 *   ascii                         text
 *   boolean, inet, time, uuid     text, ascii
 *   timeuuid                      timestamp, date, text, ascii
 *   timestamp                     date, text, ascii
 *   date                          timestamp, text, ascii
 *   T                             T (no conversion: the value as it is)
 *
 * Conversions follow Java, as Cassandra's do: narrowing integers wraps (CAST(300 AS tinyint) is
 * 44), float/double to an integer truncates and saturates (NaN is 0), decimal to an integer
 * truncates then wraps, to varint goes through a long (Cassandra's BigInteger.valueOf(longValue)),
 * float to decimal uses the float's shortest digits (5.2, not 5.199999809265137), double to
 * decimal the double's (Double.toString). To text: the value's CQL text form (1.0 for the double
 * 1, 2011-02-03T04:05:00.000Z for a timestamp). Null gives null; so does an empty value, except an
 * empty ascii string, which casts to the empty text.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { AbstractType } from '../../marshal/abstract-type.js';
import { writeDecimal } from '../../marshal/decimal-type.js';
import { decimalFromJavaDouble, decimalFromJavaFloat } from './decimal-math.js';
import { type ScalarFunction, cqlTypeName } from './function-model.js';
import { readNumber, writeNumber } from './java-numbers.js';
import { nativeScalar } from './native-scalar.js';
import { type NumberTypeInfo, numberTypeInfo } from './number-types.js';
import { MS_PER_DAY, dateDays, dateValue, msToDays, timeUuidMs, timestampMs, timestampValue } from './temporal-values.js';
import { sameType, unwrapReversed } from './type-compat.js';

const TEXT_TARGETS = new Set(['text', 'varchar', 'ascii']);
const TEXT_CASTABLE = new Set(['ascii', 'boolean', 'inet', 'time', 'uuid', 'timeuuid', 'timestamp', 'date']);

/** Temporal casts: from → to → conversion of non-empty bytes. */
const TEMPORAL_CASTS: ReadonlyMap<string, ReadonlyMap<string, (b: Buffer) => Buffer>> = new Map([
  ['timeuuid', new Map([['timestamp', (b: Buffer) => timestampValue(timeUuidMs(b))], ['date', (b: Buffer) => dateValue(msToDays(timeUuidMs(b)))]])],
  ['timestamp', new Map([['date', (b: Buffer) => dateValue(msToDays(timestampMs(b)))]])],
  ['date', new Map([['timestamp', (b: Buffer) => timestampValue(dateDays(b) * MS_PER_DAY)]])],
]);

/** The conversion CAST(x AS to) for x of type `from`; InvalidRequestError when CQL has none. */
export function castFunction(from: AbstractType, to: AbstractType): ScalarFunction {
  const source = unwrapReversed(from);
  const target = unwrapReversed(to);
  const fromName = cqlTypeName(source);
  const toName = cqlTypeName(target);
  const convert = sameType(source, target) ? (b: Buffer) => b : conversion(source, target, fromName, toName);
  if (convert === null) throw new InvalidRequestError(`${fromName} cannot be cast to ${toName}`);
  const keepsEmpty = fromName === 'ascii' || fromName === 'text' || fromName === 'varchar' || fromName === 'blob';
  return nativeScalar({
    name: `castas${toName}`,
    argTypes: [source],
    returnType: target,
    execute: ([v]) => {
      if (v === null || v === undefined) return null;
      if (v.length === 0) return keepsEmpty ? v : null;
      return convert(v);
    },
  });
}

function conversion(source: AbstractType, target: AbstractType, fromName: string, toName: string): ((b: Buffer) => Buffer) | null {
  const fromNumber = numberTypeInfo(source);
  if (TEXT_TARGETS.has(toName) && (fromNumber !== undefined || TEXT_CASTABLE.has(fromName))) {
    return (b) => target.fromString(source.toString(b));
  }
  const toNumber = numberTypeInfo(target);
  if (fromNumber !== undefined && toNumber !== undefined && toNumber.kind !== 'counter') return numericCast(fromNumber, toNumber);
  return TEMPORAL_CASTS.get(fromName)?.get(toName) ?? null;
}

function numericCast(from: NumberTypeInfo, to: NumberTypeInfo): (b: Buffer) => Buffer {
  if (to.kind !== 'decimal') return (b) => writeNumber(to, readNumber(from, b));
  return (b) => {
    const v = readNumber(from, b);
    if (v.kind === 'decimal') return b;
    if (v.kind === 'integer') return writeDecimal({ unscaled: v.value, scale: 0 });
    return writeDecimal(from.kind === 'float' ? decimalFromJavaFloat(v.value) : decimalFromJavaDouble(v.value));
  };
}

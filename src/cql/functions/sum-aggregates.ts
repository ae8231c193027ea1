/**
 * sum(T) for every number type, returning T, as Cassandra computes it:
 *   tinyint, smallint, int, bigint, counter   summed in the type's width: overflow wraps around
 *                                             (sum of int 2147483647 and 1 is -2147483648)
 *   varint, decimal                           exact
 *   float, double                             compensated (Kahan) sum in double precision, the
 *                                             float result rounded once at the end
 * Nulls and empty values are skipped; a group without values sums to 0.
 */
import { type DecimalValue, writeDecimal } from '../../marshal/decimal-type.js';
import { DECIMAL_ZERO, addDecimals } from './decimal-math.js';
import type { AggregateFunction } from './function-model.js';
import { readDecimalValue, readFloating, readInteger, writeNumber } from './java-numbers.js';
import { KahanSum } from './kahan-sum.js';
import { nativeAggregate, presentValue } from './native-aggregate.js';
import { NUMBER_TYPES, type NumberTypeInfo } from './number-types.js';

function integerSum(t: NumberTypeInfo): AggregateFunction<{ sum: bigint }> {
  return nativeAggregate({
    name: 'sum',
    argTypes: [t.type],
    returnType: t.type,
    init: () => ({ sum: 0n }),
    add: (s, args) => {
      const v = presentValue(args);
      if (v === null) return s;
      const sum = s.sum + readInteger(t, v);
      s.sum = t.bits === null ? sum : BigInt.asIntN(t.bits, sum);
      return s;
    },
    result: (s) => writeNumber(t, { kind: 'integer', value: s.sum }),
  });
}

function decimalSum(t: NumberTypeInfo): AggregateFunction<{ sum: DecimalValue }> {
  return nativeAggregate({
    name: 'sum',
    argTypes: [t.type],
    returnType: t.type,
    init: () => ({ sum: DECIMAL_ZERO }),
    add: (s, args) => {
      const v = presentValue(args);
      if (v !== null) s.sum = addDecimals(s.sum, readDecimalValue(t, v));
      return s;
    },
    result: (s) => writeDecimal(s.sum),
  });
}

function floatingSum(t: NumberTypeInfo): AggregateFunction<KahanSum> {
  return nativeAggregate({
    name: 'sum',
    argTypes: [t.type],
    returnType: t.type,
    init: () => new KahanSum(),
    add: (s, args) => {
      const v = presentValue(args);
      if (v !== null) s.add(readFloating(t, v));
      return s;
    },
    result: (s) => writeNumber(t, { kind: 'floating', value: s.value() }),
  });
}

export function sumAggregates(): AggregateFunction[] {
  return NUMBER_TYPES.map((t): AggregateFunction => {
    if (t.kind === 'decimal') return decimalSum(t);
    return t.kind === 'float' || t.kind === 'double' ? floatingSum(t) : integerSum(t);
  });
}

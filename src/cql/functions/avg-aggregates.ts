/**
 * avg(T) for every number type, returning T, as Cassandra computes it:
 *   integer types (tinyint … bigint, counter, varint)
 *           the exact sum divided by the count, truncated toward zero: an integer average
 *           (avg of int 1 and 2 is 1), never overflowing however large the sum
 *   float, double
 *           compensated (Kahan) sum in double precision divided by the count; should that sum
 *           overflow, it continues exactly in decimal (Cassandra's fallback)
 *   decimal
 *           a running average: avg += (x - avg) / n, each division rounded HALF_EVEN at the
 *           scale of (x - avg)
 * Nulls and empty values are skipped; a group without values averages to 0.
 */
import { type DecimalValue, writeDecimal } from '../../marshal/decimal-type.js';
import {
  DECIMAL_ZERO,
  addDecimals,
  decimalFromJavaDouble,
  decimalToNumber,
  divideToScale,
  subtractDecimals,
} from './decimal-math.js';
import type { AggregateFunction } from './function-model.js';
import { readDecimalValue, readFloating, readInteger, writeNumber } from './java-numbers.js';
import { KahanSum } from './kahan-sum.js';
import { nativeAggregate, presentValue } from './native-aggregate.js';
import { NUMBER_TYPES, type NumberTypeInfo } from './number-types.js';

function integerAvg(t: NumberTypeInfo): AggregateFunction<{ sum: bigint; count: bigint }> {
  return nativeAggregate({
    name: 'avg',
    argTypes: [t.type],
    returnType: t.type,
    init: () => ({ sum: 0n, count: 0n }),
    add: (s, args) => {
      const v = presentValue(args);
      if (v === null) return s;
      s.sum += readInteger(t, v);
      s.count += 1n;
      return s;
    },
    result: (s) => writeNumber(t, { kind: 'integer', value: s.count === 0n ? 0n : s.sum / s.count }),
  });
}

interface FloatingAvg {
  kahan: KahanSum;
  count: number;
  /** Set once the double sum overflowed: the exact sum from then on. */
  exact: DecimalValue | null;
}

function floatingAvg(t: NumberTypeInfo): AggregateFunction<FloatingAvg> {
  return nativeAggregate<FloatingAvg>({
    name: 'avg',
    argTypes: [t.type],
    returnType: t.type,
    init: () => ({ kahan: new KahanSum(), count: 0, exact: null }),
    add: (s, args) => {
      const v = presentValue(args);
      if (v === null) return s;
      const x = readFloating(t, v);
      s.count++;
      if (s.exact !== null) {
        s.exact = addDecimals(s.exact, decimalFromJavaDouble(x));
        return s;
      }
      const before = s.kahan.raw;
      s.kahan.add(x);
      if (!Number.isFinite(s.kahan.raw) && Number.isFinite(x) && Number.isFinite(before)) {
        s.exact = addDecimals(decimalFromJavaDouble(before), decimalFromJavaDouble(x));
      }
      return s;
    },
    result: (s) => {
      let avg = 0;
      if (s.count > 0 && s.exact !== null) {
        const n = { unscaled: BigInt(s.count), scale: 0 };
        avg = decimalToNumber(divideToScale(s.exact, n, s.exact.scale, 'HALF_EVEN'));
      } else if (s.count > 0) {
        avg = s.kahan.value() / s.count;
      }
      return writeNumber(t, { kind: 'floating', value: avg });
    },
  });
}

function decimalAvg(t: NumberTypeInfo): AggregateFunction<{ avg: DecimalValue; count: bigint }> {
  return nativeAggregate({
    name: 'avg',
    argTypes: [t.type],
    returnType: t.type,
    init: () => ({ avg: DECIMAL_ZERO, count: 0n }),
    add: (s, args) => {
      const v = presentValue(args);
      if (v === null) return s;
      s.count += 1n;
      const diff = subtractDecimals(readDecimalValue(t, v), s.avg);
      s.avg = addDecimals(s.avg, divideToScale(diff, { unscaled: s.count, scale: 0 }, diff.scale, 'HALF_EVEN'));
      return s;
    },
    result: (s) => writeDecimal(s.avg),
  });
}

export function avgAggregates(): AggregateFunction[] {
  return NUMBER_TYPES.map((t): AggregateFunction => {
    if (t.kind === 'decimal') return decimalAvg(t);
    return t.kind === 'float' || t.kind === 'double' ? floatingAvg(t) : integerAvg(t);
  });
}

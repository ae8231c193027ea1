/**
 * count, min and max:
 *   countRows()   COUNT(*) / COUNT(1): the rows of the group (bigint); 0 for none
 *   count(T)      the non-null values (bigint), for every native type T
 *   min(T), max(T) the least / greatest non-null value in T's order (type.compare), for every
 *                 native type T; null for a group with no values
 */
import type { AbstractType } from '../../marshal/abstract-type.js';
import { LONG_TYPE, encodeLong } from '../../marshal/long-type.js';
import { CQL_TYPES } from '../../marshal/type-parser.js';
import type { AggregateFunction } from './function-model.js';
import { nativeAggregate } from './native-aggregate.js';

/** The name the executor resolves COUNT(*) to. */
export const COUNT_ROWS_NAME = 'countRows';

interface Counter {
  n: bigint;
}

export function countRowsFunction(): AggregateFunction<Counter> {
  return nativeAggregate<Counter>({
    name: COUNT_ROWS_NAME,
    argTypes: [],
    returnType: LONG_TYPE,
    init: () => ({ n: 0n }),
    add: (s) => ((s.n += 1n), s),
    result: (s) => encodeLong(s.n),
  });
}

function count(type: AbstractType): AggregateFunction<Counter> {
  return nativeAggregate<Counter>({
    name: 'count',
    argTypes: [type],
    returnType: LONG_TYPE,
    init: () => ({ n: 0n }),
    add: (s, [v]) => ((s.n += v === null || v === undefined ? 0n : 1n), s),
    result: (s) => encodeLong(s.n),
  });
}

interface Extreme {
  value: Buffer | null;
}

/** min (keep = -1: keep the smaller) or max (keep = 1). */
function extreme(name: 'min' | 'max', type: AbstractType): AggregateFunction<Extreme> {
  const keep = name === 'min' ? -1 : 1;
  return nativeAggregate<Extreme>({
    name,
    argTypes: [type],
    returnType: type,
    init: () => ({ value: null }),
    add: (s, [v]) => {
      if (v !== null && v !== undefined && (s.value === null || Math.sign(type.compare(v, s.value)) === keep)) s.value = v;
      return s;
    },
    result: (s) => s.value,
  });
}

export function basicAggregates(): AggregateFunction[] {
  const out: AggregateFunction[] = [countRowsFunction()];
  for (const [cqlName, type] of CQL_TYPES) {
    if (cqlName === 'varchar') continue; // the same type as text
    out.push(count(type), extreme('min', type), extreme('max', type));
  }
  return out;
}

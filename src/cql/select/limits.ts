/**
 * LIMIT and PER PARTITION LIMIT: an integer literal or a bind marker (`[limit]`,
 * `[per_partition_limit]`, int); strictly positive; an unset marker means no limit.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { INT32_TYPE } from '../../marshal/index.js';
import { type BoundValue, UNSET } from '../execution/bound-value.js';
import type { IntValue } from '../parser/index.js';
import type { TermScope } from '../terms/index.js';
import { bindTerm } from '../terms/index.js';
import { validateFor } from '../restrictions/bound-values.js';

export type LimitFn = (values: readonly BoundValue[]) => number;

export function prepareLimit(v: IntValue | null, what: 'LIMIT' | 'PER PARTITION LIMIT', keyspace: string, table: string, scope: TermScope): LimitFn {
  if (v === null) return () => Infinity;
  const name = what === 'LIMIT' ? '[limit]' : '[per_partition_limit]';
  const term = bindTerm(v, { keyspace, table, name, type: INT32_TYPE }, scope);
  const check = (n: number): number => {
    if (n <= 0) throw new InvalidRequestError(`${what} must be strictly positive`);
    return n;
  };
  if (term.constant) {
    const c = term.evaluate([]) as Buffer;
    const n = check(INT32_TYPE.compose(c) as number);
    return () => n;
  }
  return (values) => {
    const b = term.evaluate(values);
    if (b === UNSET) return Infinity;
    if (b === null) throw new InvalidRequestError(`Invalid null value of ${what.toLowerCase()}`);
    validateFor(b, INT32_TYPE, name);
    return check(INT32_TYPE.compose(b) as number);
  };
}

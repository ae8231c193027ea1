/**
 * A prepared selector: its result column (name and type), how it reads one row, and how it folds
 * many rows when the query aggregates. Non-aggregate selectors in an aggregate query keep the
 * first row's value, as Cassandra's do.
 */
import type { AbstractType } from '../../marshal/index.js';
import type { CqlColumn } from '../../schema/index.js';
import type { BoundValue } from '../execution/bound-value.js';
import type { ResultRow } from './result-row.js';

export interface Accumulator {
  add(row: ResultRow): void;
  result(): Buffer | null;
}

export interface SelectorNode {
  /** The result column's name as Cassandra prints it ('v', 'writetime(v)', 'system.max(v)', 'count'). */
  readonly name: string;
  readonly type: AbstractType;
  /** True when an aggregate function is part of it. */
  readonly isAggregate: boolean;
  /** The table columns it reads. */
  readonly columns: readonly CqlColumn[];
  /** True when it is a bare column (SELECT JSON, DISTINCT checks). */
  readonly column?: CqlColumn;
  /** Its value for one row (non-aggregate selectors only). */
  value(row: ResultRow, values: readonly BoundValue[]): Buffer | null;
  /** A fresh fold over a group of rows. */
  accumulate(values: readonly BoundValue[]): Accumulator;
}

/** The accumulator of a non-aggregate selector: the first row's value. */
export function firstValue(node: Pick<SelectorNode, 'value'>, values: readonly BoundValue[]): Accumulator {
  let seen = false;
  let v: Buffer | null = null;
  return {
    add(row) {
      if (!seen) {
        seen = true;
        v = node.value(row, values);
      }
    },
    result: () => v,
  };
}

/** A non-aggregate node from its name, type, columns and row function. */
export function scalarNode(name: string, type: AbstractType, columns: readonly CqlColumn[], value: SelectorNode['value'], column?: CqlColumn): SelectorNode {
  const node: SelectorNode = {
    name,
    type,
    isAggregate: false,
    columns,
    ...(column === undefined ? {} : { column }),
    value,
    accumulate: (values) => firstValue(node, values),
  };
  return node;
}

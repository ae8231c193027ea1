/**
 * Index queries (get_indexed_slices) in JS values. An expression is `{ column, value, op }`:
 * `op` is EQ, GT, GTE, LT or LTE (EQ when absent, as in pycassa's `create_index_expression`), or
 * the Ruby client's comparisons '==', '>', '>=', '<', '<='. A clause is the expressions (ANDed;
 * at least one must be an EQ on a column with a KEYS index), the key to start from (inclusive, in
 * partitioner order: pass the last key of one page to get the next) and a row count (100, as both
 * clients). The column family's codec converts: names by the comparator, each value by its
 * column's validator, the start key by the key validator.
 */
import { InvalidRequestError } from '../errors/index.js';
import type { IndexClause, IndexExpression, IndexOperator } from '../db/index.js';
import type { ColumnFamilyCodec } from './column-family-codec.js';
import type { Name } from './js-values.js';

export type IndexOperatorInput = IndexOperator | '==' | '>' | '>=' | '<' | '<=';

export interface IndexExpressionInput {
  readonly column: Name;
  readonly value: Name;
  /** 'EQ' when absent. */
  readonly op?: IndexOperatorInput;
}

export interface IndexClauseInput {
  readonly expressions: readonly IndexExpressionInput[];
  /** The first row key to consider (inclusive); from the start of the ring when absent. */
  readonly startKey?: Name;
  /** At most this many rows; 100 by default. */
  readonly count?: number;
}

/** The clients' default row count. */
export const DEFAULT_INDEX_ROW_COUNT = 100;

const OPERATORS: ReadonlyMap<unknown, IndexOperator> = new Map<string, IndexOperator>([
  ['EQ', 'EQ'], ['GT', 'GT'], ['GTE', 'GTE'], ['LT', 'LT'], ['LTE', 'LTE'],
  ['==', 'EQ'], ['>', 'GT'], ['>=', 'GTE'], ['<', 'LT'], ['<=', 'LTE'],
]);

/** pycassa's `create_index_expression(column, value, op=EQ)`. */
export function createIndexExpression(column: Name, value: Name, op: IndexOperatorInput = 'EQ'): IndexExpressionInput {
  return { column, value, op };
}

/** pycassa's `create_index_clause(expressions, start_key='', count=100)`. */
export function createIndexClause(expressions: readonly IndexExpressionInput[], startKey?: Name, count: number = DEFAULT_INDEX_ROW_COUNT): IndexClauseInput {
  return startKey === undefined ? { expressions, count } : { expressions, startKey, count };
}

/** The operations' IndexClause for `input`, converted by the column family's codec. */
export function indexClause(codec: ColumnFamilyCodec, input: IndexClauseInput): IndexClause {
  if (input === null || typeof input !== 'object' || !Array.isArray(input.expressions)) {
    throw new InvalidRequestError('an index clause needs an expressions list: { expressions: [{ column, value, op }], startKey?, count? }');
  }
  return {
    expressions: input.expressions.map((e) => expression(codec, e)),
    startKey: input.startKey === undefined ? Buffer.alloc(0) : codec.key(input.startKey),
    count: input.count ?? DEFAULT_INDEX_ROW_COUNT,
  };
}

function expression(codec: ColumnFamilyCodec, e: IndexExpressionInput): IndexExpression {
  if (e === null || typeof e !== 'object' || e.column === undefined || e.value === undefined) {
    throw new InvalidRequestError('an index expression needs a column and a value: { column, value, op }');
  }
  const op = OPERATORS.get(e.op ?? 'EQ');
  if (op === undefined) throw new InvalidRequestError(`Unknown index operator ${String(e.op)}: use EQ, GT, GTE, LT or LTE (or ==, >, >=, <, <=)`);
  const columnName = codec.name('column', e.column);
  return { columnName, op, value: codec.value(columnName, e.value) };
}

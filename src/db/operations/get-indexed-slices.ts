/**
 * get_indexed_slices: rows matching an IndexClause, through a KEYS index. The first EQ expression
 * on an indexed column picks the index partition; its entries are walked from `startKey` in
 * partitioner order, a page at a time; each row is re-checked against ALL expressions on its
 * current values, so stale entries (left by a crash, a race, or expiry) never leak; matching rows
 * get the predicate's slice, up to `count` rows. Each page of entries is a step of the request
 * (paced, and stopped past range_request_timeout_in_ms), each row's slice read in steps too. Entries, values and slices are all read through
 * the store at the request's level: on a ring, the index partition's entries come from each token
 * range's replicas (every replica indexes its own rows) and the rows from their replicas.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { ColumnFamilyDef } from '../../schema/index.js';
import { BOTTOM, SEP_AFTER, TOP, isLive } from '../../storage/model/index.js';
import type { RequestContext } from './request-context.js';
import type { PartitionResult } from '../../storage/read/partition-reader.js';
import type { SliceQuery } from '../../storage/read/slice-query.js';
import { lookupColumnFamily } from './column-family-lookup.js';
import { type KeysIndex, indexEntryName, indexPartitionKey, keyOfIndexEntry, keysIndexDef, keysIndexesOf } from './keys-index.js';
import type { RowShaper, ShapedRow } from './row-shaper.js';
import { readSlices, validateSliceRequest } from './slice-reader.js';
import { readBudget } from './slice-steps.js';
import { standardCellName } from './thrift-cell-layout.js';
import type { ColumnParent, ConsistencyLevel, IndexClause, IndexExpression, SlicePredicate } from './thrift-types.js';
import { validateKey, validateName, valueValidator } from './thrift-validation.js';

/** Index entries read per step. */
const INDEX_PAGE_ENTRIES = 128;
const OPERATORS = new Set(['EQ', 'GTE', 'GT', 'LTE', 'LT']);

export async function getIndexedSlices<R>(ctx: RequestContext, keyspace: string, parent: ColumnParent, clause: IndexClause, predicate: SlicePredicate, cl: ConsistencyLevel, shaper: RowShaper<R>): Promise<ShapedRow<R>[]> {
  const cf = lookupColumnFamily(ctx.schema(), keyspace, parent.columnFamily);
  validateSliceRequest(cf, parent, predicate);
  validateIndexClause(cf, clause);
  const index = primaryIndex(keysIndexesOf(cf), clause.expressions);
  const indexDef = keysIndexDef(cf, index);
  const indexKey = indexPartitionKey(index.value);
  const check = expressionQuery(cf, clause.expressions);
  const nowSec = ctx.nowSec();
  const budget = readBudget(ctx, cl, true);
  const out: ShapedRow<R>[] = [];
  let start = clause.startKey.length === 0 ? BOTTOM : indexEntryName(ctx.partitioner, clause.startKey);
  while (out.length < clause.count) {
    await budget.pace();
    const query = { slices: [{ start, end: TOP }], reversed: false, cellLimit: INDEX_PAGE_ENTRIES };
    const page = await ctx.store.readIndex(cf, indexDef, indexKey, query, cl, nowSec);
    if (page === null || page.cells.length === 0) break;
    const candidates = page.cells.map((entry) => keyOfIndexEntry(ctx.partitioner, entry.name));
    // Every candidate's current values, in one store call; entries whose rows no longer match are skipped.
    const rows = await ctx.store.readMany(cf, candidates, check, cl, nowSec);
    const matching = candidates.filter((_, i) => matches(cf, rows[i] ?? null, clause.expressions, nowSec)).slice(0, clause.count - out.length);
    const slices = await readSlices(ctx, cf, matching, parent, predicate, cl, nowSec, shaper, budget);
    matching.forEach((key, i) => out.push({ key, columns: slices[i]! }));
    if (!page.truncated) break;
    start = after(page.cells[page.cells.length - 1]!.name);
  }
  return out;
}

export function validateIndexClause(cf: ColumnFamilyDef, clause: IndexClause): void {
  if (clause === null || typeof clause !== 'object' || !Array.isArray(clause.expressions)) throw new InvalidRequestError('IndexClause is required');
  if (clause.expressions.length === 0) throw new InvalidRequestError('index clause list may not be empty');
  if (!Number.isInteger(clause.count) || clause.count < 0) throw new InvalidRequestError('IndexClause count must be non-negative');
  if (!Buffer.isBuffer(clause.startKey)) throw new InvalidRequestError('IndexClause start_key is required (empty for the first row)');
  if (clause.startKey.length > 0) validateKey(cf, clause.startKey);
  for (const e of clause.expressions) {
    if (!OPERATORS.has(e.op)) throw new InvalidRequestError(`Unknown index operator ${String(e.op)}`);
    validateName(cf.comparator, e.columnName);
    if (!Buffer.isBuffer(e.value)) throw new InvalidRequestError('IndexExpression value is required');
  }
}

function primaryIndex(indexes: readonly KeysIndex[], expressions: readonly IndexExpression[]): KeysIndex & { value: Buffer } {
  for (const e of expressions) {
    const index = e.op === 'EQ' ? indexes.find((i) => i.column.equals(e.columnName)) : undefined;
    if (index !== undefined) return { ...index, value: e.value };
  }
  throw new InvalidRequestError('No indexed columns present in index clause with operator EQ');
}

/** A names query of every column the expressions test. */
function expressionQuery(cf: ColumnFamilyDef, expressions: readonly IndexExpression[]): SliceQuery {
  const names = [...new Set(expressions.map((e) => standardCellName(cf, e.columnName).toString('hex')))].sort().map((h) => Buffer.from(h, 'hex'));
  return { slices: names.map((n) => ({ start: n, end: n })), reversed: false };
}

/** Whether the row's current values satisfy every expression (an absent column satisfies none). */
function matches(cf: ColumnFamilyDef, row: PartitionResult | null, expressions: readonly IndexExpression[], nowSec: number): boolean {
  const values = new Map((row?.cells ?? []).filter((c) => isLive(c, nowSec)).map((c) => [c.name.toString('hex'), c.value]));
  return expressions.every((e) => {
    const v = values.get(standardCellName(cf, e.columnName).toString('hex'));
    return v !== undefined && satisfies(valueValidator(cf, e.columnName).compare(v, e.value), e.op);
  });
}

function satisfies(order: number, op: IndexExpression['op']): boolean {
  switch (op) {
    case 'EQ':
      return order === 0;
    case 'GTE':
      return order >= 0;
    case 'GT':
      return order > 0;
    case 'LTE':
      return order <= 0;
    case 'LT':
      return order < 0;
  }
}

/** A bound just after an entry's name: entry names are `NEXT comp END`; AFTER sorts past it. */
function after(name: Buffer): Buffer {
  const b = Buffer.from(name);
  b[b.length - 1] = SEP_AFTER;
  return b;
}

/**
 * The data statements of cassandra-cli over the Thrift calls: set → insert, incr/decr → add,
 * get → get / get_slice, get … where → get_indexed_slices, del → remove / remove_counter,
 * count → get_count, list → get_range_slices, truncate. Each prints what cassandra-cli 0.7
 * prints (`Value inserted.`, `Returned N results.`, `column removed.`, …).
 */
import type { IndexOperator, SlicePredicate } from '../../db/index.js';
import { ThriftException } from '../../thrift/service/thrift-exceptions.js';
import type { CliStatement, IndexOp } from './cli-ast.js';
import { type CliContext, resolveAccess } from './cli-context.js';
import { CliError } from './cli-error.js';
import { formatColumnOrSuper, formatKeySlices, formatSlice } from './cli-format.js';
import { bytesOf, typeByName } from './cli-types.js';

type Of<K extends CliStatement['kind']> = Extract<CliStatement, { kind: K }>;

const MAX_COUNT = 2147483647;
const GET_DEFAULT_LIMIT = 1000000;
const LIST_DEFAULT_LIMIT = 100;
/** The IDL's default count of a SliceRange and an IndexClause, which get … where leaves as is. */
const THRIFT_DEFAULT_COUNT = 100;

const allColumns = (count: number): SlicePredicate => ({
  sliceRange: { start: Buffer.alloc(0), finish: Buffer.alloc(0), reversed: false, count },
});

export async function executeSet(ctx: CliContext, s: Of<'set'>): Promise<void> {
  const r = await resolveAccess(ctx, s.target);
  if (r.column === undefined) throw new CliError(`Column family ${r.view.def.name} may only contain SuperColumns`);
  let value: Buffer;
  if (s.value.kind === 'function') {
    const called = ctx.values.call(s.value.name, s.value.arg);
    value = called.bytes;
    ctx.schema.assumeColumn(ctx.keyspace, r.view.def.name, r.column, called.type);
  } else {
    value = bytesOf(s.value.text, r.view.validatorFor(r.column));
  }
  if (s.ttl !== undefined && s.ttl <= 0) throw new CliError(`TTL '${s.ttl}' is invalid, should be a positive integer.`);
  const column = { name: r.column, value, timestamp: ctx.nextTimestamp(), ...(s.ttl === undefined ? {} : { ttl: s.ttl }) };
  await ctx.service.insert(r.key, parentOf(r.view.def.name, r.superColumn), column, ctx.consistency);
  ctx.out('Value inserted.\n');
}

function parentOf(columnFamily: string, superColumn: Buffer | undefined) {
  return superColumn === undefined ? { columnFamily } : { columnFamily, superColumn };
}

export async function executeIncr(ctx: CliContext, s: Of<'incr'>): Promise<void> {
  const r = await resolveAccess(ctx, s.target);
  if (r.column === undefined) throw new CliError('Invalid row, super column, or column specification.');
  await ctx.service.add(r.key, parentOf(r.view.def.name, r.superColumn), { name: r.column, value: s.by }, ctx.consistency);
  ctx.out(s.by < 0n ? 'Value decremented.\n' : 'Value incremented.\n');
}

export async function executeGet(ctx: CliContext, s: Of<'get'>): Promise<void> {
  const limit = s.limit ?? GET_DEFAULT_LIMIT;
  if (limit <= 0) throw new CliError('LIMIT should be greater than zero.');
  const r = await resolveAccess(ctx, s.target);
  const cf = r.view.def.name;
  if (r.column === undefined) {
    const columns = await ctx.service.getSlice(r.key, parentOf(cf, r.superColumn), allColumns(limit), ctx.consistency);
    ctx.out(formatSlice(r.view, columns, r.superColumn !== undefined));
    return;
  }
  if (s.as !== undefined) ctx.schema.assumeColumn(ctx.keyspace, cf, r.column, typeByName(s.as));
  const view = s.as === undefined ? r.view : await ctx.schema.columnFamily(ctx.keyspace, cf);
  const path = { columnFamily: cf, column: r.column, ...(r.superColumn === undefined ? {} : { superColumn: r.superColumn }) };
  try {
    const cosc = await ctx.service.get(r.key, path, ctx.consistency);
    ctx.out(formatColumnOrSuper(view, cosc, r.superColumn !== undefined));
  } catch (e) {
    if (!(e instanceof ThriftException && e.thriftName === 'NotFoundException')) throw e;
    ctx.out('Value was not found\n');
  }
}

const OPERATORS: Readonly<Record<IndexOp, IndexOperator>> = { '=': 'EQ', '>': 'GT', '>=': 'GTE', '<': 'LT', '<=': 'LTE' };

export async function executeGetWhere(ctx: CliContext, s: Of<'getWhere'>): Promise<void> {
  if (s.limit !== undefined && s.limit <= 0) throw new CliError('LIMIT should be greater than zero.');
  const view = await ctx.schema.columnFamily(ctx.keyspace, s.columnFamily);
  const expressions = s.conditions.map((c) => {
    const columnName = bytesOf(c.column, view.comparator);
    const value = c.value.kind === 'function' ? ctx.values.call(c.value.name, c.value.arg).bytes : bytesOf(c.value.text, view.validatorFor(columnName));
    return { columnName, op: OPERATORS[c.op], value };
  });
  const clause = { expressions, startKey: Buffer.alloc(0), count: s.limit ?? THRIFT_DEFAULT_COUNT };
  const slices = await ctx.service.getIndexedSlices({ columnFamily: view.def.name }, clause, allColumns(THRIFT_DEFAULT_COUNT), ctx.consistency);
  ctx.out(formatKeySlices(view, slices));
}

export async function executeDel(ctx: CliContext, s: Of<'del'>): Promise<void> {
  const r = await resolveAccess(ctx, s.target);
  const path = {
    columnFamily: r.view.def.name,
    ...(r.superColumn === undefined ? {} : { superColumn: r.superColumn }),
    ...(r.column === undefined ? {} : { column: r.column }),
  };
  if (r.view.isCounter) await ctx.service.removeCounter(r.key, path, ctx.consistency);
  else await ctx.service.remove(r.key, path, ctx.nextTimestamp(), ctx.consistency);
  ctx.out(s.target.path.length === 0 ? 'row removed.\n' : 'column removed.\n');
}

export async function executeCount(ctx: CliContext, s: Of<'count'>): Promise<void> {
  if (s.target.path.length > 1) throw new CliError('Invalid row, super column, or column specification.');
  const view = await ctx.schema.columnFamily(ctx.keyspace, s.target.columnFamily);
  const key = ctx.values.termBytes(s.target.key, view.keyType);
  const first = s.target.path[0];
  const superColumn = first === undefined ? undefined : ctx.values.termBytes(first, view.comparator);
  const n = await ctx.service.getCount(key, parentOf(view.def.name, superColumn), allColumns(MAX_COUNT), ctx.consistency);
  ctx.out(`${n} columns\n`);
}

export async function executeList(ctx: CliContext, s: Of<'list'>): Promise<void> {
  if (s.limit !== undefined && s.limit <= 0) {
    ctx.out(`Invalid limit ${s.limit}\n`);
    return;
  }
  const view = await ctx.schema.columnFamily(ctx.keyspace, s.columnFamily);
  if (s.limit === undefined) ctx.out(`Using default limit of ${LIST_DEFAULT_LIMIT}\n`);
  const keyBytes = (k: string | undefined) => (k === undefined ? Buffer.alloc(0) : bytesOf(k, view.keyType));
  const range = { startKey: keyBytes(s.startKey), endKey: keyBytes(s.endKey), count: s.limit ?? LIST_DEFAULT_LIMIT };
  const slices = await ctx.service.getRangeSlices({ columnFamily: view.def.name }, allColumns(MAX_COUNT), range, ctx.consistency);
  ctx.out(formatKeySlices(view, slices));
}

export async function executeTruncate(ctx: CliContext, s: Of<'truncate'>): Promise<void> {
  const view = await ctx.schema.columnFamily(ctx.keyspace, s.columnFamily);
  await ctx.service.truncate(view.def.name);
  ctx.out(`${s.columnFamily} truncated.\n`);
}

/**
 * get: one column, one sub-column, or a whole super column; NotFoundError when it is absent (or
 * deleted, or expired), as 0.7 raised NotFoundException.
 */
import { NotFoundError } from '../../errors/index.js';
import type { RequestContext } from './request-context.js';
import { lookupColumnFamily } from './column-family-lookup.js';
import { THRIFT_SHAPER } from './row-shaper.js';
import { readSlice } from './slice-reader.js';
import { readBudget } from './slice-steps.js';
import type { ColumnOrSuperColumn, ColumnPath, ConsistencyLevel, SlicePredicate } from './thrift-types.js';
import { validateColumnPath, validateKey } from './thrift-validation.js';

export async function get(ctx: RequestContext, keyspace: string, key: Buffer, path: ColumnPath, cl: ConsistencyLevel): Promise<ColumnOrSuperColumn> {
  const cf = lookupColumnFamily(ctx.schema(), keyspace, path.columnFamily);
  validateKey(cf, key);
  validateColumnPath(cf, path);
  const nowSec = ctx.nowSec();
  // A column is a names slice of one; a super column alone is a names slice of one super column.
  const parent = path.column === undefined ? { columnFamily: cf.name } : { columnFamily: cf.name, superColumn: path.superColumn };
  const predicate: SlicePredicate = { columnNames: [path.column ?? path.superColumn!] };
  const found = (await readSlice(ctx, cf, key, parent, predicate, cl, nowSec, THRIFT_SHAPER, readBudget(ctx, cl, false)))[0];
  if (found === undefined) throw new NotFoundError(`${cf.name} has no ${path.column === undefined ? 'super column' : 'column'} at this path in row ${key.toString('hex')}`);
  return found;
}

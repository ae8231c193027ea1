/**
 * GROUP BY: a prefix of the primary key columns (columns fixed by = may be skipped, as Cassandra
 * allows), grouping consecutive rows — rows come in primary key order, so equal prefixes are
 * adjacent. Each group gives one result row: aggregates fold it, other selectors take its first
 * row. PER PARTITION LIMIT counts groups per partition and LIMIT counts groups.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { CqlColumn, CqlTable } from '../../schema/index.js';
import type { Selector } from '../parser/index.js';
import type { PreparedWhere } from '../restrictions/where-clause.js';
import type { ResultRow } from './result-row.js';

export function prepareGroupBy(groupBy: readonly Selector[], table: CqlTable, where: PreparedWhere): CqlColumn[] {
  if (groupBy.length === 0) return [];
  const pkOrder = [...table.partitionKey, ...table.clustering];
  let next = 0;
  const out: CqlColumn[] = [];
  for (const sel of groupBy) {
    if (sel.kind !== 'column') throw new InvalidRequestError('Functions are not supported in GROUP BY clauses yet');
    const c = table.columns.get(sel.name);
    if (c === undefined) throw new InvalidRequestError(`Undefined column name ${sel.name}`);
    if (c.kind !== 'partition_key' && c.kind !== 'clustering') throw new InvalidRequestError(`Group by is currently only supported on the columns of the PRIMARY KEY, got ${c.name}`);
    const at = pkOrder.indexOf(c);
    while (next < at) {
      const skipped = pkOrder[next++]!;
      const fixed = skipped.kind === 'clustering' ? where.clusteringSingleValued.has(skipped.name) : where.byKeys && !where.partitionKeyIn;
      if (!fixed) throw new InvalidRequestError('Group by currently only support groups of columns following their declared order in the PRIMARY KEY');
    }
    if (at < next) throw new InvalidRequestError('Group by currently only support groups of columns following their declared order in the PRIMARY KEY');
    next = at + 1;
    out.push(c);
  }
  if (out.some((c) => c.kind === 'clustering') && out.filter((c) => c.kind === 'partition_key').length < table.partitionKey.length && !(where.byKeys && !where.partitionKeyIn)) {
    throw new InvalidRequestError('Group by currently only support groups of columns following their declared order in the PRIMARY KEY');
  }
  return out;
}

/** Whether two consecutive rows belong to one group (equal values in every GROUP BY column). */
export function sameGroup(a: ResultRow, b: ResultRow, columns: readonly CqlColumn[]): boolean {
  for (const c of columns) {
    const x = a.value(c);
    const y = b.value(c);
    if (x === null || y === null ? x !== y : !x.equals(y)) return false;
  }
  return true;
}

export function samePartition(a: ResultRow, b: ResultRow): boolean {
  return a.partitionKey.length === b.partitionKey.length && a.partitionKey.every((v, i) => v.equals(b.partitionKey[i]!));
}

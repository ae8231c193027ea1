/**
 * GROUP BY: a prefix of the primary key columns (columns fixed by = may be skipped, as Cassandra
 * allows), grouping consecutive rows — rows come in primary key order, so equal prefixes are
 * adjacent. Each group gives one result row: aggregates fold it, other selectors take its first
 * row. PER PARTITION LIMIT counts groups per partition, LIMIT counts groups, and so does a
 * client's page size: a page ends once that many groups are complete, and the next one resumes
 * after the last row of its last group (Cassandra 4.0's AggregationQueryPager: "the user page size
 * is in number of groups"; checked in its service/pager/AggregationQueryPager.java). A group is
 * known complete when the first row of the next one arrives; that row is read again by the next
 * page.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { invariant } from '../../util/invariant.js';
import type { CqlColumn, CqlTable } from '../../schema/index.js';
import type { Selector } from '../parser/index.js';
import type { PreparedWhere } from '../restrictions/where-clause.js';
import type { ResultRow } from './result-row.js';
import type { ResultValues, Selection } from './selection.js';

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

/** Where a page of groups ended: after the last row of its last group. */
export interface GroupsEnd {
  readonly key: Buffer;
  /** Null when that row was a partition's static-only row (the partition is finished). */
  readonly clustering: readonly Buffer[] | null;
  /** Groups PER PARTITION LIMIT still allows in that partition (Infinity: none). */
  readonly partitionGroupsLeft: number;
}

type Fold = ReturnType<Selection['aggregate']>;

/**
 * Folds rows, in primary key order, into one result row per group until `want` groups are
 * complete. Memory: the result rows and the open group's fold. Resuming (`from`), the rows start
 * after the last row of a complete group, in partition `from.key` or after it.
 */
export class GroupFolder {
  readonly rows: ResultValues[] = [];
  /** Where the last complete group ended (null before the first). */
  end: GroupsEnd | null = null;
  private first: ResultRow | null = null;
  private last: ResultRow | null = null;
  private fold: Fold | null = null;
  private key: Buffer | null;
  private partitionGroupsLeft: number;

  constructor(
    private readonly columns: readonly CqlColumn[],
    private readonly newFold: () => Fold,
    private readonly want: number,
    private readonly perPartition: number,
    from: GroupsEnd | null,
  ) {
    this.key = from?.key ?? null;
    this.partitionGroupsLeft = from?.partitionGroupsLeft ?? perPartition;
  }

  /** Takes the next row; false (the row not taken) when it starts a group past the `want` complete ones. */
  add(r: ResultRow): boolean {
    if (this.first !== null && sameGroup(this.first, r, this.columns)) {
      if (this.fold !== null) {
        this.fold.add(r);
        this.last = r;
      }
      return true;
    }
    // A new group: the open one is complete.
    this.complete();
    if (this.rows.length >= this.want) return false;
    if (this.key === null || !this.key.equals(r.key)) {
      this.key = r.key;
      this.partitionGroupsLeft = this.perPartition;
    }
    this.first = r;
    // Groups past PER PARTITION LIMIT are read and dropped.
    this.fold = this.partitionGroupsLeft > 0 ? this.newFold() : null;
    if (this.fold !== null) {
      this.partitionGroupsLeft--;
      this.fold.add(r);
      this.last = r;
    }
    return true;
  }

  /** The rows ended: the open group is complete. */
  finish(): void {
    this.complete();
  }

  private complete(): void {
    if (this.fold === null) return;
    this.rows.push(this.fold.result());
    const last = this.last;
    invariant(last !== null, 'a folded group has a last row');
    this.end = { key: last.key, clustering: last.clustering, partitionGroupsLeft: this.partitionGroupsLeft };
    this.fold = null;
  }
}

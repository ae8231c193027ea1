/**
 * ORDER BY: clustering columns only, in their declared order (columns fixed by = may be skipped),
 * all in the table's order or all reversed — a reversed read. With IN on the partition key the
 * partitions' rows are merged in memory by the ordering columns (Cassandra's post-query
 * ordering), which Cassandra refuses to page.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { CqlTable } from '../../schema/index.js';
import type { Ordering } from '../parser/index.js';
import type { PreparedWhere } from '../restrictions/where-clause.js';
import type { ResultRow } from './result-row.js';

export interface PreparedOrdering {
  /** Read each partition in reverse clustering order. */
  readonly reversed: boolean;
  /** Sorts rows of several partitions (IN with ORDER BY); null when reads are already in order. */
  readonly compare: ((a: ResultRow, b: ResultRow) => number) | null;
}

export const NO_ORDERING: PreparedOrdering = { reversed: false, compare: null };

export function prepareOrdering(orderBy: readonly Ordering[], table: CqlTable, where: PreparedWhere): PreparedOrdering {
  if (orderBy.length === 0) return NO_ORDERING;
  const cols = lastDirectionEach(orderBy).map((o) => {
    const c = table.columns.get(o.column);
    if (c === undefined) throw new InvalidRequestError(`Undefined column name ${o.column}`);
    if (c.kind !== 'clustering') throw new InvalidRequestError(`Order by is currently only supported on the clustered columns of the PRIMARY KEY, got ${c.name}`);
    return { column: c, descending: o.descending };
  });
  if (!where.byKeys) throw new InvalidRequestError('ORDER BY is only supported when the partition key is restricted by an EQ or an IN.');
  let next = 0;
  let reversed: boolean | null = null;
  for (const { column, descending } of cols) {
    while (next !== column.position) {
      const skipped = table.clustering[next++];
      if (skipped === undefined || !where.clusteringSingleValued.has(skipped.name)) {
        throw new InvalidRequestError('Order by currently only supports the ordering of columns following their declared order in the PRIMARY KEY');
      }
    }
    next++;
    const r = descending !== column.reversed;
    if (reversed !== null && reversed !== r) throw new InvalidRequestError('Unsupported order by relation');
    reversed = r;
  }
  const compare = where.partitionKeyIn
    ? (a: ResultRow, b: ResultRow): number => {
        for (const { column, descending } of cols) {
          const x = a.clustering?.[column.position];
          const y = b.clustering?.[column.position];
          if (x === undefined || y === undefined) {
            if (x !== y) return (x === undefined ? -1 : 1) * (descending ? -1 : 1);
            continue;
          }
          const c = column.type.compare(x, y);
          if (c !== 0) return descending ? -c : c;
        }
        return 0;
      }
    : null;
  return { reversed: reversed ?? false, compare };
}

/**
 * A column named twice keeps its first place and its last direction (`ORDER BY c ASC, c DESC` is
 * `ORDER BY c DESC`), as Cassandra's parser keeps the orderings in an insertion-ordered map.
 */
function lastDirectionEach(orderBy: readonly Ordering[]): Ordering[] {
  const byColumn = new Map<string, Ordering>();
  // A Map keeps a key's first place when it is set again.
  for (const o of orderBy) byColumn.set(o.column, o);
  return [...byColumn.values()];
}

/**
 * Which restrictions of a WHERE clause a CQL secondary index can serve, as Cassandra's indexes
 * do: an index on a column's value (regular, static, clustering, partition key component;
 * full(frozen collection)) serves `=`; values(collection) serves CONTAINS; keys(map) CONTAINS KEY;
 * entries(map) `m[k] = v`. Slices and IN are never served by an index. The served restriction is
 * still checked on every row read (the entries may be stale), so the row filter keeps it.
 */
import { type CqlIndex, queryableIndexesOf } from '../../db/cql-index/cql-index.js';
import { TupleType } from '../../marshal/index.js';
import type { ColumnFamilyDef } from '../../schema/index.js';
import type { BoundValue } from '../execution/bound-value.js';
import { type ColumnRestriction, newColumnRestriction } from './restriction-records.js';
import { type PreparedFilter, columnFilter } from './row-filter.js';

/** The index a query reads, the indexed value it looks up, and that relation alone as a row check. */
export interface IndexQuery {
  readonly index: CqlIndex;
  value(values: readonly BoundValue[]): Buffer;
  /** True for a row whose data still holds the value (its entry is not stale). */
  readonly matches: PreparedFilter;
}

/** The indexes a query of the table can read (CQL indexes, or a Thrift column family's KEYS indexes). */
export function tableIndexes(cf: ColumnFamilyDef): CqlIndex[] {
  return cf.indexes.length === 0 && !cf.cql.fromThrift ? [] : queryableIndexesOf(cf);
}

/** An index that serves one of `r`'s relations, as an IndexQuery; null when none does. */
export function supportingIndex(indexes: readonly CqlIndex[], r: ColumnRestriction): IndexQuery | null {
  for (const index of indexes) {
    if (index.column.name !== r.column.name) continue;
    const only = newColumnRestriction(r.column);
    switch (index.part) {
      case 'simple':
      case 'full':
        if (r.eq === undefined) break;
        only.eq = r.eq;
        return served(index, r.eq, only);
      case 'values':
        if (r.contains.length === 0) break;
        only.contains.push(r.contains[0]!);
        return served(index, r.contains[0]!, only);
      case 'keys':
        if (r.containsKey.length === 0) break;
        only.containsKey.push(r.containsKey[0]!);
        return served(index, r.containsKey[0]!, only);
      case 'entries': {
        if (r.entries.length === 0) break;
        const e = r.entries[0]!;
        only.entries.push(e);
        const tuple = index.valueType as TupleType;
        return served(index, (vs) => tuple.build([e.key(vs), e.value(vs)]), only);
      }
    }
  }
  return null;
}

function served(index: CqlIndex, value: (vs: readonly BoundValue[]) => Buffer, only: ColumnRestriction): IndexQuery {
  return { index, value, matches: columnFilter(only, { eqIn: true, slice: false })! };
}

/** More than one CONTAINS / CONTAINS KEY / m[k] = v on one column (which an index never serves alone). */
export function hasMultipleContains(r: ColumnRestriction): boolean {
  return r.contains.length + r.containsKey.length + r.entries.length > 1;
}

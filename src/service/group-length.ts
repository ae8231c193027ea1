/**
 * A SliceQuery's `groupLength` (how long a cell name's group prefix is, for row limits) is a
 * function of the table's layout, so it cannot travel. The coordinator names it by kind
 * (`groupKindOf`) and the replica rebuilds it for its own copy of the table (`GroupLengths`).
 *
 * Two kinds exist: a CQL row (db/cql-layout's TableLayout, which also serves Standard column
 * families) and a super column (db/operations' Thrift layout). A Super column family can be read
 * either way and the function alone does not say which, so for those the replicas read without
 * the group limit and the coordinator applies it to the reconciled answer.
 */
import { TableLayout } from '../db/cql-layout/table-layout.js';
import { superColumnGroupLength } from '../db/operations/thrift-cell-layout.js';
import type { ColumnFamilyDef } from '../schema/index.js';
import type { SliceQuery } from '../storage/read/slice-query.js';
import type { GroupKind } from './wire/slice-query-codec.js';

export interface ReplicaQuery {
  /** What the replicas are asked (its group limit removed when the kind cannot be named). */
  readonly query: SliceQuery;
  readonly groupKind: GroupKind | undefined;
}

export function groupKindOf(cf: ColumnFamilyDef, query: SliceQuery): ReplicaQuery {
  if (query.groupLimit === undefined) return { query, groupKind: undefined };
  if (cf.columnType === 'Super') {
    const { groupLimit: _limit, groupLength: _length, ...rest } = query;
    return { query: rest, groupKind: undefined };
  }
  return { query, groupKind: 'cqlRow' };
}

/** Per-replica rebuilding of group functions, one per table definition (a schema change makes a new one). */
export class GroupLengths {
  private readonly layouts = new WeakMap<ColumnFamilyDef, (name: Buffer) => number>();

  of(cf: ColumnFamilyDef, kind: GroupKind): (name: Buffer) => number {
    if (kind === 'superColumn') return superColumnGroupLength(cf);
    let f = this.layouts.get(cf);
    if (f === undefined) this.layouts.set(cf, (f = new TableLayout(cf).groupLength));
    return f;
  }
}

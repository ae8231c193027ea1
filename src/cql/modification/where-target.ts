/**
 * The rows an UPDATE or DELETE targets, from its prepared WHERE clause (restrictions/
 * where-clause.ts, purpose 'modification'): every partition key column by = / IN; then
 *
 *   UPDATE   every clustering column by = / IN (whole rows) — or none at all when only static
 *            columns are set (the partition's static row);
 *   DELETE   without columns: none (a partition deletion), all (rows), or a prefix / a range
 *            (range tombstones); with columns: as UPDATE.
 *
 * Conditional statements target exactly one row, or — conditions on static columns only, or IF
 * EXISTS — one partition.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { BoundValue, TableRef } from '../execution/index.js';
import type { Relation } from '../parser/index.js';
import { clusteringSlices, restrictionPrefixes } from '../restrictions/clustering-slices.js';
import type { PreparedWhere } from '../restrictions/where-clause.js';
import type { Operation } from './operation.js';
import { KEY_COMPONENT_MAX, type TargetRows, checkClustering } from './target-rows.js';

export interface WhereTargetOptions {
  readonly statement: 'UPDATE' | 'DELETE';
  readonly operations: readonly Operation[];
  /** DELETE without column selections. */
  readonly deletesRows: boolean;
  readonly conditional: boolean;
  /** Some IF condition reads a regular (not static) column. */
  readonly rowConditions: boolean;
}

export function whereTarget(where: PreparedWhere, table: TableRef, o: WhereTargetOptions): (values: readonly BoundValue[]) => TargetRows {
  const t = table.cf.cql;
  const full = where.unrestrictedClustering.length === 0 && !where.clusteringSlice;
  const staticOnly = o.operations.length > 0 && o.operations.every((op) => op.column.kind === 'static');
  let kind: 'partition' | 'rows' | 'ranges';
  if (t.clustering.length === 0 || full) kind = 'rows';
  else if (!where.clusteringRestricted && (staticOnly || o.deletesRows)) kind = 'partition';
  else if (o.statement === 'UPDATE') {
    if (where.clusteringSlice) throw new InvalidRequestError('Slice restrictions are not supported on the clustering columns in UPDATE statements');
    throw new InvalidRequestError(`Some clustering keys are missing: ${where.unrestrictedClustering.join(', ')}`);
  } else if (!o.deletesRows) throw new InvalidRequestError('Range deletions are not supported for specific columns');
  else kind = 'ranges';
  if (o.conditional && (kind === 'ranges' || (kind === 'partition' && o.rowConditions))) {
    throw new InvalidRequestError(`${o.statement} statements must restrict all PRIMARY KEY columns with equality relations in order to use IF conditions`);
  }
  return (values) => {
    const keys = where.partitionKeys(values) ?? [];
    for (const k of keys) if (k.length > KEY_COMPONENT_MAX) throw new InvalidRequestError(`Key length of ${k.length} is longer than maximum of ${KEY_COMPONENT_MAX}`);
    if (o.conditional && keys.length > 1) throw new InvalidRequestError('IN on the partition key is not supported with conditional updates');
    if (kind === 'partition') return { keys, rows: { kind } };
    const restriction = where.clustering(values);
    if (kind === 'ranges') return { keys, rows: { kind, slices: clusteringSlices(table.layout, restriction) } };
    const clusterings = t.clustering.length === 0 ? [[]] : restrictionPrefixes(restriction);
    for (const c of clusterings) checkClustering(c);
    if (o.conditional && clusterings.length > 1) throw new InvalidRequestError('IN on the clustering key columns is not supported with conditional updates');
    return { keys, rows: { kind, clusterings } };
  };
}

/** Driver routing: the marker index of each partition key column restricted by `= ?`. */
export function whereRoutingIndexes(where: readonly Relation[], table: TableRef): number[] {
  const out: number[] = [];
  for (const c of table.cf.cql.partitionKey) {
    const r = where.find((x) => x.kind === 'column' && x.column === c.name && x.op === '=');
    if (r === undefined || r.kind !== 'column' || r.value.kind !== 'bindMarker') return [];
    out.push(r.value.index);
  }
  return out;
}

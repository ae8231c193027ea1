/**
 * Which partitions and rows one execution of a modification targets, and the checks Cassandra
 * makes on key values: no null ("Invalid null value in condition for column k"), no unset, no
 * empty single-column partition key, components within 65535 bytes.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { CqlColumn, CqlTable } from '../../schema/index.js';
import type { NameSlice } from '../../storage/read/slice-query.js';
import type { BoundValue } from '../execution/index.js';
import { encodePartitionKey } from '../../db/cql-layout/partition-key.js';

/** The longest key component (its length is a u16 in composite keys). */
export const KEY_COMPONENT_MAX = 0xffff;

export type RowSelection =
  /** No clustering restriction: the partition itself (its static row, or a partition deletion). */
  | { readonly kind: 'partition' }
  /** Whole rows by their full clustering values. */
  | { readonly kind: 'rows'; readonly clusterings: readonly (readonly Buffer[])[] }
  /** Rows under clustering prefixes or in clustering slices (DELETE): deleted by range tombstones. */
  | { readonly kind: 'ranges'; readonly slices: readonly NameSlice[] };

export interface TargetRows {
  /** Encoded partition keys, without duplicates. */
  readonly keys: readonly Buffer[];
  readonly rows: RowSelection;
}

/** A key column's value, checked. */
export function keyValue(v: BoundValue, column: CqlColumn): Buffer {
  if (v === null) throw new InvalidRequestError(`Invalid null value in condition for column ${column.name}`);
  if (typeof v === 'symbol') throw new InvalidRequestError(`Invalid unset value for column ${column.name}`);
  return v;
}

/** Encodes each combination of partition key values (one candidate list per column). */
export function partitionKeys(table: CqlTable, candidates: readonly (readonly Buffer[])[]): Buffer[] {
  // One value per column (no IN): one key, nothing to combine or deduplicate.
  if (candidates.every((list) => list.length === 1)) return [partitionKey(table, candidates.map((list) => list[0]!))];
  let combos: Buffer[][] = [[]];
  for (const list of candidates) combos = combos.flatMap((p) => list.map((v) => [...p, v]));
  const seen = new Set<string>();
  const out: Buffer[] = [];
  for (const values of combos) {
    const key = partitionKey(table, values);
    const id = key.toString('latin1');
    if (!seen.has(id)) {
      seen.add(id);
      out.push(key);
    }
  }
  return out;
}

/** One partition's key from its columns' values, checked. */
export function partitionKey(table: CqlTable, values: readonly Buffer[]): Buffer {
  if (values.length === 1) {
    const v = values[0]!;
    if (v.length === 0) throw new InvalidRequestError('Key may not be empty');
    if (v.length > KEY_COMPONENT_MAX) throw new InvalidRequestError(`Key length of ${v.length} is longer than maximum of ${KEY_COMPONENT_MAX}`);
    return v;
  }
  for (const v of values) if (v.length > KEY_COMPONENT_MAX) throw new InvalidRequestError(`Key length of ${v.length} is longer than maximum of ${KEY_COMPONENT_MAX}`);
  const key = encodePartitionKey(table, values);
  if (key.length > KEY_COMPONENT_MAX) throw new InvalidRequestError(`Key length of ${key.length} is longer than maximum of ${KEY_COMPONENT_MAX}`);
  return key;
}

/** Checks a row's clustering values as Cassandra does (their sum within 65535 bytes). */
export function checkClustering(values: readonly Buffer[]): void {
  let sum = 0;
  for (const v of values) sum += v.length;
  if (sum > KEY_COMPONENT_MAX) throw new InvalidRequestError(`The sum of all clustering columns is too long (${sum} > ${KEY_COMPONENT_MAX})`);
}

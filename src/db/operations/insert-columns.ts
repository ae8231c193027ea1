/**
 * insert_columns: what the TypeScript API's insert asks — columns of one row of one column family
 * (sub-columns under their super column's name for a Super CF), at one timestamp and optional
 * TTL. It is the batch_mutate of one row of column mutations, checked in the same order with the
 * same errors and applied as one atomic write through the same row writer (KEYS and CQL indexes
 * maintained), without building the mutation map, grouping rows or re-checking the keyspace per
 * mutation. `columnWriteMutations` gives the same request as batch_mutate mutations, for callers
 * that must send it that way (a network backend, a batch).
 */
import type { RequestContext } from './request-context.js';
import { writableColumnFamily } from './column-family-lookup.js';
import { RowUpdateBuilder } from './row-update-builder.js';
import type { Column, ConsistencyLevel, Mutation } from './thrift-types.js';
import { validateKey } from './thrift-validation.js';

/** One column to write: `superName` set for a Super CF's sub-column. */
export interface ColumnWrite {
  readonly superName: Buffer | undefined;
  readonly name: Buffer;
  readonly value: Buffer;
}

export function insertColumns(ctx: RequestContext, keyspace: string, columnFamily: string, key: Buffer, columns: readonly ColumnWrite[], timestamp: bigint, ttl: number | undefined, cl: ConsistencyLevel): Promise<void> {
  let row: RowUpdateBuilder;
  try {
    const cf = writableColumnFamily(ctx.schema(), keyspace, columnFamily);
    validateKey(cf, key);
    row = new RowUpdateBuilder(cf, key, ctx.nowSec);
    for (const c of columns) row.addCell(c.superName, c.name, c.value, timestamp, ttl);
  } catch (e) {
    return Promise.reject(e);
  }
  return ctx.store.apply([{ cf: row.cf, update: row.build() }], cl);
}

/** The same columns as batch_mutate mutations: one per column, sub-columns grouped under one SuperColumn per super column name. */
export function columnWriteMutations(columns: readonly ColumnWrite[], timestamp: bigint, ttl: number | undefined): Mutation[] {
  const out: Mutation[] = [];
  const supers = new Map<string, Column[]>();
  for (const c of columns) {
    const column: Column = ttl === undefined ? { name: c.name, value: c.value, timestamp } : { name: c.name, value: c.value, timestamp, ttl };
    if (c.superName === undefined) {
      out.push({ columnOrSuperColumn: { column } });
      continue;
    }
    const id = c.superName.toString('latin1');
    let sub = supers.get(id);
    if (sub === undefined) {
      supers.set(id, (sub = []));
      out.push({ columnOrSuperColumn: { superColumn: { name: c.superName, columns: sub } } });
    }
    sub.push(column);
  }
  return out;
}

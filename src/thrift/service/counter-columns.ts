/**
 * Counter column families over Thrift (the 0.8 calls): a column family counts when its
 * default_validation_class is CounterColumnType, Standard or Super. A counter is stored as the
 * CQL layer stores it (cql/modification/counter-operation.ts): an ordinary cell holding the
 * 8-byte sum, so CQL UPDATE … SET c = c + n and Thrift `add` work on the same cells. Reads of such
 * a column family answer CounterColumn / CounterSuperColumn instead of Column / SuperColumn.
 *
 * Which calls each kind of column family takes, with Cassandra 0.8's messages: insert, remove and
 * plain columns in batch_mutate refuse a counter column family; add, remove_counter and counter
 * columns in batch_mutate refuse any other.
 */
import type { ColumnOrSuperColumn, KeySlice } from '../../db/index.js';
import { CounterColumnType } from '../../marshal/index.js';
import type { ColumnFamilyDef } from '../../schema/index.js';
import type { CounterColumn, ThriftColumnOrSuperColumn, ThriftKeySlice } from './cassandra-service.js';
import { invalidRequest } from './thrift-exceptions.js';

export function isCounterColumnFamily(cf: ColumnFamilyDef): boolean {
  return cf.defaultValidator instanceof CounterColumnType;
}

/** For insert, remove and plain columns: the column family must not count. */
export function requireNonCounter(cf: ColumnFamilyDef): void {
  if (isCounterColumnFamily(cf)) throw invalidRequest(`invalid operation for commutative columnfamily ${cf.name}`);
}

/** For add, remove_counter and counter columns: the column family must count. */
export function requireCounter(cf: ColumnFamilyDef): void {
  if (!isCounterColumnFamily(cf)) throw invalidRequest(`invalid operation for non commutative columnfamily ${cf.name}`);
}

/** A stored counter cell's value (anything but 8 bytes reads as 0, as the CQL layer reads it). */
export function counterValue(bytes: Buffer | undefined): bigint {
  return bytes === undefined || bytes.length !== 8 ? 0n : bytes.readBigInt64BE(0);
}

/** A read's columns as a counter column family answers them; others' unchanged. */
export function shapeColumns(cf: ColumnFamilyDef, columns: readonly ColumnOrSuperColumn[]): ThriftColumnOrSuperColumn[] {
  return isCounterColumnFamily(cf) ? columns.map(asCounter) : [...columns];
}

export function shapeColumn(cf: ColumnFamilyDef, c: ColumnOrSuperColumn): ThriftColumnOrSuperColumn {
  return isCounterColumnFamily(cf) ? asCounter(c) : c;
}

export function shapeKeySlices(cf: ColumnFamilyDef, slices: readonly KeySlice[]): ThriftKeySlice[] {
  return isCounterColumnFamily(cf) ? slices.map((s) => ({ key: s.key, columns: s.columns.map(asCounter) })) : [...slices];
}

function asCounter(c: ColumnOrSuperColumn): ThriftColumnOrSuperColumn {
  const counter = (col: { readonly name: Buffer; readonly value: Buffer }): CounterColumn => ({ name: col.name, value: counterValue(col.value) });
  if (c.superColumn !== undefined) return { counterSuperColumn: { name: c.superColumn.name, columns: c.superColumn.columns.map(counter) } };
  return { counterColumn: counter(c.column!) };
}

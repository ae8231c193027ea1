/**
 * The receivers of the parts of a term, named as Cassandra names them for bind markers (drivers
 * show these names in prepared metadata): a collection literal's elements `value(c)`, a map's keys
 * `key(c)`, a list index `idx(c)`, a tuple's components `c[i]`, a UDT's fields `c.f`, a function's
 * arguments `arg0(system.f)`, an IN list `in(c)`.
 */
import type { AbstractType } from '../../marshal/index.js';
import type { ColumnSpec } from '../execution/cql-result.js';
import { SYSTEM_KEYSPACE } from '../functions/index.js';

/** The receiver `receiver` with another name and type. */
export function derivedSpec(receiver: ColumnSpec, name: string, type: AbstractType): ColumnSpec {
  return { keyspace: receiver.keyspace, table: receiver.table, name, type };
}

export const valueSpec = (c: ColumnSpec, type: AbstractType): ColumnSpec => derivedSpec(c, `value(${c.name})`, type);
export const keySpec = (c: ColumnSpec, type: AbstractType): ColumnSpec => derivedSpec(c, `key(${c.name})`, type);
export const indexSpec = (c: ColumnSpec, type: AbstractType): ColumnSpec => derivedSpec(c, `idx(${c.name})`, type);
export const componentSpec = (c: ColumnSpec, i: number, type: AbstractType): ColumnSpec => derivedSpec(c, `${c.name}[${i}]`, type);
export const fieldSpec = (c: ColumnSpec, field: string, type: AbstractType): ColumnSpec => derivedSpec(c, `${c.name}.${field}`, type);
export const inSpec = (c: ColumnSpec, type: AbstractType): ColumnSpec => derivedSpec(c, `in(${c.name})`, type);
export const argSpec = (c: ColumnSpec, fn: string, i: number, type: AbstractType): ColumnSpec => derivedSpec(c, `arg${i}(${SYSTEM_KEYSPACE}.${fn})`, type);

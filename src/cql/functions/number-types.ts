/**
 * The CQL number types as the arithmetic, aggregate and cast functions see them, and Cassandra's
 * result type of an operation between two of them (OperationFcts.returnType):
 *   floating = either operand is float, double or decimal
 *   size     = the larger operand size in bytes (counter counts as 8, varint and decimal as
 *              unbounded)
 *   result   = floating ? (size 4: float, 8: double, else decimal)
 *                       : (size 1: tinyint, 2: smallint, 4: int, 8: bigint, else varint)
 * so int + bigint is bigint, bigint + float is double, varint + float is decimal, counter + int is
 * bigint (docs/cql operators table).
 */
import type { AbstractType } from '../../marshal/abstract-type.js';
import { CQL_TYPES } from '../../marshal/type-parser.js';
import { unwrapReversed } from './type-compat.js';

export type NumberKind = 'tinyint' | 'smallint' | 'int' | 'bigint' | 'counter' | 'float' | 'double' | 'varint' | 'decimal';

export interface NumberTypeInfo {
  readonly kind: NumberKind;
  readonly type: AbstractType;
  /** Width of a fixed-size integer type in bits (counter: 64); null for the others. */
  readonly bits: 8 | 16 | 32 | 64 | null;
  /** Operand size for result promotion, in bytes (Infinity: unbounded). */
  readonly size: number;
  /** float, double or decimal. */
  readonly floating: boolean;
}

function info(kind: NumberKind, bits: NumberTypeInfo['bits'], size: number, floating: boolean): NumberTypeInfo {
  return { kind, type: CQL_TYPES.get(kind)!, bits, size, floating };
}

/** Every number type, in Cassandra's order. */
export const NUMBER_TYPES: readonly NumberTypeInfo[] = [
  info('tinyint', 8, 1, false),
  info('smallint', 16, 2, false),
  info('int', 32, 4, false),
  info('bigint', 64, 8, false),
  info('float', null, 4, true),
  info('double', null, 8, true),
  info('decimal', null, Infinity, true),
  info('varint', null, Infinity, false),
  info('counter', 64, 8, false),
];

const BY_KIND: ReadonlyMap<string, NumberTypeInfo> = new Map(NUMBER_TYPES.map((n) => [n.kind, n]));

/** The number type `type` is, or undefined for a non-number type. */
export function numberTypeInfo(type: AbstractType): NumberTypeInfo | undefined {
  const cql = unwrapReversed(type).cqlName;
  return cql === null ? undefined : BY_KIND.get(cql);
}

export function numberTypeOf(kind: NumberKind): NumberTypeInfo {
  return BY_KIND.get(kind)!;
}

/** The result type of an arithmetic operation between `left` and `right` (file comment). */
export function arithmeticResultType(left: NumberTypeInfo, right: NumberTypeInfo): NumberTypeInfo {
  const size = Math.max(left.size, right.size);
  if (left.floating || right.floating) return numberTypeOf(size === 4 ? 'float' : size === 8 ? 'double' : 'decimal');
  const bySize: Record<number, NumberKind> = { 1: 'tinyint', 2: 'smallint', 4: 'int', 8: 'bigint' };
  return numberTypeOf(bySize[size] ?? 'varint');
}

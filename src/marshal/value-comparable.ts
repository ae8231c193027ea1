/**
 * The byte-comparable form of a value as CQL sees it. IntegerType keeps a varint's width in its
 * comparable form (Thrift names come back as written, integer-type.ts), but Cassandra 4.0 treats a
 * CQL clustering value, set element or map key by its value: `blobAsVarint(0x0001)` and `1` are
 * one row. So CQL stores a varint there in its minimal form, as Ilium always did; other types,
 * and varints nested in tuples or UDTs, encode as their type does.
 */
import type { AbstractType } from './abstract-type.js';
import { IntegerType, redundantSignBytes } from './integer-type.js';
import { ReversedType } from './reversed-type.js';

export function valueComparable(type: AbstractType, bytes: Buffer): Buffer {
  const base = type instanceof ReversedType ? (type.baseType as AbstractType) : type;
  if (!(base instanceof IntegerType) || bytes.length === 0) return type.toComparable(bytes);
  return type.toComparable(bytes.subarray(redundantSignBytes(bytes)));
}

/**
 * Where a varint's width goes in byte-comparable forms that hold more than the varint.
 *
 * IntegerType keeps a varint's width after its minimal form (integer-type.ts), which orders equal
 * values by width right away. Inside a composite that would put the width before the components
 * that follow, where Cassandra compares those first; so composites encode their components' values
 * in the minimal form and append the widths after their end byte (`widths` below), as a tie-break
 * among names Cassandra calls equal. And Cassandra 4.0 treats a CQL clustering value, set element
 * or map key by its value (`blobAsVarint(0x0001)` and `1` are one row): CQL stores those in the
 * minimal form. Varints nested in tuples or UDTs encode as IntegerType does.
 *
 *   widths = ( WIDTH u32be(P1) … u32be(Pn) )?    one count per component (0 for non-varints),
 *                                                present when some Pi > 0; WIDTH = 0x50
 */
import { MarshalError } from '../errors/index.js';
import type { AbstractType } from './abstract-type.js';
import type { ComparableInput } from './byte-comparable.js';
import { IntegerType, redundantSignBytes } from './integer-type.js';
import { ReversedType } from './reversed-type.js';

/** The marker of a widths section. On disk: never change. */
const WIDTH = 0x50;
const REDUNDANT_BYTES_MAX = 1 << 24;

function isVarint(type: AbstractType): boolean {
  const base = type instanceof ReversedType ? (type.baseType as AbstractType) : type;
  return base instanceof IntegerType;
}

/** How many redundant sign bytes a value of `type` has (0 unless a non-empty varint). */
function widthOf(type: AbstractType, bytes: Buffer): number {
  return isVarint(type) && bytes.length > 0 ? redundantSignBytes(bytes) : 0;
}

/** The comparable form of a value by its value alone: a varint's minimal form. */
export function valueComparable(type: AbstractType, bytes: Buffer): Buffer {
  const w = widthOf(type, bytes);
  return type.toComparable(w === 0 ? bytes : bytes.subarray(w));
}

/** The widths section for components of `types` holding `values` (empty when all are minimal). */
export function widths(types: readonly AbstractType[], values: readonly Buffer[]): Buffer {
  const counts = values.map((v, i) => widthOf(types[i]!, v));
  if (counts.every((c) => c === 0)) return Buffer.alloc(0);
  const out = Buffer.allocUnsafe(1 + 4 * counts.length);
  out[0] = WIDTH;
  counts.forEach((c, i) => out.writeUInt32BE(c, 1 + 4 * i));
  return out;
}

/** Reads a widths section if one follows, giving each varint of `values` its sign bytes back. */
export function readWidths(input: ComparableInput, types: readonly AbstractType[], values: Buffer[]): void {
  if (input.peek() !== WIDTH) return;
  input.u8();
  for (let i = 0; i < values.length; i++) {
    const count = input.bytes(4).readUInt32BE(0);
    if (count === 0) continue;
    const v = values[i]!;
    if (!isVarint(types[i]!) || v.length === 0 || count > REDUNDANT_BYTES_MAX) throw new MarshalError(`bad width ${count} for component ${i} in byte-comparable bytes`);
    const out = Buffer.alloc(count + v.length, (v[0]! & 0x80) !== 0 ? 0xff : 0x00);
    v.copy(out, count);
    values[i] = out;
  }
}

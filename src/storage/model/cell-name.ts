/**
 * Cell names: how a path of clustering components (and a column name, and a collection element)
 * becomes one byte string whose unsigned byte order is the table's order.
 *
 *   name      = ( NEXT comp )* END
 *   bound     = ( NEXT comp )* ( BEFORE | AFTER )
 *   comp      = the component's byte-comparable encoding (marshal's `toComparable`), which is
 *               self-delimiting and never lets a separator byte be mistaken for its end
 *
 *   static    = STATIC ( NEXT comp )* END   a CQL static column's cell (STATIC = 0x30)
 *
 *   BEFORE = 0x20 < STATIC = 0x30 < END = 0x38 < NEXT = 0x40 < AFTER = 0x60
 *
 * Static cells sort after BOTTOM and before every clustering row, so a whole-partition slice sees
 * them first and a slice bounded by clustering values never does; [STATIC, STATIC_END] holds
 * exactly the static cells.
 *
 * So for a prefix P: every name extending P (P NEXT …) and P's own name (P END) sort strictly
 * between `P BEFORE` and `P AFTER`, and those two bounds delimit "P and everything under it" —
 * the range a super-column deletion, a CQL row deletion or a slice needs. The values are on-disk
 * constants: never change them.
 */
export const SEP_BEFORE = 0x20;
export const SEP_STATIC = 0x30;
export const SEP_END = 0x38;
export const SEP_NEXT = 0x40;
export const SEP_AFTER = 0x60;

/** Joins byte-comparable components into a full cell name. */
export function cellName(components: readonly Uint8Array[]): Buffer {
  let len = 1;
  for (const c of components) len += 1 + c.length;
  const out = Buffer.allocUnsafe(len);
  let pos = 0;
  for (const c of components) {
    out[pos++] = SEP_NEXT;
    out.set(c, pos);
    pos += c.length;
  }
  out[pos] = SEP_END;
  return out;
}

/** The prefix bytes `( NEXT comp )*` without a terminator. */
export function prefixBytes(components: readonly Uint8Array[]): Buffer {
  return cellName(components).subarray(0, -1);
}

/** Lowest bound: sorts before every name that starts with `components` (and after smaller ones). */
export function boundBefore(components: readonly Uint8Array[]): Buffer {
  const p = cellName(components);
  p[p.length - 1] = SEP_BEFORE;
  return p;
}

/** Highest bound: sorts after every name that starts with `components` (and before larger ones). */
export function boundAfter(components: readonly Uint8Array[]): Buffer {
  const p = cellName(components);
  p[p.length - 1] = SEP_AFTER;
  return p;
}

/** A static cell's name: STATIC then the components. */
export function staticCellName(components: readonly Uint8Array[]): Buffer {
  const rest = cellName(components);
  const out = Buffer.allocUnsafe(rest.length + 1);
  out[0] = SEP_STATIC;
  rest.copy(out, 1);
  return out;
}

/** Bounds holding every static cell (and nothing else). */
export const STATIC_START: Buffer = Buffer.from([SEP_STATIC]);
export const STATIC_END: Buffer = Buffer.from([SEP_STATIC, SEP_AFTER]);

/** The bound below every name: an empty prefix's BEFORE. */
export const BOTTOM: Buffer = Buffer.from([SEP_BEFORE]);
/** The bound above every name: an empty prefix's AFTER. */
export const TOP: Buffer = Buffer.from([SEP_AFTER]);

/**
 * Row filters: the restrictions no key, token bound or clustering slice serves (ALLOW FILTERING
 * on regular and static columns, clustering columns out of prefix order, partial partition keys,
 * CONTAINS, CONTAINS KEY, m[k] = v, mixed-order tuple ranges), checked on each row read. Values
 * compare in their column type's order (a DESC clustering column still compares by value); a
 * null (absent) value matches no restriction. A filter is bound once per execution.
 */
import type { AbstractType } from '../../marshal/index.js';
import { ListType, MapType, SetType, readCollectionValues } from '../../marshal/index.js';
import type { CqlColumn } from '../../schema/index.js';
import type { BoundValue } from '../execution/bound-value.js';
import type { ColumnRestriction, MultiColumnRestriction, SliceBound } from './restriction-records.js';

/** A row's serialized value of a column (collections in their frozen form), or null. */
export type RowValues = (column: CqlColumn) => Buffer | null;
export type RowPredicate = (row: RowValues) => boolean;
/** A filter prepared once, bound per execution. */
export type PreparedFilter = (values: readonly BoundValue[]) => RowPredicate;

/** Which parts of a column's restriction still need filtering. */
export interface FilterParts {
  readonly eqIn: boolean;
  readonly slice: boolean;
}

export function columnFilter(r: ColumnRestriction, parts: FilterParts): PreparedFilter | null {
  const c = r.column;
  const type = c.type;
  const checks: PreparedFilter[] = [];
  if (parts.eqIn && r.eq !== undefined) {
    const eq = r.eq;
    checks.push((vs) => {
      const want = eq(vs);
      return (row) => equal(type, row(c), want);
    });
  }
  if (parts.eqIn && r.in !== undefined) {
    const inFn = r.in;
    checks.push((vs) => {
      const want = inFn(vs);
      return (row) => want.some((w) => equal(type, row(c), w));
    });
  }
  if (parts.slice && (r.low !== undefined || r.high !== undefined)) {
    const { low, high } = r;
    checks.push((vs) => {
      const lo = low === undefined ? undefined : { value: low.value(vs), inclusive: low.inclusive };
      const hi = high === undefined ? undefined : { value: high.value(vs), inclusive: high.inclusive };
      return (row) => {
        const v = row(c);
        return v !== null && within((x, y) => type.compare(x, y), v, lo, hi);
      };
    });
  }
  for (const f of r.contains) checks.push((vs) => containsCheck(c, f(vs), 'value'));
  for (const f of r.containsKey) checks.push((vs) => containsCheck(c, f(vs), 'key'));
  for (const e of r.entries) {
    checks.push((vs) => {
      const k = e.key(vs);
      const v = e.value(vs);
      const t = type as MapType;
      return (row) => {
        const m = row(c);
        if (m === null || m.length === 0) return false;
        const flat = readCollectionValues(m, t.name, ['key', 'value']);
        for (let i = 0; i < flat.length; i += 2) if (t.keys.compare(flat[i]!, k) === 0) return t.valueType.compare(flat[i + 1]!, v) === 0;
        return false;
      };
    });
  }
  return checks.length === 0 ? null : all(checks);
}

/** A multi-column restriction checked on a row's clustering values. */
export function multiColumnFilter(r: MultiColumnRestriction): PreparedFilter {
  const cols = r.columns;
  const cmp = (row: RowValues, tuple: readonly Buffer[]): number | null => {
    for (let i = 0; i < tuple.length; i++) {
      const v = row(cols[i]!);
      if (v === null) return null;
      const c = cols[i]!.type.compare(v, tuple[i]!);
      if (c !== 0) return c;
    }
    return 0;
  };
  return (vs) => {
    if (r.eq !== undefined) {
      const want = r.eq(vs);
      return (row) => cmp(row, want) === 0;
    }
    if (r.in !== undefined) {
      const want = r.in(vs);
      return (row) => want.some((w) => cmp(row, w) === 0);
    }
    const lo = r.low === undefined ? undefined : { value: r.low.value(vs), inclusive: r.low.inclusive };
    const hi = r.high === undefined ? undefined : { value: r.high.value(vs), inclusive: r.high.inclusive };
    return (row) => {
      if (lo !== undefined) {
        const c = cmp(row, lo.value);
        if (c === null || c < 0 || (c === 0 && !lo.inclusive)) return false;
      }
      if (hi !== undefined) {
        const c = cmp(row, hi.value);
        if (c === null || c > 0 || (c === 0 && !hi.inclusive)) return false;
      }
      return true;
    };
  };
}

export function all(filters: readonly PreparedFilter[]): PreparedFilter {
  return (vs) => {
    const preds = filters.map((f) => f(vs));
    return (row) => preds.every((p) => p(row));
  };
}

function equal(type: AbstractType, v: Buffer | null, want: Buffer): boolean {
  return v !== null && type.compare(v, want) === 0;
}

export function within<V>(compare: (a: V, b: V) => number, v: V, lo: SliceBound<V> | undefined, hi: SliceBound<V> | undefined): boolean {
  if (lo !== undefined) {
    const c = compare(v, lo.value);
    if (c < 0 || (c === 0 && !lo.inclusive)) return false;
  }
  if (hi !== undefined) {
    const c = compare(v, hi.value);
    if (c > 0 || (c === 0 && !hi.inclusive)) return false;
  }
  return true;
}


/** CONTAINS (an element of a list or set, a value of a map) or CONTAINS KEY (a key of a map). */
function containsCheck(c: CqlColumn, want: Buffer, what: 'value' | 'key'): RowPredicate {
  const t = c.type;
  return (row) => {
    const v = row(c);
    if (v === null || v.length === 0) return false;
    if (t instanceof MapType) {
      const flat = readCollectionValues(v, t.name, ['key', 'value']);
      const elementType = what === 'key' ? t.keys : t.valueType;
      for (let i = what === 'key' ? 0 : 1; i < flat.length; i += 2) if (elementType.compare(flat[i]!, want) === 0) return true;
      return false;
    }
    if (t instanceof ListType || t instanceof SetType) {
      const elements = readCollectionValues(v, t.name, ['element']);
      return elements.some((e) => t.elements.compare(e, want) === 0);
    }
    return false;
  };
}

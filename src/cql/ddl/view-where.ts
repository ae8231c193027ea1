/**
 * A materialized view's WHERE clause (Cassandra 4.0's CreateViewStatement: the clause is read as a
 * SELECT's restrictions, StatementRestrictions, then checked for views): on a base primary key
 * column `=`, `IN (…)`, the ranges `<`, `<=`, `>`, `>=` (one lower and one upper bound at most) and
 * IS NOT NULL; on any other column only IS NOT NULL; every view key column restricted. Merging two
 * restrictions of one column fails as SingleColumnRestriction's mergeWith does, with its messages;
 * IS NOT NULL merges with anything (4.0's StatementRestrictions keeps those columns apart).
 * Multi-column relations `(c, d) > (1, 2)`, `(c, d) = (…)`, `(c, d) IN ((…), (…))` on clustering
 * columns in primary key order, checked with MultiColumnRelation's messages and merged as
 * MultiColumnRestriction merges (a single-column relation on a column of a multi-column one is
 * merged as a one-column tuple, as 4.0 converts it: `(c, d) > (1, 2) AND c < 5` is a slice).
 * Values are literals (a view's WHERE has no bind markers). Not supported in Ilium (refused):
 * the other relation kinds (!=, LIKE, CONTAINS, map elements), which 4.0 refuses for views too.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { type ColumnFamilyDef, type CqlColumn, type ViewFilter, type ViewFilterOp, filterColumns } from '../../schema/index.js';
import { type Relation, type Term, quoteIdentifier } from '../parser/index.js';
import { literalToBytes } from '../terms/literal-value.js';
import { termText } from '../terms/term-text.js';

const UNSUPPORTED = "Ilium supports only IS NOT NULL, =, IN, <, <=, > and >= restrictions in a materialized view's WHERE clause";

/** The WHERE clause as filters: every view key column restricted, non-key columns only with IS NOT NULL. */
export function viewFilters(where: readonly Relation[], base: ColumnFamilyDef, viewKey: ReadonlySet<string>): ViewFilter[] {
  const filters: ViewFilter[] = [];
  const byColumn = new Map<string, ViewFilter[]>();
  const illegal: string[] = [];
  const record = (f: ViewFilter): void => {
    for (const name of filterColumns(f)) byColumn.set(name, [...(byColumn.get(name) ?? []), f]);
    filters.push(f);
  };
  for (const r of where) {
    if (r.kind === 'token') throw new InvalidRequestError('Cannot use token relation when defining a materialized view');
    if (r.kind === 'multiColumn' || r.kind === 'multiColumnIn') {
      const f = multiColumnFilter(r, base);
      for (const e of new Set(filterColumns(f).flatMap((name) => byColumn.get(name) ?? []))) if (e.op !== 'IS NOT NULL') checkMultiMerge(e, f, base);
      record(f);
      continue;
    }
    if (r.kind !== 'isNotNull' && r.kind !== 'column' && r.kind !== 'in') throw new InvalidRequestError(UNSUPPORTED);
    const col = base.cql.columns.get(r.column);
    if (col === undefined) throw new InvalidRequestError(`Undefined column name ${r.column}`);
    const isKey = col.kind === 'partition_key' || col.kind === 'clustering';
    const value = (t: Term): Buffer => {
      if (t.kind !== 'literal') throw new InvalidRequestError(UNSUPPORTED);
      return literalToBytes(t, col.type, r.column);
    };
    let f: ViewFilter;
    if (r.kind === 'isNotNull') f = { column: r.column, op: 'IS NOT NULL', values: [] };
    else if (r.kind === 'in') {
      if (r.values.kind !== 'values') throw new InvalidRequestError(UNSUPPORTED);
      f = { column: r.column, op: 'IN', values: r.values.values.map(value) };
    } else {
      if (r.op === '!=' || r.op === 'LIKE' || r.op === 'CONTAINS' || r.op === 'CONTAINS KEY') throw new InvalidRequestError(UNSUPPORTED);
      f = { column: r.column, op: r.op, values: [value(r.value)] };
    }
    // IS NOT NULL is no restriction to merge (4.0 keeps such columns apart: notNullColumns).
    if (f.op !== 'IS NOT NULL') for (const e of byColumn.get(r.column) ?? []) if (e.op !== 'IS NOT NULL') (e.columns === undefined ? checkMerge(e, f) : checkMultiMerge(e, f, base));
    if (!isKey && f.op !== 'IS NOT NULL') {
      byColumn.set(r.column, [...(byColumn.get(r.column) ?? []), f]);
      if (!illegal.includes(r.column)) illegal.push(r.column);
      continue;
    }
    record(f);
  }
  const unrestricted = [...viewKey].filter((k) => !byColumn.has(k));
  if (unrestricted.length > 0) throw new InvalidRequestError(`Primary key columns ${unrestricted.join(', ')} must be restricted with 'IS NOT NULL' or otherwise`);
  if (illegal.length > 0) throw new InvalidRequestError(`Non-primary key columns can only be restricted with 'IS NOT NULL' (got: ${illegal.join(',')} restricted illegally)`);
  return filters;
}

/** Two restrictions of one column, as Cassandra 4.0's SingleColumnRestriction merges them. */
function checkMerge(first: ViewFilter, next: ViewFilter): void {
  const name = first.column;
  if (first.op === '=') throw new InvalidRequestError(`${name} cannot be restricted by more than one relation if it includes an Equal`);
  if (first.op === 'IN') throw new InvalidRequestError(`${name} cannot be restricted by more than one relation if it includes a IN`);
  if (!isSlice(next.op)) throw new InvalidRequestError(`Column "${name}" cannot be restricted by both an equality and an inequality relation`);
  if (isLower(first.op) === isLower(next.op)) throw new InvalidRequestError(`More than one restriction was found for the ${isLower(next.op) ? 'start' : 'end'} bound on ${name}`);
}

/** A multi-column relation as a filter, its columns checked as 4.0's MultiColumnRelation.receivers checks them. */
function multiColumnFilter(r: Extract<Relation, { kind: 'multiColumn' | 'multiColumnIn' }>, base: ColumnFamilyDef): ViewFilter {
  const text = relationText(r);
  const cols: CqlColumn[] = [];
  for (const name of r.columns) {
    const col = base.cql.columns.get(name);
    if (col === undefined) throw new InvalidRequestError(`Undefined column name ${name}`);
    if (col.kind !== 'clustering') throw new InvalidRequestError(`Multi-column relations can only be applied to clustering columns but was applied to: ${name}`);
    if (cols.includes(col)) throw new InvalidRequestError(`Column "${name}" appeared twice in a relation: ${text}`);
    const previous = cols[cols.length - 1];
    if (previous !== undefined && col.position !== previous.position + 1) throw new InvalidRequestError(`Clustering columns must appear in the PRIMARY KEY order in multi-column relations: ${text}`);
    cols.push(col);
  }
  const tuple = (t: Term): Buffer[] => {
    if (t.kind !== 'tuple') throw new InvalidRequestError(UNSUPPORTED);
    // Tuples.Literal.validateAssignableTo's message (4.0).
    if (t.elements.length !== cols.length) throw new InvalidRequestError(`Expected ${cols.length} elements in value tuple, but got ${t.elements.length}: ${termText(t)}`);
    return t.elements.map((e, i) => {
      if (e.kind !== 'literal') throw new InvalidRequestError(UNSUPPORTED);
      return literalToBytes(e, cols[i]!.type, cols[i]!.name);
    });
  };
  const columns = { column: cols[0]!.name, columns: cols.map((c) => c.name) };
  if (r.kind === 'multiColumnIn') {
    if (r.values.kind !== 'values') throw new InvalidRequestError(UNSUPPORTED);
    const values = r.values.values.map(tuple);
    // MultiColumnRelation.newINRestriction: one tuple is an equality.
    return { ...columns, op: values.length === 1 ? '=' : 'IN', values: values.flat() };
  }
  if (r.op === '!=') throw new InvalidRequestError(UNSUPPORTED);
  return { ...columns, op: r.op, values: tuple(r.value) };
}

/**
 * Two restrictions sharing clustering columns, one of them multi-column, as 4.0's
 * MultiColumnRestriction merges them (a single-column one taken as a one-column tuple). The shared
 * columns are named in primary key order joined by " ," as getColumnsInCommons joins them (4.0
 * takes them from a HashSet, so its order for two or more may differ).
 */
function checkMultiMerge(first: ViewFilter, next: ViewFilter, base: ColumnFamilyDef): void {
  const firstColumns = filterColumns(first);
  const nextColumns = filterColumns(next);
  const common = firstColumns.filter((c) => nextColumns.includes(c)).join(' ,');
  if (first.op === '=') throw new InvalidRequestError(`${common} cannot be restricted by more than one relation if it includes an Equal`);
  if (first.op === 'IN') throw new InvalidRequestError(`${common} cannot be restricted by more than one relation if it includes a IN`);
  if (!isSlice(next.op)) throw new InvalidRequestError(`Column "${common}" cannot be restricted by both an equality and an inequality relation`);
  if (first.column !== next.column) {
    const position = (name: string): number => base.cql.columns.get(name)!.position;
    throw new InvalidRequestError(`Column "${position(first.column) > position(next.column) ? first.column : next.column}" cannot be restricted by two inequalities not starting with the same column`);
  }
  if (isLower(first.op) === isLower(next.op)) throw new InvalidRequestError(`More than one restriction was found for the ${isLower(next.op) ? 'start' : 'end'} bound on ${common}`);
}

const isSlice = (op: ViewFilterOp): boolean => op === '<' || op === '<=' || op === '>' || op === '>=';
const isLower = (op: ViewFilterOp): boolean => op === '>' || op === '>=';

/** A relation as Cassandra prints a view's where_clause. */
export function relationText(r: Relation): string {
  if (r.kind === 'isNotNull') return `${quoteIdentifier(r.column)} IS NOT NULL`;
  if (r.kind === 'column') return `${quoteIdentifier(r.column)} ${r.op} ${termText(r.value)}`;
  if (r.kind === 'in' && r.values.kind === 'values') return `${quoteIdentifier(r.column)} IN (${r.values.values.map(termText).join(', ')})`;
  const tuple = r.kind === 'multiColumn' || r.kind === 'multiColumnIn' ? `(${r.columns.map(quoteIdentifier).join(', ')})` : '';
  if (r.kind === 'multiColumn') return `${tuple} ${r.op} ${termText(r.value)}`;
  if (r.kind === 'multiColumnIn' && r.values.kind === 'values') return `${tuple} IN (${r.values.values.map(termText).join(', ')})`;
  return '';
}

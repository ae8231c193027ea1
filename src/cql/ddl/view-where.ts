/**
 * A materialized view's WHERE clause (Cassandra 4.0's CreateViewStatement: the clause is read as a
 * SELECT's restrictions, StatementRestrictions, then checked for views): on a base primary key
 * column `=`, `IN (…)`, the ranges `<`, `<=`, `>`, `>=` (one lower and one upper bound at most) and
 * IS NOT NULL; on any other column only IS NOT NULL; every view key column restricted. Merging two
 * restrictions of one column fails as SingleColumnRestriction's mergeWith does, with its messages;
 * IS NOT NULL merges with anything (4.0's StatementRestrictions keeps those columns apart).
 * Values are literals (a view's WHERE has no bind markers). Not supported in Ilium (refused):
 * multi-column relations `(b, c) > (1, 2)` and the other relation kinds.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { ColumnFamilyDef, ViewFilter, ViewFilterOp } from '../../schema/index.js';
import { type Relation, type Term, quoteIdentifier } from '../parser/index.js';
import { literalToBytes } from '../terms/literal-value.js';
import { termText } from '../terms/term-text.js';

const UNSUPPORTED = "Ilium supports only IS NOT NULL, =, IN, <, <=, > and >= restrictions of single columns in a materialized view's WHERE clause";

/** The WHERE clause as filters: every view key column restricted, non-key columns only with IS NOT NULL. */
export function viewFilters(where: readonly Relation[], base: ColumnFamilyDef, viewKey: ReadonlySet<string>): ViewFilter[] {
  const filters: ViewFilter[] = [];
  const byColumn = new Map<string, ViewFilter[]>();
  const illegal: string[] = [];
  for (const r of where) {
    if (r.kind === 'token') throw new InvalidRequestError('Cannot use token relation when defining a materialized view');
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
    const earlier = byColumn.get(r.column) ?? [];
    // IS NOT NULL is no restriction to merge (4.0 keeps such columns apart: notNullColumns).
    if (f.op !== 'IS NOT NULL') for (const e of earlier) if (e.op !== 'IS NOT NULL') checkMerge(e, f);
    byColumn.set(r.column, [...earlier, f]);
    if (!isKey && f.op !== 'IS NOT NULL') {
      if (!illegal.includes(r.column)) illegal.push(r.column);
      continue;
    }
    filters.push(f);
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

const isSlice = (op: ViewFilterOp): boolean => op === '<' || op === '<=' || op === '>' || op === '>=';
const isLower = (op: ViewFilterOp): boolean => op === '>' || op === '>=';

/** A relation as Cassandra prints a view's where_clause. */
export function relationText(r: Relation): string {
  if (r.kind === 'isNotNull') return `${quoteIdentifier(r.column)} IS NOT NULL`;
  if (r.kind === 'column') return `${quoteIdentifier(r.column)} ${r.op} ${termText(r.value)}`;
  if (r.kind === 'in' && r.values.kind === 'values') return `${quoteIdentifier(r.column)} IN (${r.values.values.map(termText).join(', ')})`;
  return '';
}

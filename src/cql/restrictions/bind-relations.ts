/**
 * WHERE relations → restriction records (restriction-records.ts): each column named is resolved
 * ("Undefined column name x"), each term bound to its receiver — the column, `in(c)` for `IN ?`
 * (a frozen list of the column's type), `value(c)` / `key(c)` for CONTAINS, CONTAINS KEY and map
 * entries, `(a,b)` / `in(a,b)` for tuples, `partition key token` for token() — and relations
 * Cassandra refuses are refused here with its messages.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { Partitioner } from '../../dht/index.js';
import { type AbstractType, ListType, MapType, SetType, TupleType, isMultiCell } from '../../marshal/index.js';
import type { CqlColumn, CqlTable } from '../../schema/index.js';
import type { ColumnSpec } from '../execution/cql-result.js';
import type { CompareOperator, InValues, Relation, RelationOperator, Term } from '../parser/index.js';
import { type BoundTerm, type TermScope, bindTerm } from '../terms/index.js';
import { encodePartitionKey } from '../../db/cql-layout/partition-key.js';
import { type NullMessage, type ValueFn, type ValuesFn, checkedValue, listValues, markerListValues, nullInCondition, nullPartitionKey, tupleComponents } from './bound-values.js';
import { type ColumnRestriction, type MultiColumnRestriction, type TokenFn, type TokenRestriction, type TupleFn, addBound, addEq, addIn, newColumnRestriction } from './restriction-records.js';
import { tokenFromValue, tokenType } from './token-bounds.js';

export interface BoundRelations {
  readonly columns: Map<string, ColumnRestriction>;
  readonly multi: MultiColumnRestriction[];
  token: TokenRestriction | null;
}

interface Binder {
  readonly table: CqlTable;
  readonly keyspace: string;
  readonly tableName: string;
  readonly scope: TermScope;
  readonly partitioner: Partitioner;
}

export function bindRelations(relations: readonly Relation[], table: CqlTable, keyspace: string, tableName: string, scope: TermScope): BoundRelations {
  const b: Binder = { table, keyspace, tableName, scope, partitioner: scope.ctx.partitioner };
  const out: BoundRelations = { columns: new Map(), multi: [], token: null };
  for (const r of relations) bindRelation(b, r, out);
  return out;
}

function column(b: Binder, name: string): CqlColumn {
  const c = b.table.columns.get(name);
  if (c === undefined) throw new InvalidRequestError(`Undefined column name ${name}`);
  return c;
}

function spec(b: Binder, name: string, type: AbstractType): ColumnSpec {
  return { keyspace: b.keyspace, table: b.tableName, name, type };
}

function recordOf(out: BoundRelations, c: CqlColumn): ColumnRestriction {
  let r = out.columns.get(c.name);
  if (r === undefined) out.columns.set(c.name, (r = newColumnRestriction(c)));
  return r;
}

function nullMessageOf(c: CqlColumn): NullMessage {
  return c.kind === 'partition_key' ? nullPartitionKey : nullInCondition;
}

function value(b: Binder, term: Term, receiver: ColumnSpec, onNull: NullMessage, columnName = receiver.name): ValueFn {
  return checkedValue(bindTerm(term, receiver, b.scope), receiver.type, columnName, onNull);
}

function bindRelation(b: Binder, r: Relation, out: BoundRelations): void {
  switch (r.kind) {
    case 'column':
      return bindColumnRelation(b, r.column, r.op, r.value, out);
    case 'in': {
      const c = column(b, r.column);
      checkNotMultiCell(c, 'IN');
      return addIn(recordOf(out, c), inValues(b, c, r.values), c.name);
    }
    case 'element':
      return bindElement(b, r.column, r.key, r.op, r.value, out);
    case 'token':
      return bindToken(b, r.columns, r.op, r.value, out);
    case 'multiColumn':
      return bindMultiColumn(b, r.columns, r.op, r.value, out);
    case 'multiColumnIn':
      return bindMultiColumnIn(b, r.columns, r.values, out);
    case 'isNotNull':
      column(b, r.column);
      throw new InvalidRequestError(`Unsupported restriction: ${r.column} IS NOT NULL`);
    case 'customIndex':
      throw new InvalidRequestError(`No custom index named ${r.index.name} on ${b.keyspace}.${b.tableName}`);
  }
}

function checkNotMultiCell(c: CqlColumn, op: string): void {
  if (isMultiCell(c.type)) throw new InvalidRequestError(`Collection column '${c.name}' (${c.type.cqlName ?? c.type.name}) cannot be restricted by a '${op}' relation`);
}

function bindColumnRelation(b: Binder, name: string, op: RelationOperator, term: Term, out: BoundRelations): void {
  const c = column(b, name);
  const rec = recordOf(out, c);
  switch (op) {
    case '=':
      checkNotMultiCell(c, '=');
      {
        const bound = bindTerm(term, spec(b, c.name, c.type), b.scope);
        addEq(rec, checkedValue(bound, c.type, c.name, nullMessageOf(c)), c.name);
        if (bound.markerIndex !== undefined) rec.eqMarker = bound.markerIndex;
      }
      return;
    case '<':
    case '<=':
    case '>':
    case '>=':
      checkNotMultiCell(c, op);
      if (c.type instanceof ListType || c.type instanceof SetType || c.type instanceof MapType) {
        if (c.kind === 'regular' || c.kind === 'static') throw new InvalidRequestError(`Slice restrictions are not supported on collection column ${c.name}`);
      }
      return addBound(rec, op, value(b, term, spec(b, c.name, c.type), nullMessageOf(c)), c.name);
    case '!=':
      throw new InvalidRequestError(`Unsupported "!=" relation: ${c.name} != ${termText(term)}`);
    case 'LIKE':
      // Whether an index serves it is decided with the table's indexes (where-clause.ts).
      checkNotMultiCell(c, 'LIKE');
      rec.like.push({ value: value(b, term, spec(b, c.name, c.type), nullInCondition), text: `${c.name} LIKE ${termText(term)}` });
      return;
    case 'CONTAINS': {
      const t = c.type;
      if (!(t instanceof ListType || t instanceof SetType || t instanceof MapType)) throw new InvalidRequestError(`Cannot use CONTAINS on non-collection column ${c.name}`);
      const elementType = t instanceof MapType ? t.valueType : t.elements;
      rec.contains.push(value(b, term, spec(b, `value(${c.name})`, elementType as AbstractType), nullInCondition, c.name));
      return;
    }
    case 'CONTAINS KEY': {
      const t = c.type;
      if (!(t instanceof MapType)) throw new InvalidRequestError(`Cannot use CONTAINS KEY on non-map column ${c.name}`);
      rec.containsKey.push(value(b, term, spec(b, `key(${c.name})`, t.keys as AbstractType), nullInCondition, c.name));
      return;
    }
  }
}

function bindElement(b: Binder, name: string, key: Term, op: CompareOperator, term: Term, out: BoundRelations): void {
  const c = column(b, name);
  const t = c.type;
  if (!(t instanceof MapType)) throw new InvalidRequestError(`Map-entry relations are only supported on map columns: ${c.name} is of type ${t.cqlName ?? t.name}`);
  if (!t.isMultiCell) throw new InvalidRequestError(`Map-entry equality predicates on frozen map column ${c.name} are not supported`);
  if (op !== '=') throw new InvalidRequestError(`Only EQ relations are supported on map entries: ${c.name}[${termText(key)}] ${op} ${termText(term)}`);
  recordOf(out, c).entries.push({
    key: value(b, key, spec(b, `key(${c.name})`, t.keys as AbstractType), nullInCondition, c.name),
    value: value(b, term, spec(b, `value(${c.name})`, t.valueType as AbstractType), nullInCondition, c.name),
  });
}

function inValues(b: Binder, c: CqlColumn, values: InValues): ValuesFn {
  if (values.kind === 'bindMarker') {
    const marker = bindTerm(values, spec(b, `in(${c.name})`, new ListType(c.type, false)), b.scope);
    return markerListValues(marker, c.type, c.name);
  }
  return listValues(values.values.map((t) => value(b, t, spec(b, c.name, c.type), nullMessageOf(c))));
}

// ---- token() ----

function bindToken(b: Binder, names: readonly string[], op: CompareOperator, term: Term, out: BoundRelations): void {
  const pk = b.table.partitionKey;
  const cols = names.map((n) => column(b, n));
  if (cols.length !== pk.length || cols.some((c) => c.kind !== 'partition_key')) {
    throw new InvalidRequestError('The token() function must be applied to all partition key components or none of them');
  }
  if (cols.some((c, i) => c !== pk[i])) throw new InvalidRequestError(`The token function arguments must be in the partition key order: ${pk.map((c) => c.name).join(', ')}`);
  const label = `token(${pk.map((c) => c.name).join(', ')})`;
  const fn = tokenValue(b, term);
  const rec = (out.token ??= {});
  switch (op) {
    case '=':
      if (rec.low !== undefined || rec.high !== undefined) throw new InvalidRequestError(`${label} cannot be restricted by more than one relation if it includes an Equal`);
      rec.low = { value: fn, inclusive: true };
      rec.high = { value: fn, inclusive: true };
      return;
    case '!=':
      throw new InvalidRequestError(`Unsupported "!=" relation: ${label} != ${termText(term)}`);
    default:
      if ((op === '>' || op === '>=') && rec.low !== undefined && rec.low === rec.high) throw new InvalidRequestError(`${label} cannot be restricted by more than one relation if it includes an Equal`);
      return addBound(rec, op, fn, label);
  }
}

/** `token(k) op token(1)` (the key's token computed) or `op <token value>` / `op ?`. */
function tokenValue(b: Binder, term: Term): TokenFn {
  const p = b.partitioner;
  if (term.kind === 'functionCall' && term.name.name === 'token' && (term.name.keyspace === null || term.name.keyspace === 'system')) {
    const pk = b.table.partitionKey;
    if (term.args.length !== pk.length) throw new InvalidRequestError(`Invalid number of arguments in call to function token: ${pk.length} required but ${term.args.length} provided`);
    const parts = term.args.map((a, i) => value(b, a, spec(b, pk[i]!.name, pk[i]!.type), nullPartitionKey));
    return (values) => p.token(encodePartitionKey(b.table, parts.map((f) => f(values))));
  }
  const type = tokenType(p);
  const v = checkedValue(bindTerm(term, spec(b, 'partition key token', type), b.scope), type, 'partition key token', () => 'Invalid null token value');
  return (values) => tokenFromValue(p, v(values));
}

// ---- multi-column relations ----

function multiColumns(b: Binder, names: readonly string[]): CqlColumn[] {
  const cols = names.map((n) => column(b, n));
  for (const c of cols) if (c.kind !== 'clustering') throw new InvalidRequestError(`Multi-column relations can only be applied to clustering columns but was applied to: ${c.name}`);
  const seen = new Set<string>();
  for (const c of cols) {
    if (seen.has(c.name)) throw new InvalidRequestError(`Column "${c.name}" appeared twice in a relation: (${names.join(', ')})`);
    seen.add(c.name);
  }
  for (let i = 1; i < cols.length; i++) {
    if (cols[i]!.position !== cols[i - 1]!.position + 1) {
      if (cols[i]!.position < cols[i - 1]!.position) throw new InvalidRequestError(`Clustering columns must appear in the PRIMARY KEY order in multi-column relations: (${names.join(', ')})`);
      throw new InvalidRequestError(`Clustering columns may not be skipped in multi-column relations. They should appear in the PRIMARY KEY order. Got (${names.join(', ')})`);
    }
  }
  return cols;
}

function multiRecord(out: BoundRelations, cols: readonly CqlColumn[]): MultiColumnRestriction {
  const same = out.multi.find((m) => m.columns.length === cols.length && m.columns.every((c, i) => c === cols[i]));
  if (same !== undefined) return same;
  const r: MultiColumnRestriction = { columns: cols };
  out.multi.push(r);
  return r;
}

function tupleValue(b: Binder, cols: readonly CqlColumn[], term: Term): TupleFn {
  const label = `(${cols.map((c) => c.name).join(',')})`;
  if (term.kind === 'tuple') {
    if (term.elements.length !== cols.length) throw new InvalidRequestError(`Expected ${cols.length} elements in value tuple, but got ${term.elements.length}: ${termText(term)}`);
    const parts = term.elements.map((e, i) => value(b, e, spec(b, cols[i]!.name, cols[i]!.type), nullInCondition));
    return (values) => parts.map((f) => f(values));
  }
  const types = cols.map((c) => c.type);
  const marker: BoundTerm = bindTerm(term, spec(b, label, new TupleType(types)), b.scope);
  const whole = checkedValue(marker, new TupleType(types), label, nullInCondition);
  return (values) => tupleComponents(whole(values), types, label);
}

function bindMultiColumn(b: Binder, names: readonly string[], op: CompareOperator, term: Term, out: BoundRelations): void {
  const cols = multiColumns(b, names);
  const rec = multiRecord(out, cols);
  const label = `(${cols.map((c) => c.name).join(',')})`;
  const fn = tupleValue(b, cols, term);
  if (op === '=') return addEq(rec, fn, label);
  if (op === '!=') throw new InvalidRequestError(`Unsupported "!=" relation: ${label} != ${termText(term)}`);
  return addBound(rec, op, fn, label);
}

function bindMultiColumnIn(b: Binder, names: readonly string[], values: InValues, out: BoundRelations): void {
  const cols = multiColumns(b, names);
  const rec = multiRecord(out, cols);
  const label = `(${cols.map((c) => c.name).join(',')})`;
  if (values.kind === 'bindMarker') {
    const types = cols.map((c) => c.type);
    const tuple = new TupleType(types);
    const marker = bindTerm(values, spec(b, `in(${cols.map((c) => c.name).join(',')})`, new ListType(tuple, false)), b.scope);
    const list = markerListValues(marker, tuple, label);
    return addIn(rec, (vs) => list(vs).map((t) => tupleComponents(t, types, label)), label);
  }
  const tuples = values.values.map((t) => tupleValue(b, cols, t));
  return addIn(rec, (vs) => tuples.map((t) => t(vs)), label);
}

/** How a term reads in a message. */
export function termText(t: Term): string {
  switch (t.kind) {
    case 'literal':
      return t.type === 'string' ? `'${t.text.replace(/'/g, "''")}'` : t.text;
    case 'bindMarker':
      return t.name === null ? '?' : `:${t.name}`;
    case 'null':
      return 'null';
    case 'tuple':
      return `(${t.elements.map(termText).join(', ')})`;
    case 'list':
      return `[${t.elements.map(termText).join(', ')}]`;
    case 'set':
      return `{${t.elements.map(termText).join(', ')}}`;
    case 'functionCall':
      return `${t.name.name}(${t.args.map(termText).join(', ')})`;
    default:
      return t.kind;
  }
}

/**
 * DESCRIBE / DESC, served as Cassandra 4.0 does: rows of (keyspace_name, type, name) for the
 * listings (KEYSPACES, TABLES, TYPES, FUNCTIONS, AGGREGATES) and (keyspace_name, type, name,
 * create_statement) for objects (KEYSPACE with everything in it, TABLE with its indexes, TYPE,
 * FUNCTION and AGGREGATE (every overload), INDEX, MATERIALIZED VIEW, SCHEMA, FULL SCHEMA; a table is
 * followed by its indexes and views); CLUSTER gives the cluster name, partitioner and snitch, and the
 * ring's range ownership when a keyspace is in use. System keyspaces are described as plain
 * CREATE statements and virtual ones (system_virtual_schema, system_views) as comments, as
 * Cassandra 4.0 does; both only by FULL SCHEMA or by name. Listings are in name order, system
 * keyspaces among the others (checked against Cassandra's DescribeStatementTest).
 */
import { InvalidRequestError } from '../../errors/index.js';
import { UTF8_TYPE } from '../../marshal/index.js';
import { type KeyspaceDef, isSystemKeyspace } from '../../schema/index.js';
import type { ClientState, ColumnSpec, CqlContext, CqlResult, CqlStatement, Preparer } from '../execution/index.js';
import type { DescribeStatement, DescribeTarget, QualifiedName } from '../parser/index.js';
import { clusterRows } from './describe-cluster.js';
import { functionCql, functionElementName, functionsInOrder, indexCql, indexesOf, keyspaceCql, tableCql, typeCql, typesInOrder, viewCql, virtualKeyspaceCql, virtualTableCql } from './create-statements.js';
import { pushAll } from '../../util/push-all.js';

const spec = (name: string): ColumnSpec => ({ keyspace: 'system', table: 'describe', name, type: UTF8_TYPE });
const LIST_COLUMNS = ['keyspace_name', 'type', 'name'].map(spec);
const ELEMENT_COLUMNS = [...LIST_COLUMNS, spec('create_statement')];

type Element = readonly [keyspace: string, type: string, name: string, statement: string];

export const prepareDescribe: Preparer<DescribeStatement> = (stmt, _parsed, ctx) => {
  const columns = stmt.target.kind === 'cluster' ? null : isListing(stmt.target) ? LIST_COLUMNS : ELEMENT_COLUMNS;
  const statement: CqlStatement = {
    kind: 'describe',
    bindVariables: [],
    pkIndexes: [],
    resultColumns: columns,
    execute: (state) => {
      try {
        return Promise.resolve(describe(stmt.target, ctx, state));
      } catch (e) {
        return Promise.reject(e);
      }
    },
  };
  return statement;
};

function isListing(t: DescribeTarget): boolean {
  return ['keyspaces', 'tables', 'types', 'functions', 'aggregates'].includes(t.kind);
}

function describe(target: DescribeTarget, ctx: CqlContext, state: ClientState): CqlResult {
  if (target.kind === 'cluster') return clusterRows(ctx, state.keyspace);
  if (isListing(target)) return listing(target.kind, ctx, state.keyspace);
  return elements(objects(target, ctx, state.keyspace));
}

function rowsOf(columns: readonly ColumnSpec[], values: readonly (readonly string[])[]): CqlResult {
  return { kind: 'rows', columns, rows: values.map((r) => r.map((v) => UTF8_TYPE.decompose(v))) };
}

function elements(list: readonly Element[]): CqlResult {
  return rowsOf(ELEMENT_COLUMNS, list);
}

/** User keyspaces (and when `withSystem` the system and virtual ones), in name order. */
function allKeyspaces(ctx: CqlContext, withSystem: boolean): KeyspaceDef[] {
  const user = ctx.schema().keyspaces.filter((ks) => withSystem || !isInternal(ks));
  const all = withSystem ? [...user, ...ctx.virtualTables.keyspaces()] : user;
  return all.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function listing(kind: string, ctx: CqlContext, session: string | undefined): CqlResult {
  const scope = (ks: KeyspaceDef) => session === undefined || ks.name === session;
  const all = allKeyspaces(ctx, true);
  const rows: string[][] = [];
  for (const ks of all) {
    if (kind === 'keyspaces') rows.push([ks.name, 'keyspace', ks.name]);
    if (kind === 'tables' && scope(ks)) for (const t of sorted(baseTables(ks).map((x) => x.name))) rows.push([ks.name, 'table', t]);
    if (kind === 'types' && scope(ks)) for (const t of sorted(ks.types.map((x) => x.typeName))) rows.push([ks.name, 'type', t]);
    if ((kind === 'functions' || kind === 'aggregates') && scope(ks)) {
      const what = kind === 'functions' ? 'function' : 'aggregate';
      for (const d of functionsInOrder(ks, what)) rows.push([ks.name, what, functionElementName(d)]);
    }
  }
  return rowsOf(LIST_COLUMNS, rows);
}

function sorted(names: string[]): string[] {
  return names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function findKeyspace(ctx: CqlContext, name: string): KeyspaceDef | undefined {
  return ctx.schema().keyspace(name) ?? ctx.virtualTables.keyspaces().find((k) => k.name === name);
}

function keyspaceNamed(ctx: CqlContext, name: QualifiedName, session: string | undefined): KeyspaceDef {
  const ksName = name.keyspace ?? session;
  if (ksName === undefined) throw new InvalidRequestError('No keyspace specified and no current keyspace');
  const ks = findKeyspace(ctx, ksName);
  if (ks === undefined) throw new InvalidRequestError(`'${ksName}' not found in keyspaces`);
  return ks;
}

function objects(target: DescribeTarget, ctx: CqlContext, session: string | undefined): Element[] {
  switch (target.kind) {
    case 'schema':
      return allKeyspaces(ctx, target.full).flatMap((ks) => keyspaceElements(ks, false));
    case 'keyspace': {
      const ks = keyspaceNamed(ctx, { keyspace: target.keyspace, name: '' }, session);
      return keyspaceElements(ks, target.only);
    }
    case 'table':
      return tableElements(keyspaceNamed(ctx, target.table, session), target.table.name);
    case 'type':
      return typeElements(keyspaceNamed(ctx, target.type, session), target.type.name);
    case 'index':
      return indexElements(keyspaceNamed(ctx, target.index, session), target.index.name);
    case 'generic':
      return generic(target.name, ctx, session);
    case 'materializedView':
      return viewElements(keyspaceNamed(ctx, target.view, session), target.view.name);
    case 'function':
    case 'aggregate':
      return functionElements(keyspaceNamed(ctx, target.name, session), target.kind, target.name.name);
    default:
      throw new InvalidRequestError(`DESCRIBE ${target.kind} is not supported`);
  }
}

/** `DESCRIBE x`: a keyspace x, or a table, index or type x of the keyspace. */
function generic(name: QualifiedName, ctx: CqlContext, session: string | undefined): Element[] {
  if (name.keyspace === null) {
    const ks = findKeyspace(ctx, name.name);
    if (ks !== undefined) return keyspaceElements(ks, false);
  }
  const ks = keyspaceNamed(ctx, name, session);
  if (ks.tables.some((t) => t.name === name.name && t.view !== null)) return viewElements(ks, name.name);
  if (ks.tables.some((t) => t.name === name.name)) return tableElements(ks, name.name);
  if (ks.tables.some((t) => indexesOf(t).some((i) => i.name === name.name))) return indexElements(ks, name.name);
  if (ks.types.some((t) => t.typeName === name.name)) return typeElements(ks, name.name);
  const fn = ks.functions.find((d) => d.name === name.name);
  if (fn !== undefined) return functionElements(ks, fn.kind, name.name);
  throw new InvalidRequestError(`'${name.name}' not found in keyspace '${ks.name}'`);
}

function isInternal(ks: KeyspaceDef): boolean {
  return isSystemKeyspace(ks.name) || isVirtual(ks);
}

/** Cassandra 4.0's virtual keyspaces. */
function isVirtual(ks: KeyspaceDef): boolean {
  return ks.name === 'system_virtual_schema' || ks.name === 'system_views';
}

function keyspaceElements(ks: KeyspaceDef, only: boolean): Element[] {
  const out: Element[] = [[ks.name, 'keyspace', ks.name, isVirtual(ks) ? virtualKeyspaceCql(ks) : keyspaceCql(ks)]];
  if (only) return out;
  for (const t of typesInOrder(ks)) out.push([ks.name, 'type', t.typeName, typeCql(t)]);
  for (const kind of ['function', 'aggregate'] as const) for (const d of functionsInOrder(ks, kind)) out.push([ks.name, kind, functionElementName(d), functionCql(d)]);
  for (const name of sorted(baseTables(ks).map((t) => t.name))) pushAll(out, tableElements(ks, name));
  return out;
}

function tableElements(ks: KeyspaceDef, name: string): Element[] {
  const cf = ks.tables.find((t) => t.name === name && t.view === null);
  if (cf === undefined) throw new InvalidRequestError(`Table '${name}' not found in keyspace '${ks.name}'`);
  const out: Element[] = [[ks.name, 'table', cf.name, isVirtual(ks) ? virtualTableCql(cf) : tableCql(cf)]];
  for (const i of indexesOf(cf)) out.push([ks.name, 'index', i.name, indexCql(cf, i)]);
  // Cassandra 4.0 follows a table with its indexes, then its materialized views.
  for (const v of sortedByName(ks.tables.filter((t) => t.view?.baseTableId === cf.id))) out.push([ks.name, 'materialized_view', v.name, viewCql(v)]);
  return out;
}

/** The keyspace's tables that are not materialized views. */
function baseTables(ks: KeyspaceDef): KeyspaceDef['tables'] {
  return ks.tables.filter((t) => t.view === null);
}

function sortedByName<T extends { readonly name: string }>(xs: readonly T[]): T[] {
  return [...xs].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function viewElements(ks: KeyspaceDef, name: string): Element[] {
  const v = ks.tables.find((t) => t.name === name && t.view !== null);
  if (v === undefined) throw new InvalidRequestError(`Materialized view '${name}' not found in '${ks.name}'`);
  return [[ks.name, 'materialized_view', v.name, viewCql(v)]];
}

function typeElements(ks: KeyspaceDef, name: string): Element[] {
  const t = ks.types.find((x) => x.typeName === name);
  if (t === undefined) throw new InvalidRequestError(`User defined type '${name}' not found in '${ks.name}'`);
  return [[ks.name, 'type', t.typeName, typeCql(t)]];
}

/** Every overload of `name` (DESCRIBE FUNCTION f / AGGREGATE a). */
function functionElements(ks: KeyspaceDef, kind: 'function' | 'aggregate', name: string): Element[] {
  const found = functionsInOrder(ks, kind).filter((d) => d.name === name);
  if (found.length === 0) throw new InvalidRequestError(`User defined ${kind} '${name}' not found in '${ks.name}'`);
  return found.map((d) => [ks.name, kind, functionElementName(d), functionCql(d)]);
}

function indexElements(ks: KeyspaceDef, name: string): Element[] {
  for (const cf of ks.tables) {
    const i = indexesOf(cf).find((x) => x.name === name);
    if (i !== undefined) return [[ks.name, 'index', i.name, indexCql(cf, i)]];
  }
  throw new InvalidRequestError(`Index '${name}' not found in '${ks.name}'`);
}

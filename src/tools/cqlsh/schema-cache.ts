/**
 * What the shell knows of the schema, for tab completion and COPY: keyspaces, their tables and
 * each table's columns with their types, read from system_schema and, for the virtual keyspaces
 * (system_views, system_virtual_schema), system_virtual_schema — Cassandra 4.0's cqlsh completes
 * both, its driver's metadata listing virtual keyspaces too (the node driver's metadata lists
 * keyspaces but not tables). Reloaded after statements that change the schema; a server
 * that cannot answer leaves the cache empty, never an error for the user.
 */
import type cassandra from 'cassandra-driver';
import { type CqlType, parseTypeString } from './cql-type.js';
import { pushAll } from '../../util/push-all.js';

export interface ColumnInfo {
  readonly name: string;
  readonly kind: 'partition_key' | 'clustering' | 'regular' | 'static';
  readonly position: number;
  readonly typeText: string;
}

export interface SchemaSnapshot {
  readonly keyspaces: readonly string[];
  /** keyspace → table names */
  readonly tables: ReadonlyMap<string, readonly string[]>;
  /** `keyspace.table` → columns in the table's order (partition key, clustering, the rest by name) */
  readonly columns: ReadonlyMap<string, readonly ColumnInfo[]>;
}

export const EMPTY_SCHEMA: SchemaSnapshot = { keyspaces: [], tables: new Map(), columns: new Map() };

const KIND_ORDER = { partition_key: 0, clustering: 1, static: 2, regular: 2 } as const;

export function orderColumns(cols: ColumnInfo[]): ColumnInfo[] {
  return cols.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || (KIND_ORDER[a.kind] < 2 ? a.position - b.position : a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** A CQL string literal. */
export function cqlString(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

async function rows(client: cassandra.Client, cql: string): Promise<cassandra.types.Row[]> {
  try {
    const out: cassandra.types.Row[] = [];
    let pageState: string | undefined;
    do {
      const rs = await client.execute(cql, [], { fetchSize: 1000, ...(pageState ? { pageState } : {}) });
      pushAll(out, rs.rows ?? []);
      pageState = rs.pageState ?? undefined;
    } while (pageState);
    return out;
  } catch {
    return [];
  }
}

export async function loadSchema(client: cassandra.Client): Promise<SchemaSnapshot> {
  const keyspaces = new Set<string>(Object.keys(client.metadata?.keyspaces ?? {}));
  const tables = new Map<string, string[]>();
  const columns = new Map<string, ColumnInfo[]>();
  for (const schema of ['system_schema', 'system_virtual_schema']) {
    for (const r of await rows(client, `SELECT keyspace_name FROM ${schema}.keyspaces`)) keyspaces.add(String(r.get('keyspace_name')));
    for (const r of await rows(client, `SELECT keyspace_name, table_name FROM ${schema}.tables`)) {
      const ks = String(r.get('keyspace_name'));
      tables.set(ks, [...(tables.get(ks) ?? []), String(r.get('table_name'))]);
    }
    for (const r of await rows(client, `SELECT keyspace_name, table_name, column_name, kind, position, type FROM ${schema}.columns`)) {
      const key = `${r.get('keyspace_name')}.${r.get('table_name')}`;
      columns.set(key, [...(columns.get(key) ?? []), toColumn(r)]);
    }
  }
  for (const cols of columns.values()) orderColumns(cols);
  return { keyspaces: [...keyspaces].sort(), tables, columns };
}

function toColumn(r: cassandra.types.Row): ColumnInfo {
  return {
    name: String(r.get('column_name')),
    kind: String(r.get('kind')) as ColumnInfo['kind'],
    position: Number(r.get('position') ?? 0),
    typeText: String(r.get('type')),
  };
}

export interface TableColumns {
  readonly columns: readonly (ColumnInfo & { readonly type: CqlType })[];
}

/** One table's columns with their types (user types resolved), fresh from the server; undefined if unknown. */
export async function loadTableColumns(client: cassandra.Client, keyspace: string, table: string): Promise<TableColumns | undefined> {
  const cols = (await rows(client, `SELECT column_name, kind, position, type FROM system_schema.columns WHERE keyspace_name = ${cqlString(keyspace)} AND table_name = ${cqlString(table)}`)).map(toColumn);
  if (cols.length === 0) return undefined;
  const udtRows = await rows(client, `SELECT type_name, field_names, field_types FROM system_schema.types WHERE keyspace_name = ${cqlString(keyspace)}`);
  const udts = new Map(udtRows.map((r) => [String(r.get('type_name')), r]));
  const resolving = new Set<string>();
  const resolve = (name: string): CqlType | undefined => {
    const r = udts.get(name) ?? udts.get(name.toLowerCase());
    if (r === undefined || resolving.has(name)) return undefined;
    resolving.add(name);
    const names = (r.get('field_names') as string[] | null) ?? [];
    const types = (r.get('field_types') as string[] | null) ?? [];
    const udt: CqlType = { kind: 'udt', name, fields: names.map((n, i) => ({ name: n, type: parseTypeString(types[i] ?? 'blob', resolve) })) };
    resolving.delete(name);
    return udt;
  };
  return { columns: orderColumns(cols).map((c) => ({ ...c, type: parseTypeString(c.typeText, resolve) })) };
}

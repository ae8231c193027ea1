/**
 * Schema objects printed back as CQL, in Cassandra 4.0's DESCRIBE layout: CREATE KEYSPACE, CREATE
 * TYPE, CREATE FUNCTION / AGGREGATE, CREATE TABLE (columns, PRIMARY KEY, CLUSTERING ORDER,
 * COMPACT STORAGE, every option), CREATE [CUSTOM] INDEX and CREATE MATERIALIZED VIEW. Each parses back through our parser and recreates the same definition.
 */
import { formatLiteral, toCqlString } from '../../marshal/index.js';
import type { UserType } from '../../marshal/index.js';
import { type ColumnFamilyDef, type CqlColumn, type IndexDef, type KeyspaceDef, type UserFunctionDef, refersToType } from '../../schema/index.js';
import { quoteIdentifier, quoteString } from '../parser/index.js';
import { pushAll } from '../../util/push-all.js';

const LOCATOR_PACKAGE = 'org.apache.cassandra.locator.';

function q(ks: string, name: string): string {
  return `${quoteIdentifier(ks)}.${quoteIdentifier(name)}`;
}

function map(m: Readonly<Record<string, string>>): string {
  return `{${Object.entries(m).map(([k, v]) => `${quoteString(k)}: ${quoteString(v)}`).join(', ')}}`;
}

/** Java's Double.toString for the values options take (0.01, 1.0, 0.0). */
function double(v: number): string {
  return Number.isInteger(v) ? v.toFixed(1) : String(v);
}

export function keyspaceCql(ks: KeyspaceDef): string {
  // Cassandra 4.0 prints its own strategies by their short name ('SimpleStrategy'), others in full.
  const cls = ks.replication.class.startsWith(LOCATOR_PACKAGE) ? ks.replication.class.slice(LOCATOR_PACKAGE.length) : ks.replication.class;
  const replication = { class: cls, ...ks.replication.options };
  return `CREATE KEYSPACE ${quoteIdentifier(ks.name)} WITH replication = ${map(replication)}  AND durable_writes = ${ks.durableWrites};`;
}

/**
 * A user-defined function or aggregate, laid out as Cassandra 4.0's UDFunction / UDAggregate
 * toCqlString: clauses on their own lines, indented by four; the body between $$; INITCOND as a
 * literal of the state type.
 */
export function functionCql(d: UserFunctionDef): string {
  if (d.kind === 'function') {
    const args = d.argumentNames.map((n, i) => `${quoteIdentifier(n)} ${toCqlString(d.argumentTypes[i]!)}`).join(', ');
    return [
      `CREATE FUNCTION ${q(d.keyspace, d.name)}(${args})`,
      `    ${d.calledOnNullInput ? 'CALLED' : 'RETURNS NULL'} ON NULL INPUT`,
      `    RETURNS ${toCqlString(d.returnType)}`,
      `    LANGUAGE ${d.language}`,
      `    AS $$${d.body}$$;`,
    ].join('\n');
  }
  const lines = [`CREATE AGGREGATE ${q(d.keyspace, d.name)}(${d.argumentTypes.map(toCqlString).join(', ')})`, `    SFUNC ${quoteIdentifier(d.stateFunction)}`, `    STYPE ${toCqlString(d.stateType)}`];
  if (d.finalFunction !== null) lines.push(`    FINALFUNC ${quoteIdentifier(d.finalFunction)}`);
  if (d.initcond !== null) lines.push(`    INITCOND ${formatLiteral(d.stateType, d.initcond)}`);
  return `${lines.join('\n')};`;
}

/** How DESCRIBE names an overload: `f(int, text)`. */
export function functionElementName(d: UserFunctionDef): string {
  return `${quoteIdentifier(d.name)}(${d.argumentTypes.map(toCqlString).join(', ')})`;
}

/** The keyspace's functions (or aggregates) by name, then signature. */
export function functionsInOrder(ks: KeyspaceDef, kind: 'function' | 'aggregate'): UserFunctionDef[] {
  return ks.functions.filter((d) => d.kind === kind).sort((a, b) => compareText(functionElementName(a), functionElementName(b)));
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function typeCql(t: UserType): string {
  const fields = t.fieldNames.map((f, i) => `    ${quoteIdentifier(f)} ${toCqlString(t.fieldTypes[i]!)}`);
  return `CREATE TYPE ${q(t.keyspace, t.typeName)} (\n${fields.join(',\n')}\n);`;
}

/**
 * A virtual keyspace or table, as Cassandra 4.0 describes one (KeyspaceMetadata and
 * VirtualTableMetadata toCqlString): its structure in a comment, with the clustering order and
 * comment only, since it cannot be recreated with CQL.
 */
export function virtualKeyspaceCql(ks: KeyspaceDef): string {
  return `/*\nWarning: Keyspace ${quoteIdentifier(ks.name)} is a virtual keyspace and cannot be recreated with CQL.\nStructure, for reference:\nVIRTUAL KEYSPACE ${quoteIdentifier(ks.name)};\n*/`;
}

export function virtualTableCql(cf: ColumnFamilyDef): string {
  const name = q(cf.keyspace, cf.name);
  const withs = [...clusteringOrder(cf), `comment = ${quoteString(cf.comment)}`];
  const body = `VIRTUAL TABLE ${name} (\n${columnLines(cf).join(',\n')}\n) WITH ${withs.join('\n    AND ')};`;
  return `/*\nWarning: Table ${name} is a virtual table and cannot be recreated with CQL.\nStructure, for reference:\n${body}\n*/`;
}

/** The column definitions and PRIMARY KEY lines of a CREATE TABLE. */
function columnLines(cf: ColumnFamilyDef): string[] {
  const t = cf.cql;
  const inlineKey = t.partitionKey.length === 1 && t.clustering.length === 0;
  const others = [...t.regular, ...t.statics].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const col = (c: CqlColumn) => `    ${quoteIdentifier(c.name)} ${toCqlString(c.type)}${c.kind === 'static' ? ' static' : ''}${inlineKey && c.kind === 'partition_key' ? ' PRIMARY KEY' : ''}`;
  const lines = [...t.partitionKey, ...t.clustering, ...others].map(col);
  if (!inlineKey) {
    const pk = t.partitionKey.map((c) => quoteIdentifier(c.name));
    const partition = pk.length === 1 ? pk[0]! : `(${pk.join(', ')})`;
    lines.push(`    PRIMARY KEY (${[partition, ...t.clustering.map((c) => quoteIdentifier(c.name))].join(', ')})`);
  }
  return lines;
}

function clusteringOrder(cf: ColumnFamilyDef): string[] {
  const t = cf.cql;
  return t.clustering.length === 0 ? [] : [`CLUSTERING ORDER BY (${t.clustering.map((c) => `${quoteIdentifier(c.name)} ${c.reversed ? 'DESC' : 'ASC'}`).join(', ')})`];
}

export function tableCql(cf: ColumnFamilyDef): string {
  const withs: string[] = [];
  if (cf.cql.compact) withs.push('COMPACT STORAGE');
  pushAll(withs, clusteringOrder(cf));
  pushAll(withs, tableOptionsCql(cf));
  return `CREATE TABLE ${q(cf.keyspace, cf.name)} (\n${columnLines(cf).join(',\n')}\n) WITH ${withs.join('\n    AND ')};`;
}

/** A materialized view as Cassandra 4.0 prints it (ViewMetadata.appendCqlTo); its options without default_time_to_live, which views never have. */
export function viewCql(cf: ColumnFamilyDef): string {
  const v = cf.view!;
  const t = cf.cql;
  const columns = v.includeAllColumns ? '*' : [...t.partitionKey, ...t.clustering, ...t.regular].map((c) => quoteIdentifier(c.name)).join(', ');
  const pk = t.partitionKey.map((c) => quoteIdentifier(c.name));
  const partition = pk.length === 1 ? pk[0]! : `(${pk.join(', ')})`;
  const key = [partition, ...t.clustering.map((c) => quoteIdentifier(c.name))].join(', ');
  const withs = [...clusteringOrder(cf), ...tableOptionsCql(cf).filter((o) => !o.startsWith('default_time_to_live ='))];
  return [
    `CREATE MATERIALIZED VIEW ${q(cf.keyspace, cf.name)} AS`,
    `    SELECT ${columns}`,
    `    FROM ${q(cf.keyspace, v.baseTableName)}`,
    `    WHERE ${v.whereClause}`,
    `    PRIMARY KEY (${key})`,
    ` WITH ${withs.join('\n    AND ')};`,
  ].join('\n');
}

function tableOptionsCql(cf: ColumnFamilyDef): string[] {
  const p = cf.params;
  const out = [
    `additional_write_policy = ${quoteString(p.additionalWritePolicy)}`,
    `bloom_filter_fp_chance = ${double(p.bloomFilterFpChance)}`,
    `caching = ${map(p.caching)}`,
    `cdc = ${p.cdc}`,
    `comment = ${quoteString(cf.comment)}`,
    `compaction = ${map(p.compaction)}`,
    `compression = ${map(p.compression)}`,
    `crc_check_chance = ${double(p.crcCheckChance)}`,
  ];
  // Obsolete in Cassandra 4.0 (always 0 there): printed only when set, so they round-trip.
  if (p.dclocalReadRepairChance !== 0) out.push(`dclocal_read_repair_chance = ${double(p.dclocalReadRepairChance)}`);
  out.push(
    `default_time_to_live = ${cf.defaultTimeToLive}`,
    `extensions = ${map(p.extensions)}`,
    `gc_grace_seconds = ${cf.gcGraceSeconds}`,
    `max_index_interval = ${p.maxIndexInterval}`,
    `memtable_flush_period_in_ms = ${p.memtableFlushPeriodInMs}`,
    `min_index_interval = ${p.minIndexInterval}`,
    `read_repair = ${quoteString(p.readRepair)}`,
  );
  if (p.readRepairChance !== 0) out.push(`read_repair_chance = ${double(p.readRepairChance)}`);
  out.push(`speculative_retry = ${quoteString(p.speculativeRetry)}`);
  return out;
}

/** The table's indexes: CQL ones and the KEYS indexes of Thrift column metadata. */
export function indexesOf(cf: ColumnFamilyDef): IndexDef[] {
  const keys = cf.columnMetadata.filter((c) => c.indexType !== null).map((c): IndexDef => ({ name: c.indexName!, kind: 'KEYS', options: { target: quoteIdentifier(cf.comparator.toString(c.name)) } }));
  return [...keys, ...cf.indexes];
}

export function indexCql(cf: ColumnFamilyDef, index: IndexDef): string {
  const on = `${quoteIdentifier(index.name)} ON ${q(cf.keyspace, cf.name)} (${index.options.target})`;
  if (index.kind !== 'CUSTOM') return `CREATE INDEX ${on};`;
  const { class_name: cls, target: _target, ...options } = index.options;
  const withOptions = Object.keys(options).length > 0 ? ` WITH OPTIONS = ${map(options)}` : '';
  return `CREATE CUSTOM INDEX ${on} USING ${quoteString(cls!)}${withOptions};`;
}

/** A keyspace's types, each after the types it uses (so the statements run in order). */
export function typesInOrder(ks: KeyspaceDef): UserType[] {
  const out: UserType[] = [];
  const uses = (t: UserType, name: string): boolean => t.fieldTypes.some((f) => refersToType(f, ks.name, name));
  const pending = [...ks.types].sort((a, b) => (a.typeName < b.typeName ? -1 : 1));
  while (pending.length > 0) {
    const i = pending.findIndex((t) => pending.every((o) => o === t || !uses(t, o.typeName)));
    const next = pending.splice(i < 0 ? 0 : i, 1)[0]!;
    out.push(next);
  }
  return out;
}

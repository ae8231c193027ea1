/**
 * `describe keyspace` and `describe cluster` in cassandra-cli 0.7's layout (the replication
 * factor, or a NetworkTopologyStrategy's per-data-center options). Absent optional
 * fields of a CfDef print as the IDL's defaults; doubles print as Java prints them (`0.0`).
 * Column metadata names are shown by the comparator (the subcomparator for a Super column
 * family), with the UTF-8 reading beside a BytesType name, as cassandra-cli does.
 */
import { BYTES_TYPE, UTF8_TYPE } from '../../marshal/index.js';
import type { CfDef, KsDef } from '../../thrift/service/cassandra-service.js';
import { textOf, typeOfClass } from './cli-types.js';

function javaDouble(n: number | undefined, dflt: number): string {
  const v = n ?? dflt;
  return Number.isInteger(v) ? `${v}.0` : String(v);
}

const show = (v: number | boolean | undefined): string => (v === undefined ? 'null' : String(v));

function metadataName(cf: CfDef, name: Buffer): string {
  const type = typeOfClass(cf.columnType === 'Super' ? cf.subcomparatorType : cf.comparatorType);
  const text = textOf(name, type);
  if (type !== BYTES_TYPE) return text;
  try {
    UTF8_TYPE.validate(name);
    return `${name.toString('utf8')} (${text})`;
  } catch {
    return text;
  }
}

function describeColumnFamily(cf: CfDef): string {
  const isSuper = cf.columnType === 'Super';
  let out = `    ColumnFamily: ${cf.name}${isSuper ? ' (Super)' : ''}\n`;
  if (cf.comment !== undefined && cf.comment !== '') out += `    "${cf.comment}"\n`;
  if (cf.keyValidationClass !== undefined) out += `      Key Validation Class: ${cf.keyValidationClass}\n`;
  if (cf.defaultValidationClass !== undefined) out += `      Default column value validator: ${cf.defaultValidationClass}\n`;
  out += `      Columns sorted by: ${cf.comparatorType ?? 'BytesType'}${isSuper ? `/${cf.subcomparatorType ?? 'BytesType'}` : ''}\n`;
  out += `      Row cache size / save period: ${javaDouble(cf.rowCacheSize, 0)}/${show(cf.rowCacheSavePeriodInSeconds)}\n`;
  out += `      Key cache size / save period: ${javaDouble(cf.keyCacheSize, 200000)}/${show(cf.keyCacheSavePeriodInSeconds)}\n`;
  out += `      Memtable thresholds: ${javaDouble(cf.memtableOperationsInMillions, 0)}/${show(cf.memtableThroughputInMb)}/${show(cf.memtableFlushAfterMins)}\n`;
  out += `      GC grace seconds: ${show(cf.gcGraceSeconds)}\n`;
  out += `      Compaction min/max thresholds: ${show(cf.minCompactionThreshold)}/${show(cf.maxCompactionThreshold)}\n`;
  out += `      Read repair chance: ${javaDouble(cf.readRepairChance, 1)}\n`;
  if (cf.replicateOnWrite !== undefined) out += `      Replicate on write: ${cf.replicateOnWrite}\n`;
  const metadata = cf.columnMetadata ?? [];
  if (metadata.length > 0) {
    out += '      Column Metadata:\n';
    for (const c of metadata) {
      out += `        Column Name: ${metadataName(cf, c.name)}\n`;
      out += `          Validation Class: ${c.validationClass}\n`;
      if (c.indexName !== undefined) out += `          Index Name: ${c.indexName}\n`;
      if (c.indexType !== undefined) out += `          Index Type: ${c.indexType}\n`;
    }
  }
  return out;
}

export function describeKeyspace(ks: KsDef): string {
  let out = `Keyspace: ${ks.name}:\n  Replication Strategy: ${ks.strategyClass}\n`;
  if (ks.strategyClass.endsWith('NetworkTopologyStrategy')) {
    const options = ks.strategyOptions === undefined ? [] : [...ks.strategyOptions];
    out += `    Options: [${options.map(([k, v]) => `${k}:${v}`).join(', ')}]\n`;
  } else {
    out += `    Replication Factor: ${ks.replicationFactor}\n`;
  }
  out += '  Column Families:\n';
  const cfs = [...ks.cfDefs].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const cf of cfs) out += describeColumnFamily(cf);
  return out;
}

export interface ClusterFacts {
  readonly snitch: string;
  readonly partitioner: string;
  readonly schemaVersions: ReadonlyMap<string, readonly string[]>;
}

export function describeCluster(c: ClusterFacts): string {
  let out = `Cluster Information:\n   Snitch: ${c.snitch}\n   Partitioner: ${c.partitioner}\n   Schema versions: \n`;
  for (const [version, hosts] of c.schemaVersions) out += `\t${version}: [${hosts.join(', ')}]\n\n`;
  return out;
}

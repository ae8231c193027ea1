/**
 * The 0.7 schema structs (KsDef, CfDef, ColumnDef) ↔ the schema's definitions. Incoming structs
 * become the schema's inputs and go through its own validation (createKeyspace /
 * createColumnFamily: unknown type names, bad index definitions, …); outgoing ones are what
 * describe_keyspace(s) answer, type names as Java class names the way 0.7 printed them.
 *
 * Replication: `strategy_class` in full or short form; SimpleStrategy takes 0.7's
 * `replication_factor` field unless `strategy_options` names one; NetworkTopologyStrategy takes
 * its data centres from `strategy_options`. Going out, `replication_factor` is always set (for
 * NetworkTopologyStrategy: the sum over data centres).
 *
 * CfDef fields with an Ilium equivalent: column_type, comparator_type, subcomparator_type,
 * comment, column_metadata, gc_grace_seconds, default_validation_class, key_validation_class,
 * read_repair_chance (the table parameter), min/max_compaction_threshold (the compaction
 * options), id (an i32 derived from the column family's UUID, stable, checked on update).
 * Accepted but without an equivalent, and answered with the IDL's defaults or, where the IDL has
 * none, Cassandra 0.7's: row_cache_size (0), key_cache_size (200000),
 * row_cache_save_period_in_seconds (0), key_cache_save_period_in_seconds (14400),
 * memtable_flush_after_mins (1440), memtable_throughput_in_mb (64),
 * memtable_operations_in_millions (0.3), replicate_on_write (true).
 */
import type { Random } from '../../env/index.js';
import { InvalidRequestError } from '../../errors/index.js';
import {
  DEFAULT_TABLE_PARAMS, type ColumnFamilyDef, type ColumnFamilyInput, type KeyspaceDef, type ReplicationInput, type TableParamsInput, createColumnFamily,
  createKeyspace, createReplication,
} from '../../schema/index.js';
import type { CfDef, ColumnDef, KsDef } from './cassandra-service.js';

const LOCATOR_PACKAGE = 'org.apache.cassandra.locator.';
/** IDL defaults of the CfDef fields a client may leave out. */
const IDL_COLUMN_TYPE = 'Standard';
const IDL_COMPARATOR = 'BytesType';
const IDL_READ_REPAIR_CHANCE = 1.0;

/** The system keyspace as 0.7 listed it: local, one replica; its tables are not served over Thrift. */
export const SYSTEM_KS_DEF: KsDef = Object.freeze({
  name: 'system',
  strategyClass: `${LOCATOR_PACKAGE}LocalStrategy`,
  strategyOptions: new Map<string, string>(),
  replicationFactor: 1,
  cfDefs: [],
  durableWrites: true,
});

// ---- out ------------------------------------------------------------------------------------

export function ksDefOf(ks: KeyspaceDef): KsDef {
  const options = new Map(Object.entries(ks.replication.options));
  const replicationFactor =
    ks.replication.class === 'NetworkTopologyStrategy' ? [...options.values()].reduce((sum, v) => sum + Number(v), 0)
    : ks.replication.class === 'LocalStrategy' ? 1
    : Number(options.get('replication_factor') ?? '1');
  return {
    name: ks.name,
    strategyClass: `${LOCATOR_PACKAGE}${ks.replication.class}`,
    strategyOptions: options,
    replicationFactor,
    cfDefs: ks.tables.filter(servedOverThrift).map(cfDefOf),
    durableWrites: ks.durableWrites,
  };
}

/**
 * Thrift-made column families, and CQL tables stored as one (COMPACT STORAGE); other CQL tables
 * are CQL's alone, as Cassandra 2.x left them out of describe_keyspaces.
 */
export function servedOverThrift(cf: ColumnFamilyDef): boolean {
  return cf.cql.fromThrift || cf.cql.compact;
}

export function cfDefOf(cf: ColumnFamilyDef): CfDef {
  const compaction = cf.params.compaction;
  return {
    keyspace: cf.keyspace,
    name: cf.name,
    columnType: cf.columnType,
    comparatorType: cf.comparator.fullName,
    ...(cf.subcomparator === null ? {} : { subcomparatorType: cf.subcomparator.fullName }),
    comment: cf.comment,
    rowCacheSize: 0,
    keyCacheSize: 200000,
    readRepairChance: cf.params.readRepairChance,
    columnMetadata: cf.columnMetadata.map((c): ColumnDef => ({
      name: c.name,
      validationClass: c.validator.fullName,
      ...(c.indexType === null ? {} : { indexType: c.indexType, indexName: c.indexName ?? undefined }),
    })),
    gcGraceSeconds: cf.gcGraceSeconds,
    defaultValidationClass: cf.defaultValidator.fullName,
    id: thriftCfId(cf.id),
    minCompactionThreshold: Number(compaction.min_threshold ?? 4),
    maxCompactionThreshold: Number(compaction.max_threshold ?? 32),
    rowCacheSavePeriodInSeconds: 0,
    keyCacheSavePeriodInSeconds: 14400,
    memtableFlushAfterMins: 1440,
    memtableThroughputInMb: 64,
    memtableOperationsInMillions: 0.3,
    replicateOnWrite: true,
    keyValidationClass: cf.keyValidator.fullName,
  };
}

/** 0.7 numbered column families with an i32: ours is the UUID's first four bytes, signed. */
export function thriftCfId(uuid: string): number {
  return Buffer.from(uuid.replace(/-/g, '').slice(0, 8), 'hex').readInt32BE(0);
}

// ---- in -------------------------------------------------------------------------------------

/** A new keyspace (with its column families) from a KsDef; InvalidRequestError when invalid. */
export function keyspaceOfKsDef(def: KsDef, random: Random): KeyspaceDef {
  requireStruct(def, 'KsDef');
  if (!Array.isArray(def.cfDefs)) throw new InvalidRequestError('KsDef.cf_defs is required');
  const tables = def.cfDefs.map((cf) => {
    if (cf?.keyspace !== def.name) throw new InvalidRequestError(`CfDef (${cf?.name}) had a keyspace definition that did not match KsDef`);
    return columnFamilyInputOfCfDef(cf, undefined);
  });
  return createKeyspace({ name: def.name, replication: replicationOfKsDef(def), durableWrites: def.durableWrites ?? true, tables }, random);
}

/** The replication a KsDef asks for, normalised and validated. */
export function replicationOfKsDef(def: KsDef): ReplicationInput {
  if (typeof def.strategyClass !== 'string') throw new InvalidRequestError('KsDef.strategy_class is required');
  const options: Record<string, string> = Object.fromEntries(def.strategyOptions ?? []);
  const short = def.strategyClass.startsWith(LOCATOR_PACKAGE) ? def.strategyClass.slice(LOCATOR_PACKAGE.length) : def.strategyClass;
  if ((short === 'SimpleStrategy' || short === 'RackUnawareStrategy') && options.replication_factor === undefined) {
    if (!Number.isInteger(def.replicationFactor)) throw new InvalidRequestError('KsDef.replication_factor is required for SimpleStrategy');
    options.replication_factor = String(def.replicationFactor);
  }
  return createReplication({ class: def.strategyClass, options });
}

/** A new column family from a CfDef (absent fields take the IDL defaults). */
export function columnFamilyOfCfDef(def: CfDef, random: Random): ColumnFamilyDef {
  return createColumnFamily(columnFamilyInputOfCfDef(def, undefined), random);
}

/**
 * The definition `old` becomes under a CfDef: Thrift fields from the CfDef, the id, CQL-only
 * table options and history kept. Comparator or column type changes are the schema's to refuse.
 */
export function updatedColumnFamily(old: ColumnFamilyDef, def: CfDef, random: Random): ColumnFamilyDef {
  if (!old.cql.fromThrift) throw new InvalidRequestError(`${old.keyspace}.${old.name} was declared in CQL: change it with ALTER TABLE`);
  if (def.id !== undefined && def.id !== thriftCfId(old.id)) throw new InvalidRequestError(`Cannot update column family ${old.keyspace}.${old.name}: ids do not match.`);
  const input = columnFamilyInputOfCfDef(def, old);
  return createColumnFamily({ ...input, id: old.id, defaultTimeToLive: old.defaultTimeToLive, droppedColumns: old.droppedColumns, indexes: old.indexes }, random);
}

function columnFamilyInputOfCfDef(def: CfDef, old: ColumnFamilyDef | undefined): ColumnFamilyInput {
  requireStruct(def, 'CfDef');
  if (typeof def.keyspace !== 'string' || typeof def.name !== 'string') throw new InvalidRequestError('CfDef.keyspace and CfDef.name are required');
  const columnType = def.columnType ?? IDL_COLUMN_TYPE;
  return {
    keyspace: def.keyspace,
    name: def.name,
    columnType,
    comparator: def.comparatorType ?? IDL_COMPARATOR,
    // Absent or blank: BytesType for a Super CF; a Standard CF must not name one (the schema says so).
    subcomparator: def.subcomparatorType ?? null,
    defaultValidator: def.defaultValidationClass ?? 'BytesType',
    keyValidator: def.keyValidationClass ?? 'BytesType',
    comment: def.comment ?? '',
    ...(def.gcGraceSeconds === undefined ? (old === undefined ? {} : { gcGraceSeconds: old.gcGraceSeconds }) : { gcGraceSeconds: def.gcGraceSeconds }),
    columnMetadata: (def.columnMetadata ?? []).map((c) => {
      requireStruct(c, 'ColumnDef');
      return { name: c.name, validator: c.validationClass, indexType: c.indexType ?? null, indexName: c.indexName ?? null };
    }),
    params: paramsOf(def, old),
  };
}

function paramsOf(def: CfDef, old: ColumnFamilyDef | undefined): TableParamsInput {
  const base = old?.params;
  const compaction = { ...(base?.compaction ?? DEFAULT_TABLE_PARAMS.compaction) };
  if (def.minCompactionThreshold !== undefined) compaction.min_threshold = String(def.minCompactionThreshold);
  if (def.maxCompactionThreshold !== undefined) compaction.max_threshold = String(def.maxCompactionThreshold);
  if (Number(compaction.min_threshold) > Number(compaction.max_threshold)) {
    throw new InvalidRequestError(`min_compaction_threshold (${compaction.min_threshold}) cannot be greater than max_compaction_threshold (${compaction.max_threshold})`);
  }
  const readRepairChance = def.readRepairChance ?? base?.readRepairChance ?? IDL_READ_REPAIR_CHANCE;
  return { ...(base ?? {}), readRepairChance, compaction };
}

function requireStruct(v: unknown, what: string): void {
  if (v === null || typeof v !== 'object') throw new InvalidRequestError(`${what} is required`);
}

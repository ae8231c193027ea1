/**
 * `create|update keyspace … with …` and `create|update column family … with …` attributes
 * applied to a KsDef / CfDef, with cassandra-cli 0.7's attribute names (plus 0.8's
 * replicate_on_write, key_validation_class and durable_writes). Unknown attributes and
 * ill-typed values are refused before anything is sent. Column metadata names are converted by
 * the comparator in force after the other attributes (the subcomparator for a Super family).
 */
import type { CfDef, ColumnDef, KsDef } from '../../thrift/service/cassandra-service.js';
import type { AttrValue, Attribute } from './cli-ast.js';
import { CliError } from './cli-error.js';
import { bytesOf, typeOfClass } from './cli-types.js';

export const DEFAULT_PLACEMENT_STRATEGY = 'org.apache.cassandra.locator.SimpleStrategy';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function text(a: Attribute): string {
  if (a.value.kind === 'text' || a.value.kind === 'number') return a.value.text;
  throw new CliError(`'${a.name}' takes a single value`);
}

function int(a: Attribute): number {
  const s = text(a);
  if (!/^-?\d+$/.test(s)) throw new CliError(`'${a.name}' takes an integer, not '${s}'`);
  return Number(s);
}

function double(a: Attribute): number {
  const s = text(a);
  const n = Number(s);
  if (s.trim() === '' || !Number.isFinite(n)) throw new CliError(`'${a.name}' takes a number, not '${s}'`);
  return n;
}

function bool(a: Attribute): boolean {
  const s = text(a).toLowerCase();
  if (s !== 'true' && s !== 'false') throw new CliError(`'${a.name}' takes true or false, not '${s}'`);
  return s === 'true';
}

/** `{k: v, …}`, or the older `[{k: v, …}]`. */
function options(a: Attribute): Map<string, string> {
  const v: AttrValue = a.value.kind === 'array' && a.value.items.length === 1 ? a.value.items[0]! : a.value;
  if (a.value.kind === 'array' && a.value.items.length === 0) return new Map();
  if (v.kind !== 'hash') throw new CliError(`'${a.name}' format - [{ k:v, k:v, ..}] or { k:v, … }`);
  return new Map(v.pairs.map(([k, val]) => {
    if (val.kind !== 'text' && val.kind !== 'number') throw new CliError(`'${a.name}': the value of '${k}' must be a single value`);
    return [k, val.text];
  }));
}

const KEYSPACE_ATTRIBUTES = ['replication_factor', 'placement_strategy', 'strategy_options', 'durable_writes'];

/** A keyspace definition from `base` with the attributes applied (column families left out, as the update call wants). */
export function applyKeyspaceAttributes(base: KsDef, attributes: readonly Attribute[]): KsDef {
  const ks: Mutable<KsDef> = { ...base, cfDefs: [] };
  for (const a of attributes) {
    switch (a.name) {
      case 'replication_factor': ks.replicationFactor = int(a); break;
      case 'placement_strategy': ks.strategyClass = text(a); break;
      case 'strategy_options': ks.strategyOptions = options(a); break;
      case 'durable_writes': ks.durableWrites = bool(a); break;
      default:
        throw new CliError(`Unknown keyspace attribute '${a.name}'. Valid: ${KEYSPACE_ATTRIBUTES.join(', ')}.`);
    }
  }
  return ks;
}

export function newKeyspace(name: string, attributes: readonly Attribute[]): KsDef {
  return applyKeyspaceAttributes({ name, strategyClass: DEFAULT_PLACEMENT_STRATEGY, replicationFactor: 1, cfDefs: [] }, attributes);
}

type CfSetter = (cf: Mutable<CfDef>, a: Attribute) => void;

const CF_ATTRIBUTES: ReadonlyMap<string, CfSetter> = new Map<string, CfSetter>([
  ['column_type', (cf, a) => { cf.columnType = columnType(text(a)); }],
  ['comparator', (cf, a) => { cf.comparatorType = text(a); }],
  ['subcomparator', (cf, a) => { cf.subcomparatorType = text(a); }],
  ['comment', (cf, a) => { cf.comment = text(a); }],
  ['rows_cached', (cf, a) => { cf.rowCacheSize = double(a); }],
  ['row_cache_save_period', (cf, a) => { cf.rowCacheSavePeriodInSeconds = int(a); }],
  ['keys_cached', (cf, a) => { cf.keyCacheSize = double(a); }],
  ['key_cache_save_period', (cf, a) => { cf.keyCacheSavePeriodInSeconds = int(a); }],
  ['read_repair_chance', (cf, a) => { cf.readRepairChance = chance(a); }],
  ['gc_grace', (cf, a) => { cf.gcGraceSeconds = int(a); }],
  ['column_metadata', () => undefined], // applied last, by the final comparator
  ['memtable_operations', (cf, a) => { cf.memtableOperationsInMillions = double(a); }],
  ['memtable_throughput', (cf, a) => { cf.memtableThroughputInMb = int(a); }],
  ['memtable_flush_after', (cf, a) => { cf.memtableFlushAfterMins = int(a); }],
  ['default_validation_class', (cf, a) => { cf.defaultValidationClass = text(a); }],
  ['min_compaction_threshold', (cf, a) => { cf.minCompactionThreshold = int(a); }],
  ['max_compaction_threshold', (cf, a) => { cf.maxCompactionThreshold = int(a); }],
  ['replicate_on_write', (cf, a) => { cf.replicateOnWrite = bool(a); }],
  ['key_validation_class', (cf, a) => { cf.keyValidationClass = text(a); }],
]);

function columnType(s: string): string {
  const t = s.toLowerCase();
  if (t === 'super') return 'Super';
  if (t === 'standard') return 'Standard';
  throw new CliError(`column_type must be Standard or Super, not '${s}'`);
}

function chance(a: Attribute): number {
  const n = double(a);
  if (n < 0 || n > 1) throw new CliError('Error: read_repair_chance must be between 0 and 1.');
  return n;
}

/** A column family definition from `base` with the attributes applied. */
export function applyColumnFamilyAttributes(base: CfDef, attributes: readonly Attribute[]): CfDef {
  const cf: Mutable<CfDef> = { ...base };
  let metadata: Attribute | undefined;
  for (const a of attributes) {
    const set = CF_ATTRIBUTES.get(a.name);
    if (set === undefined) throw new CliError(`Unknown column family attribute '${a.name}'. Valid: ${[...CF_ATTRIBUTES.keys()].join(', ')}.`);
    if (a.name === 'column_metadata') metadata = a;
    else set(cf, a);
  }
  if (metadata !== undefined) cf.columnMetadata = columnMetadata(cf, metadata);
  return cf;
}

const METADATA_KEYS = new Set(['column_name', 'validation_class', 'index_type', 'index_name']);

function columnMetadata(cf: CfDef, a: Attribute): ColumnDef[] {
  if (a.value.kind !== 'array') throw new CliError("'column_metadata' format - [{ k:v, k:v, ..}, { ... }, ...]");
  const nameType = typeOfClass(cf.columnType === 'Super' ? cf.subcomparatorType : cf.comparatorType);
  return a.value.items.map((item) => {
    if (item.kind !== 'hash') throw new CliError("'column_metadata' format - [{ k:v, k:v, ..}, { ... }, ...]");
    const fields = new Map<string, string>();
    for (const [k, v] of item.pairs) {
      if (!METADATA_KEYS.has(k)) throw new CliError(`Unknown column_metadata key '${k}'. Valid: ${[...METADATA_KEYS].join(', ')}.`);
      if (v.kind !== 'text' && v.kind !== 'number') throw new CliError(`column_metadata: '${k}' takes a single value`);
      fields.set(k, v.text);
    }
    const name = fields.get('column_name');
    const validationClass = fields.get('validation_class');
    if (name === undefined || validationClass === undefined) throw new CliError('column_metadata: every column needs column_name and validation_class');
    const indexType = fields.get('index_type');
    if (indexType !== undefined && indexType.toUpperCase() !== 'KEYS' && indexType !== '0') throw new CliError(`IndexType '${indexType}' is unsupported.`);
    const indexName = fields.get('index_name');
    return {
      name: bytesOf(name, nameType),
      validationClass,
      ...(indexType === undefined ? {} : { indexType: 'KEYS' as const }),
      ...(indexName === undefined ? {} : { indexName }),
    };
  });
}

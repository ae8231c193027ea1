/**
 * A table's tuning options as CQL states them (`WITH bloom_filter_fp_chance = 0.01 AND …`): kept
 * in the definition and shown by system_schema.tables and DESCRIBE, with Cassandra 4.0's defaults
 * and validation messages. comment, gc_grace_seconds and default_time_to_live live on the column
 * family itself (the engine and the Thrift view use them). Sub-option maps (caching, compaction,
 * compression) are normalised as Cassandra stores them: full class names, thresholds filled in.
 */
import { ConfigurationError } from '../errors/index.js';

export interface TableParams {
  readonly bloomFilterFpChance: number;
  readonly caching: Readonly<Record<string, string>>;
  readonly compaction: Readonly<Record<string, string>>;
  readonly compression: Readonly<Record<string, string>>;
  readonly crcCheckChance: number;
  readonly dclocalReadRepairChance: number;
  readonly readRepairChance: number;
  readonly speculativeRetry: string;
  readonly additionalWritePolicy: string;
  readonly memtableFlushPeriodInMs: number;
  readonly minIndexInterval: number;
  readonly maxIndexInterval: number;
  readonly cdc: boolean;
  readonly readRepair: 'BLOCKING' | 'NONE';
  /** Extension name → its value (blob; kept as the bytes given). */
  readonly extensions: Readonly<Record<string, string>>;
}

export type TableParamsInput = Partial<TableParams>;

const COMPACTION_PACKAGE = 'org.apache.cassandra.db.compaction.';
const COMPRESSION_PACKAGE = 'org.apache.cassandra.io.compress.';

export const DEFAULT_TABLE_PARAMS: TableParams = Object.freeze({
  bloomFilterFpChance: 0.01,
  caching: Object.freeze({ keys: 'ALL', rows_per_partition: 'NONE' }),
  compaction: Object.freeze({ class: `${COMPACTION_PACKAGE}SizeTieredCompactionStrategy`, max_threshold: '32', min_threshold: '4' }),
  compression: Object.freeze({ chunk_length_in_kb: '16', class: `${COMPRESSION_PACKAGE}LZ4Compressor` }),
  crcCheckChance: 1.0,
  dclocalReadRepairChance: 0.0,
  readRepairChance: 0.0,
  speculativeRetry: '99p',
  additionalWritePolicy: '99p',
  memtableFlushPeriodInMs: 0,
  minIndexInterval: 128,
  maxIndexInterval: 2048,
  cdc: false,
  readRepair: 'BLOCKING',
  extensions: Object.freeze({}),
});

const COMPACTION_CLASSES = ['SizeTieredCompactionStrategy', 'LeveledCompactionStrategy', 'TimeWindowCompactionStrategy', 'DateTieredCompactionStrategy', 'UnifiedCompactionStrategy'];
const COMPRESSION_CLASSES = ['LZ4Compressor', 'SnappyCompressor', 'DeflateCompressor', 'ZstdCompressor', 'NoopCompressor'];

/** Fills defaults and validates; errors as Cassandra words them. */
export function createTableParams(input: TableParamsInput = {}): TableParams {
  const p: TableParams = { ...DEFAULT_TABLE_PARAMS, ...definedOnly(input) };
  if (!(p.bloomFilterFpChance > 0 && p.bloomFilterFpChance <= 1)) {
    throw new ConfigurationError(`bloom_filter_fp_chance must be larger than 0.0 and less than or equal to 1.0 (got ${p.bloomFilterFpChance})`);
  }
  if (!(p.crcCheckChance >= 0 && p.crcCheckChance <= 1)) throw new ConfigurationError('crc_check_chance should be between 0.0 and 1.0');
  for (const [name, v] of [['dclocal_read_repair_chance', p.dclocalReadRepairChance], ['read_repair_chance', p.readRepairChance]] as const) {
    if (!(v >= 0 && v <= 1)) throw new ConfigurationError(`${name} must be between 0.0 and 1.0 (got ${v})`);
  }
  nonNegativeInt(p.memtableFlushPeriodInMs, 'memtable_flush_period_in_ms');
  if (!Number.isInteger(p.minIndexInterval) || p.minIndexInterval < 1) throw new ConfigurationError(`min_index_interval must be greater than or equal to 1 (got ${p.minIndexInterval})`);
  if (!Number.isInteger(p.maxIndexInterval) || p.maxIndexInterval < p.minIndexInterval) {
    throw new ConfigurationError(`max_index_interval must be greater than or equal to min_index_interval (${p.minIndexInterval}) (got ${p.maxIndexInterval})`);
  }
  speculative(p.speculativeRetry, 'speculative_retry');
  speculative(p.additionalWritePolicy, 'additional_write_policy');
  if (p.readRepair !== 'BLOCKING' && p.readRepair !== 'NONE') throw new ConfigurationError(`Invalid value '${String(p.readRepair)}' for option 'read_repair'`);
  return Object.freeze({
    ...p,
    caching: Object.freeze(caching(p.caching)),
    compaction: Object.freeze(compaction(p.compaction)),
    compression: Object.freeze(compression(p.compression)),
    extensions: Object.freeze({ ...p.extensions }),
  });
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function nonNegativeInt(v: number, name: string): void {
  if (!Number.isInteger(v) || v < 0) throw new ConfigurationError(`${name} must be greater than or equal to 0 (got ${v})`);
}

/** NONE, ALWAYS, 99p / 99PERCENTILE, 50ms, MIN(…,…) / MAX(…,…). */
function speculative(v: string, option: string): void {
  const one = /^(?:NONE|ALWAYS|\d+(?:\.\d+)?(?:p|PERCENTILE)|\d+(?:\.\d+)?ms)$/i;
  const two = /^(?:MIN|MAX)\s*\(\s*([^,]+?)\s*,\s*([^)]+?)\s*\)$/i.exec(v);
  if (one.test(v) || (two !== null && one.test(two[1]!) && one.test(two[2]!))) return;
  throw new ConfigurationError(`Invalid value ${v} for option '${option}'`);
}

function caching(m: Readonly<Record<string, string>>): Record<string, string> {
  const unknown = Object.keys(m).filter((k) => k !== 'keys' && k !== 'rows_per_partition');
  if (unknown.length > 0) throw new ConfigurationError(`Invalid caching sub-options [${unknown.join(', ')}]: only 'keys' and 'rows_per_partition' are allowed`);
  const keys = (m.keys ?? 'ALL').toUpperCase();
  if (keys !== 'ALL' && keys !== 'NONE') throw new ConfigurationError(`Invalid value '${m.keys}' for caching sub-option 'keys': only 'ALL' and 'NONE' are supported`);
  const rows = (m.rows_per_partition ?? 'NONE').toUpperCase();
  if (rows !== 'ALL' && rows !== 'NONE' && !/^\d+$/.test(rows)) {
    throw new ConfigurationError(`Invalid value '${m.rows_per_partition}' for caching sub-option 'rows_per_partition': only 'ALL', 'NONE' or a positive integer are supported`);
  }
  return { keys, rows_per_partition: rows };
}

function compaction(m: Readonly<Record<string, string>>): Record<string, string> {
  const cls = m.class;
  if (cls === undefined) throw new ConfigurationError("Missing sub-option 'class' for the 'compaction' option.");
  const out: Record<string, string> = { ...m, class: className(cls, COMPACTION_PACKAGE, COMPACTION_CLASSES, 'compaction strategy') };
  for (const k of ['max_threshold', 'min_threshold']) {
    if (out[k] !== undefined && !/^\d+$/.test(out[k]!)) throw new ConfigurationError(`${k} must be an integer, got '${out[k]}'`);
  }
  out.max_threshold ??= '32';
  out.min_threshold ??= '4';
  return sorted(out);
}

function compression(m: Readonly<Record<string, string>>): Record<string, string> {
  const known = new Set(['class', 'sstable_compression', 'chunk_length_in_kb', 'chunk_length_kb', 'enabled', 'crc_check_chance', 'min_compress_ratio']);
  const unknown = Object.keys(m).filter((k) => !known.has(k));
  if (unknown.length > 0) throw new ConfigurationError(`Unknown compression options [${unknown.join(', ')}]`);
  if (m.enabled !== undefined && m.enabled.toLowerCase() === 'false') return { enabled: 'false' };
  // `compression = {}` turns compression off, as Cassandra 4.0's CompressionParams.fromMap reads an empty map.
  if (Object.keys(m).length === 0) return { enabled: 'false' };
  const cls = m.class ?? m.sstable_compression;
  if (cls === undefined) throw new ConfigurationError("Missing sub-option 'class' for the 'compression' option.");
  if (cls === '') return { enabled: 'false' };
  const chunk = m.chunk_length_in_kb ?? m.chunk_length_kb ?? '16';
  if (!/^\d+$/.test(chunk) || Number(chunk) <= 0 || (Number(chunk) & (Number(chunk) - 1)) !== 0) {
    throw new ConfigurationError(`chunk_length_in_kb must be a power of 2, got ${chunk}`);
  }
  const out: Record<string, string> = { chunk_length_in_kb: chunk, class: className(cls, COMPRESSION_PACKAGE, COMPRESSION_CLASSES, 'compression class') };
  if (m.min_compress_ratio !== undefined) out.min_compress_ratio = m.min_compress_ratio;
  return sorted(out);
}

function className(given: string, pkg: string, known: readonly string[], what: string): string {
  const short = given.startsWith(pkg) ? given.slice(pkg.length) : given;
  if (known.includes(short)) return pkg + short;
  if (given.includes('.')) return given; // a custom class: kept as given
  throw new ConfigurationError(`Unable to find ${what} class '${given}'`);
}

function sorted(m: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(m).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Only the options that differ from the defaults, under their CQL names (the persisted form). */
export function tableParamsToObject(p: TableParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, name] of PARAM_NAMES) {
    const v = p[key];
    if (JSON.stringify(v) !== JSON.stringify(DEFAULT_TABLE_PARAMS[key])) out[name] = v;
  }
  return out;
}

/** Reads `tableParamsToObject`'s form back (validated). */
export function tableParamsFromObject(o: Record<string, unknown>): TableParams {
  const input: Record<string, unknown> = {};
  for (const [key, name] of PARAM_NAMES) if (o[name] !== undefined) input[key] = o[name];
  try {
    return createTableParams(input as TableParamsInput);
  } catch (e) {
    throw new ConfigurationError(`stored table options: ${(e as Error).message}`, { cause: e });
  }
}

/** Each option's field and CQL name, in CQL name order. */
export const PARAM_NAMES: readonly (readonly [keyof TableParams, string])[] = [
  ['additionalWritePolicy', 'additional_write_policy'],
  ['bloomFilterFpChance', 'bloom_filter_fp_chance'],
  ['caching', 'caching'],
  ['cdc', 'cdc'],
  ['compaction', 'compaction'],
  ['compression', 'compression'],
  ['crcCheckChance', 'crc_check_chance'],
  ['dclocalReadRepairChance', 'dclocal_read_repair_chance'],
  ['extensions', 'extensions'],
  ['maxIndexInterval', 'max_index_interval'],
  ['memtableFlushPeriodInMs', 'memtable_flush_period_in_ms'],
  ['minIndexInterval', 'min_index_interval'],
  ['readRepair', 'read_repair'],
  ['readRepairChance', 'read_repair_chance'],
  ['speculativeRetry', 'speculative_retry'],
];


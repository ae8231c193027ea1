/**
 * cassandra.yaml's `audit_logging_options` (Cassandra 4.0's AuditLogOptions) as Ilium honours
 * them: the FileAuditLogger line format written to rotating files under `audit_logs_dir`, with
 * Cassandra's keyspace, category and user filters. A key or value Ilium cannot honour stops the
 * start with one line naming it (BinAuditLogger's Chronicle queue, archive_command, …). While
 * `enabled` is false the map is read the same way, so `nodetool enableauditlog` starts from it.
 */
import { ConfigurationError } from '../errors/index.js';

/** Cassandra's AuditLogEntryCategory values. */
export const AUDIT_CATEGORIES = ['QUERY', 'DML', 'DDL', 'DCL', 'OTHER', 'AUTH', 'ERROR', 'PREPARE'] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];

/** The roll cycles Ilium honours: a new file per hour, day or minute (UTC). */
export const AUDIT_ROLL_CYCLES = ['MINUTELY', 'HOURLY', 'DAILY'] as const;
export type AuditRollCycle = (typeof AUDIT_ROLL_CYCLES)[number];

/** The filter lists: keyspace and user names, categories. */
type NameListKey = 'included_keyspaces' | 'excluded_keyspaces' | 'included_users' | 'excluded_users';
type CategoryListKey = 'included_categories' | 'excluded_categories';

export type AuditLogOptions = {
  readonly enabled: boolean;
  /** Always FileAuditLogger (the only logger Ilium has). */
  readonly logger: 'FileAuditLogger';
  /** null: `<data directory>/audit`. */
  readonly audit_logs_dir: string | null;
  readonly roll_cycle: AuditRollCycle;
  /** Bytes the audit files may take together; the oldest are deleted beyond it. */
  readonly max_log_size: number;
} & { readonly [K in NameListKey]: readonly string[] } & { readonly [K in CategoryListKey]: readonly AuditCategory[] };

export const DEFAULT_AUDIT_LOG_OPTIONS: AuditLogOptions = Object.freeze({
  enabled: false,
  logger: 'FileAuditLogger',
  audit_logs_dir: null,
  included_keyspaces: Object.freeze([]),
  // Cassandra's default: the node's own schema reads would drown everything else.
  excluded_keyspaces: Object.freeze(['system', 'system_schema', 'system_virtual_schema']),
  included_categories: Object.freeze([]),
  excluded_categories: Object.freeze([]),
  included_users: Object.freeze([]),
  excluded_users: Object.freeze([]),
  roll_cycle: 'HOURLY',
  max_log_size: 16 * 2 ** 30,
});

/** Keys of Cassandra's AuditLogOptions Ilium cannot honour, and why. */
const REFUSED_KEYS: Readonly<Record<string, string>> = {
  block: "BinAuditLogger's Chronicle queue option; Ilium's FileAuditLogger never blocks",
  max_queue_weight: "BinAuditLogger's Chronicle queue option",
  archive_command: 'Ilium does not run archive commands',
  max_archive_retries: 'Ilium does not run archive commands',
  allow_nodetool_archive_command: 'Ilium does not run archive commands',
};

const KNOWN_KEYS = new Set(['enabled', 'logger', 'audit_logs_dir', 'included_keyspaces', 'excluded_keyspaces', 'included_categories', 'excluded_categories', 'included_users', 'excluded_users', 'roll_cycle', 'max_log_size']);

const KEY = 'audit_logging_options';

/** Reads the cassandra.yaml map (undefined or null: the defaults). */
export function parseAuditLogOptions(value: unknown): AuditLogOptions {
  if (value === undefined || value === null) return DEFAULT_AUDIT_LOG_OPTIONS;
  if (typeof value !== 'object' || Array.isArray(value)) throw new ConfigurationError(`${KEY} must be a mapping, got ${JSON.stringify(value)}`);
  const given = value as Record<string, unknown>;
  const enabled = given.enabled ?? false;
  if (typeof enabled !== 'boolean') throw new ConfigurationError(`${KEY}.enabled must be true or false, got ${JSON.stringify(enabled)}`);
  // A disabled map is Cassandra's commented default (BinAuditLogger …): accepted as it stands.
  if (!enabled) {
    try {
      return checkedOptions(given, false);
    } catch {
      return DEFAULT_AUDIT_LOG_OPTIONS;
    }
  }
  return checkedOptions(given, true);
}

function checkedOptions(given: Record<string, unknown>, enabled: boolean): AuditLogOptions {
  for (const key of Object.keys(given)) {
    const why = REFUSED_KEYS[key];
    if (why !== undefined && given[key] !== null && given[key] !== '') throw new ConfigurationError(`${KEY}.${key} is not supported by Ilium (${why}); remove it`);
    if (why === undefined && !KNOWN_KEYS.has(key)) throw new ConfigurationError(`${KEY}.${key} is not an audit logging option`);
  }
  const d = DEFAULT_AUDIT_LOG_OPTIONS;
  const dir = given.audit_logs_dir;
  if (dir !== undefined && dir !== null && (typeof dir !== 'string' || dir === '')) throw new ConfigurationError(`${KEY}.audit_logs_dir must be a directory, got ${JSON.stringify(dir)}`);
  const roll = given.roll_cycle ?? d.roll_cycle;
  if (typeof roll !== 'string' || !(AUDIT_ROLL_CYCLES as readonly string[]).includes(roll.toUpperCase())) {
    throw new ConfigurationError(`${KEY}.roll_cycle: ${JSON.stringify(roll)} is not supported by Ilium (only ${AUDIT_ROLL_CYCLES.join(', ')})`);
  }
  const max = given.max_log_size ?? d.max_log_size;
  if (typeof max !== 'number' || !Number.isSafeInteger(max) || max <= 0) throw new ConfigurationError(`${KEY}.max_log_size must be a positive number of bytes, got ${JSON.stringify(max)}`);
  return Object.freeze({
    enabled,
    logger: loggerOf(given.logger),
    audit_logs_dir: typeof dir === 'string' ? dir : null,
    included_keyspaces: listOf(given, 'included_keyspaces', d.included_keyspaces),
    excluded_keyspaces: listOf(given, 'excluded_keyspaces', d.excluded_keyspaces),
    included_categories: categoriesOf(listOf(given, 'included_categories', d.included_categories), 'included_categories'),
    excluded_categories: categoriesOf(listOf(given, 'excluded_categories', d.excluded_categories), 'excluded_categories'),
    included_users: listOf(given, 'included_users', d.included_users),
    excluded_users: listOf(given, 'excluded_users', d.excluded_users),
    roll_cycle: roll.toUpperCase() as AuditRollCycle,
    max_log_size: max,
  });
}

/** `logger` as Cassandra 4.0 writes it (`- class_name: X`, `class_name: X`) or a bare class name. */
function loggerOf(value: unknown): 'FileAuditLogger' {
  if (value === undefined || value === null) return 'FileAuditLogger';
  const entry = Array.isArray(value) ? (value.length === 1 ? value[0] : undefined) : value;
  const name = typeof entry === 'string' ? entry : (entry as { class_name?: unknown } | undefined)?.class_name;
  if (typeof name !== 'string') throw new ConfigurationError(`${KEY}.logger must name one class (class_name: FileAuditLogger), got ${JSON.stringify(value)}`);
  const short = name.startsWith('org.apache.cassandra.audit.') ? name.slice('org.apache.cassandra.audit.'.length) : name;
  if (short === 'FileAuditLogger') return 'FileAuditLogger';
  if (short === 'BinAuditLogger') throw new ConfigurationError(`${KEY}.logger: BinAuditLogger is not supported by Ilium (it writes no Chronicle queues); use class_name: FileAuditLogger`);
  throw new ConfigurationError(`${KEY}.logger: ${name} is not supported by Ilium (only FileAuditLogger)`);
}

/** A comma-separated string (Cassandra's form) or a YAML list. */
export function auditListOf(value: unknown, what: string): string[] {
  if (typeof value === 'string') return value.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.map((v) => (v as string).trim()).filter((s) => s.length > 0);
  throw new ConfigurationError(`${what} must be a comma-separated list, got ${JSON.stringify(value)}`);
}

function listOf(given: Record<string, unknown>, key: string, fallback: readonly string[]): readonly string[] {
  const v = given[key];
  return v === undefined || v === null ? fallback : Object.freeze(auditListOf(v, `${KEY}.${key}`));
}

/** Category names, upper-cased, each one of Cassandra's. */
export function auditCategoriesOf(names: readonly string[], what: string): readonly AuditCategory[] {
  const out = names.map((n) => n.toUpperCase());
  for (const n of out) {
    if (!(AUDIT_CATEGORIES as readonly string[]).includes(n)) throw new ConfigurationError(`${what}: unknown category ${n} (one of ${AUDIT_CATEGORIES.join(', ')})`);
  }
  return Object.freeze(out as AuditCategory[]);
}

function categoriesOf(names: readonly string[], key: string): readonly AuditCategory[] {
  return auditCategoriesOf(names, `${KEY}.${key}`);
}

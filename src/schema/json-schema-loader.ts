/**
 * The JSON schema form of seed 000 (fed to 0.7's cassandra-cli `--batch`):
 *
 *   { "<keyspace>": { "<column family>": { "comparator_type": …, "column_type": …, … }, …,
 *                     ["strategy_class": …, "strategy_options": {…}, "replication_factor": n,
 *                      "durable_writes": b] } }
 *
 * Column family keys: column_type, comparator_type, subcomparator_type, default_validation_class,
 * key_validation_class, column_metadata [{column_name, validation_class, index_type, index_name}],
 * gc_grace_seconds, default_time_to_live, comment. An unknown key is a ConfigurationError (a typo
 * should not silently change a schema); a bad definition is an InvalidRequestError.
 */
import type { Random } from '../env/index.js';
import { ConfigurationError } from '../errors/index.js';
import type { ColumnDefinitionInput } from './column-definition.js';
import type { ColumnFamilyInput } from './column-family-def.js';
import { type KeyspaceDef, createKeyspace } from './keyspace-def.js';
import { parseLenientJson } from './lenient-json.js';
import type { ReplicationInput } from './replication.js';

const KEYSPACE_KEYS = new Set(['strategy_class', 'strategy_options', 'replication_factor', 'durable_writes']);

const CF_KEYS: Readonly<Record<string, keyof ColumnFamilyInput>> = {
  column_type: 'columnType',
  comparator_type: 'comparator',
  subcomparator_type: 'subcomparator',
  default_validation_class: 'defaultValidator',
  key_validation_class: 'keyValidator',
  gc_grace_seconds: 'gcGraceSeconds',
  default_time_to_live: 'defaultTimeToLive',
  comment: 'comment',
};

export function loadJsonSchema(text: string, random: Random): KeyspaceDef[] {
  const root = object(parseLenientJson(text), 'the schema');
  return Object.entries(root).map(([name, body]) => keyspace(name, object(body, `keyspace ${name}`), random));
}

function keyspace(name: string, body: Record<string, unknown>, random: Random): KeyspaceDef {
  const tables: Omit<ColumnFamilyInput, 'keyspace'>[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (!KEYSPACE_KEYS.has(key)) tables.push(columnFamily(key, object(value, `column family ${name}.${key}`)));
  }
  const durable = body.durable_writes;
  if (durable !== undefined && typeof durable !== 'boolean') throw new ConfigurationError(`durable_writes of ${name} must be true or false`);
  return createKeyspace({ name, replication: replication(name, body), durableWrites: durable, tables }, random);
}

/** Default SimpleStrategy; a bare replication_factor is the 0.7 keyspace-level option. */
function replication(name: string, body: Record<string, unknown>): ReplicationInput | undefined {
  const cls = body.strategy_class;
  const options = body.strategy_options === undefined ? {} : stringValues(object(body.strategy_options, `strategy_options of ${name}`));
  const rf = body.replication_factor;
  if (cls === undefined && rf === undefined && body.strategy_options === undefined) return undefined;
  if (rf !== undefined) options.replication_factor = String(rf);
  return { class: cls === undefined ? 'SimpleStrategy' : String(cls), options };
}

function columnFamily(name: string, body: Record<string, unknown>): Omit<ColumnFamilyInput, 'keyspace'> {
  const input: Record<string, unknown> = { name };
  for (const [key, value] of Object.entries(body)) {
    if (key === 'column_metadata') {
      if (!Array.isArray(value)) throw new ConfigurationError(`column_metadata of ${name} must be a list`);
      input.columnMetadata = value.map((c) => columnDefinition(name, object(c, `a column_metadata entry of ${name}`)));
      continue;
    }
    const field = CF_KEYS[key];
    if (field === undefined) throw new ConfigurationError(`Unknown column family option '${key}' in ${name}`);
    input[field] = value;
  }
  return input as Omit<ColumnFamilyInput, 'keyspace'>;
}

function columnDefinition(cf: string, c: Record<string, unknown>): ColumnDefinitionInput {
  if (typeof c.column_name !== 'string') throw new ConfigurationError(`a column_metadata entry of ${cf} has no column_name`);
  return {
    name: c.column_name,
    validator: typeof c.validation_class === 'string' ? c.validation_class : undefined,
    indexType: (c.index_type as string | number | undefined) ?? null,
    indexName: typeof c.index_name === 'string' ? c.index_name : null,
  };
}

function object(v: unknown, what: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new ConfigurationError(`${what} must be a JSON object`);
  return v as Record<string, unknown>;
}

function stringValues(o: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));
}

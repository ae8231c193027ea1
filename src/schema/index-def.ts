/**
 * A secondary index declared in CQL (CREATE INDEX) on a CQL table: its name (unique in the
 * keyspace), kind and options (`target` names the column and what of it is indexed: `v`,
 * `keys(m)`, `values(m)`, `entries(m)`, `full(f)`; CUSTOM indexes add `class_name`). Kept in the
 * table definition and shown by system_schema.indexes; KEYS indexes of Thrift-made column
 * families stay in their column metadata (column-definition.ts), where the engine maintains them.
 */
import { InvalidRequestError } from '../errors/index.js';
import { validateName } from './schema-names.js';

export type IndexKind = 'KEYS' | 'COMPOSITES' | 'CUSTOM';

export interface IndexDef {
  readonly name: string;
  readonly kind: IndexKind;
  readonly options: Readonly<Record<string, string>>;
}

export function createIndexDef(name: string, kind: IndexKind, options: Readonly<Record<string, string>>): IndexDef {
  validateName('Index', name);
  if (options.target === undefined) throw new InvalidRequestError(`Index ${name} has no target`);
  if (kind === 'CUSTOM' && options.class_name === undefined) throw new InvalidRequestError(`Custom index ${name} has no class_name`);
  const sorted = Object.fromEntries(Object.entries(options).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return Object.freeze({ name, kind, options: Object.freeze(sorted) });
}

/** The column and the part of it an index target names: `keys(m)` → { column: 'm', type: 'keys' }. */
export function parseIndexTarget(target: string): { column: string; type: 'simple' | 'keys' | 'values' | 'entries' | 'full' } {
  const m = /^(keys|values|entries|full)\((.*)\)$/.exec(target);
  const raw = m === null ? target : m[2]!;
  const column = raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2 ? raw.slice(1, -1).replaceAll('""', '"') : raw;
  return { column, type: m === null ? 'simple' : (m[1] as 'keys' | 'values' | 'entries' | 'full') };
}

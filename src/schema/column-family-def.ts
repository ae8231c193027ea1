/**
 * A column family (table) definition in the 0.7 model: Standard or Super, its comparators and
 * validators, column metadata, tombstone grace and default TTL. `createColumnFamily` is the only
 * way to make one, so every ColumnFamilyDef in a Schema has passed validation.
 */
import type { Random } from '../env/index.js';
import { InvalidRequestError } from '../errors/index.js';
import { type AbstractType, BYTES_TYPE } from '../marshal/index.js';
import { type ColumnDefinition, type ColumnDefinitionInput, createColumnDefinitions } from './column-definition.js';
import { isUuidText, randomUuid } from './random-uuid.js';
import { type TypeInput, resolveType } from './resolve-type.js';
import { validateName } from './schema-names.js';

export type ColumnType = 'Standard' | 'Super';

export interface ColumnFamilyDef {
  /** A random UUID given at creation; never changes (directories and the commit log use it). */
  readonly id: string;
  readonly keyspace: string;
  readonly name: string;
  readonly columnType: ColumnType;
  /** Orders column names (super column names for a Super CF). */
  readonly comparator: AbstractType;
  /** Orders sub-column names; Super only, null otherwise. */
  readonly subcomparator: AbstractType | null;
  readonly defaultValidator: AbstractType;
  readonly keyValidator: AbstractType;
  readonly columnMetadata: readonly ColumnDefinition[];
  readonly gcGraceSeconds: number;
  readonly defaultTimeToLive: number;
  readonly comment: string;
}

export interface ColumnFamilyInput {
  readonly keyspace: string;
  readonly name: string;
  /** Drawn from `random` when absent. */
  readonly id?: string;
  readonly columnType?: string;
  readonly comparator?: TypeInput;
  readonly subcomparator?: TypeInput | null;
  readonly defaultValidator?: TypeInput;
  readonly keyValidator?: TypeInput;
  readonly columnMetadata?: readonly ColumnDefinitionInput[];
  readonly gcGraceSeconds?: number;
  readonly defaultTimeToLive?: number;
  readonly comment?: string;
}

/** Cassandra's default gc_grace_seconds: ten days. */
export const DEFAULT_GC_GRACE_SECONDS = 864000;
/** Cassandra's largest TTL: twenty years. */
export const TTL_SECONDS_MAX = 20 * 365 * 24 * 60 * 60;

/** Validates `input` and builds a frozen definition; InvalidRequestError says what is wrong. */
export function createColumnFamily(input: ColumnFamilyInput, random: Random): ColumnFamilyDef {
  validateName('Keyspace', input.keyspace);
  validateName('Column family', input.name);
  const id = input.id ?? randomUuid(random);
  if (!isUuidText(id)) throw new InvalidRequestError(`Column family id must be a lower-case UUID, got '${id}'`);
  const columnType = parseColumnType(input.columnType ?? 'Standard');
  const comparator = resolveType(input.comparator ?? BYTES_TYPE, 'comparator_type');
  const subcomparator = resolveSubcomparator(columnType, input);
  const nameType = subcomparator ?? comparator;
  return Object.freeze({
    id,
    keyspace: input.keyspace,
    name: input.name,
    columnType,
    comparator,
    subcomparator,
    defaultValidator: resolveType(input.defaultValidator ?? BYTES_TYPE, 'default_validation_class'),
    keyValidator: resolveType(input.keyValidator ?? BYTES_TYPE, 'key_validation_class'),
    columnMetadata: Object.freeze(createColumnDefinitions(input.columnMetadata ?? [], nameType, input.name, columnType === 'Super')),
    gcGraceSeconds: seconds(input.gcGraceSeconds ?? DEFAULT_GC_GRACE_SECONDS, 'gc_grace_seconds', 0x7fffffff),
    defaultTimeToLive: seconds(input.defaultTimeToLive ?? 0, 'default_time_to_live', TTL_SECONDS_MAX),
    comment: input.comment ?? '',
  });
}

function parseColumnType(s: string): ColumnType {
  if (s === 'Standard' || s === 'Super') return s;
  throw new InvalidRequestError(`Invalid column type ${s}: must be Standard or Super`);
}

/** A Super CF's subcomparator defaults to BytesType; a Standard CF must not name one. */
function resolveSubcomparator(columnType: ColumnType, input: ColumnFamilyInput): AbstractType | null {
  const given = input.subcomparator ?? null;
  const blank = given === null || given === '';
  if (columnType === 'Standard') {
    if (!blank) throw new InvalidRequestError(`subcomparator_type is invalid for the standard column family ${input.name}: only Super column families have sub-columns`);
    return null;
  }
  return blank ? BYTES_TYPE : resolveType(given, 'subcomparator_type');
}

function seconds(v: number, option: string, max: number): number {
  if (!Number.isInteger(v) || v < 0) throw new InvalidRequestError(`${option} must be a non-negative integer, got ${v}`);
  if (v > max) throw new InvalidRequestError(`${option} must not exceed ${max}, got ${v}`);
  return v;
}

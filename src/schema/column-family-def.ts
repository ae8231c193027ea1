/**
 * A column family (table) definition in the 0.7 model: Standard or Super, its comparators and
 * validators, column metadata, tombstone grace and default TTL. `createColumnFamily` is the only
 * way to make one, so every ColumnFamilyDef in a Schema has passed validation.
 */
import type { Random } from '../env/index.js';
import { InvalidRequestError } from '../errors/index.js';
import { type AbstractType, BYTES_TYPE } from '../marshal/index.js';
import { type ColumnDefinition, type ColumnDefinitionInput, createColumnDefinitions } from './column-definition.js';
import { type CqlTable, type CqlTableInput, createCqlTable, cqlViewOfThrift, thriftFieldsOf } from './cql-table.js';
import { isUuidText, randomUuid } from './random-uuid.js';
import { type TypeInput, resolveType } from './resolve-type.js';
import { validateName } from './schema-names.js';
import type { DroppedColumn } from './dropped-column.js';
import type { IndexDef } from './index-def.js';
import { type TableParams, type TableParamsInput, createTableParams } from './table-params.js';
import type { ViewDef } from './view-def.js';

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
  /** The CQL view (cql-table.ts): as declared by CREATE TABLE, or derived from the fields above. */
  readonly cql: CqlTable;
  /** The CQL table options (bloom filter, caching, compaction, compression, …). */
  readonly params: TableParams;
  /** Columns dropped from a CQL table, sorted by name (the latest drop of each). */
  readonly droppedColumns: readonly DroppedColumn[];
  /** Secondary indexes declared in CQL on a CQL table, sorted by name (Thrift KEYS indexes are in columnMetadata). */
  readonly indexes: readonly IndexDef[];
  /** Set when this table is a materialized view (view-def.ts): written only through its base table. */
  readonly view: ViewDef | null;
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
  /** A table declared in CQL: the comparator, validators and column metadata are derived from it (and must not be given). */
  readonly cql?: CqlTableInput;
  readonly params?: TableParamsInput;
  readonly droppedColumns?: readonly DroppedColumn[];
  readonly indexes?: readonly IndexDef[];
  readonly view?: ViewDef | null;
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
  const common = {
    id,
    keyspace: input.keyspace,
    name: input.name,
    gcGraceSeconds: seconds(input.gcGraceSeconds ?? DEFAULT_GC_GRACE_SECONDS, 'gc_grace_seconds', 0x7fffffff),
    defaultTimeToLive: seconds(input.defaultTimeToLive ?? 0, 'default_time_to_live', TTL_SECONDS_MAX),
    comment: input.comment ?? '',
    params: createTableParams(input.params),
    droppedColumns: Object.freeze([...(input.droppedColumns ?? [])].sort(byName)),
    indexes: Object.freeze([...(input.indexes ?? [])].sort(byName)),
    view: input.view ?? null,
  };
  if (input.cql !== undefined) return Object.freeze({ ...common, ...fromCql(input) });
  const columnType = parseColumnType(input.columnType ?? 'Standard');
  const comparator = resolveType(input.comparator ?? BYTES_TYPE, 'comparator_type');
  const subcomparator = resolveSubcomparator(columnType, input);
  const nameType = subcomparator ?? comparator;
  const defaultValidator = resolveType(input.defaultValidator ?? BYTES_TYPE, 'default_validation_class');
  const keyValidator = resolveType(input.keyValidator ?? BYTES_TYPE, 'key_validation_class');
  const columnMetadata = Object.freeze(createColumnDefinitions(input.columnMetadata ?? [], nameType, input.name, columnType === 'Super'));
  const namedColumns = columnType === 'Super' ? [] : columnMetadata.map((c) => ({ name: comparator.toString(c.name), validator: c.validator }));
  const cql = cqlViewOfThrift({ columnType, comparator, subcomparator, defaultValidator, keyValidator, namedColumns });
  return Object.freeze({ ...common, columnType, comparator, subcomparator, defaultValidator, keyValidator, columnMetadata, cql });
}

/** A CQL-declared table's Thrift-side fields. */
function fromCql(input: ColumnFamilyInput): Pick<ColumnFamilyDef, 'columnType' | 'comparator' | 'subcomparator' | 'defaultValidator' | 'keyValidator' | 'columnMetadata' | 'cql'> {
  const thriftGiven = ['columnType', 'comparator', 'subcomparator', 'defaultValidator', 'keyValidator', 'columnMetadata'].filter((k) => (input as unknown as Record<string, unknown>)[k] !== undefined);
  if (thriftGiven.length > 0) throw new InvalidRequestError(`Table ${input.name} is declared in CQL: ${thriftGiven.join(', ')} cannot be given as well`);
  const cql = createCqlTable(input.cql!, input.name);
  const f = thriftFieldsOf(cql);
  const columnMetadata = Object.freeze(createColumnDefinitions(f.namedColumns.map((c) => ({ name: Buffer.from(c.name, 'utf8'), validator: c.validator })), f.comparator, input.name, false));
  return { columnType: 'Standard', comparator: f.comparator, subcomparator: null, defaultValidator: f.defaultValidator, keyValidator: f.keyValidator, columnMetadata, cql };
}

function byName(a: { readonly name: string }, b: { readonly name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
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

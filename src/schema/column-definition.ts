/**
 * Column metadata: named columns with a value validator and an optional KEYS index (the 0.7
 * ColumnDef). Names are stored serialized by the name comparator — the column family's comparator,
 * or for a Super column family the subcomparator, since metadata describes sub-columns there
 * (Cassandra 0.7 validated them the same way).
 */
import { InvalidRequestError } from '../errors/index.js';
import type { AbstractType } from '../marshal/index.js';
import { type TypeInput, resolveType } from './resolve-type.js';
import { validateName } from './schema-names.js';

export type IndexType = 'KEYS';

export interface ColumnDefinition {
  /** Serialized by the name comparator. */
  readonly name: Buffer;
  readonly validator: AbstractType;
  readonly indexType: IndexType | null;
  readonly indexName: string | null;
}

export interface ColumnDefinitionInput {
  /** Bytes, or text parsed by the name comparator's fromString. */
  readonly name: Buffer | string;
  readonly validator?: TypeInput;
  /** 'KEYS' (or Thrift's enum value 0), or null for no index. */
  readonly indexType?: string | number | null;
  readonly indexName?: string | null;
}

/** Builds and validates a column family's metadata; `cfName` makes default index names. */
export function createColumnDefinitions(inputs: readonly ColumnDefinitionInput[], nameType: AbstractType, cfName: string, isSuper: boolean): ColumnDefinition[] {
  const out: ColumnDefinition[] = [];
  const seen = new Set<string>();
  for (const input of inputs) {
    const def = createColumnDefinition(input, nameType, cfName, isSuper);
    const hex = def.name.toString('hex');
    if (seen.has(hex)) throw new InvalidRequestError(`Duplicate column name ${nameType.toString(def.name)} in column_metadata of ${cfName}`);
    seen.add(hex);
    out.push(def);
  }
  return out;
}

function createColumnDefinition(input: ColumnDefinitionInput, nameType: AbstractType, cfName: string, isSuper: boolean): ColumnDefinition {
  const name = columnName(input.name, nameType, cfName);
  const validator = resolveType(input.validator ?? 'BytesType', `validation_class of column ${nameType.toString(name)}`);
  const indexType = parseIndexType(input.indexType ?? null);
  if (indexType !== null && isSuper) throw new InvalidRequestError(`Secondary indexes are not supported on super column families (${cfName})`);
  let indexName = input.indexName ?? null;
  if (indexType === null && indexName !== null) throw new InvalidRequestError(`index_name ${indexName} given without an index_type`);
  if (indexType !== null) {
    // Cassandra's default: <cf>_<column>_idx with non-word characters removed.
    indexName ??= `${cfName}_${nameType.toString(name)}_idx`.replace(/\W/g, '');
    validateName('Index', indexName);
  }
  return Object.freeze({ name, validator, indexType, indexName });
}

function columnName(input: Buffer | string, nameType: AbstractType, cfName: string): Buffer {
  try {
    const name = typeof input === 'string' ? nameType.fromString(input) : Buffer.from(input);
    nameType.validate(name);
    if (name.length === 0) throw new InvalidRequestError('empty');
    return name;
  } catch (e) {
    if (!(e instanceof InvalidRequestError)) throw e;
    const shown = typeof input === 'string' ? input : `0x${Buffer.from(input).toString('hex')}`;
    throw new InvalidRequestError(`Column name ${shown} in column_metadata of ${cfName} is not valid for ${nameType.name}: ${e.message}`, { cause: e });
  }
}

function parseIndexType(v: string | number | null): IndexType | null {
  if (v === null) return null;
  if (v === 0 || (typeof v === 'string' && v.toUpperCase() === 'KEYS')) return 'KEYS';
  throw new InvalidRequestError(`Unsupported index_type ${String(v)}: only KEYS indexes exist`);
}

/**
 * Columns and deletions given as JS values → batch_mutate Mutations for one row of one column
 * family. A Standard CF takes name → value; a Super CF takes super column name → (name → value).
 */
import { InvalidRequestError } from '../errors/index.js';
import type { Column, Mutation } from '../db/index.js';
import type { ColumnFamilyCodec } from './column-family-codec.js';
import type { ColumnsInput, Name, SuperColumnsInput } from './js-values.js';
import { TimeUUID } from './time-uuid.js';

/** A deletion: the row (nothing given), a super column, or named (sub-)columns. */
export interface DeletionTarget {
  readonly superColumn?: Name;
  readonly columns?: readonly Name[];
}

export function insertMutations(codec: ColumnFamilyCodec, columns: ColumnsInput | SuperColumnsInput, timestamp: bigint, ttl: number | undefined): Mutation[] {
  const out: Mutation[] = [];
  for (const [name, value] of entriesOf(columns)) {
    if (codec.isSuper) {
      if (!isColumnsInput(value)) throw new InvalidRequestError(`super column family ${codec.def.name} takes super column name → {column name → value}`);
      const columns = entriesOf(value).map(([n, v]) => column(codec, n, v, timestamp, ttl));
      out.push({ columnOrSuperColumn: { superColumn: { name: codec.name('super', name as Name), columns } } });
    } else {
      if (isColumnsInput(value)) throw new InvalidRequestError(`column family ${codec.def.name} is not a super column family: a column value cannot be a map`);
      out.push({ columnOrSuperColumn: { column: column(codec, name, value, timestamp, ttl) } });
    }
  }
  return out;
}

export function deletionMutation(codec: ColumnFamilyCodec, target: DeletionTarget, timestamp: bigint): Mutation {
  const level = codec.isSuper && target.superColumn === undefined ? 'super' : 'column';
  const superColumn = target.superColumn === undefined ? undefined : codec.name('super', target.superColumn);
  const predicate = target.columns === undefined ? undefined : { columnNames: target.columns.map((n) => codec.name(level, n)) };
  return { deletion: { timestamp, ...(superColumn === undefined ? {} : { superColumn }), ...(predicate === undefined ? {} : { predicate }) } };
}

function column(codec: ColumnFamilyCodec, name: unknown, value: unknown, timestamp: bigint, ttl: number | undefined): Column {
  const nameBytes = codec.name('column', name as Name);
  const col = { name: nameBytes, value: codec.value(nameBytes, value as Name), timestamp };
  return ttl === undefined ? col : { ...col, ttl };
}

function entriesOf(input: unknown): [unknown, unknown][] {
  if (input instanceof Map) return [...input.entries()];
  if (isColumnsInput(input)) return Object.entries(input);
  throw new InvalidRequestError('columns must be a plain object or a Map');
}

/** A plain object or Map (not a name-like value such as a Buffer, Date or TimeUUID). */
export function isColumnsInput(v: unknown): v is ColumnsInput {
  if (v instanceof Map) return true;
  if (v === null || typeof v !== 'object') return false;
  return !(v instanceof Uint8Array || v instanceof Date || v instanceof TimeUUID);
}

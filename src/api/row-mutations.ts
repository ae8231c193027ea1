/**
 * Columns and deletions given as JS values → batch_mutate Mutations for one row of one column
 * family. A Standard CF takes name → value; a Super CF takes super column name → (name → value).
 */
import { InvalidRequestError } from '../errors/index.js';
import { type ColumnWrite, type Mutation, columnWriteMutations } from '../db/index.js';
import type { ColumnFamilyCodec } from './column-family-codec.js';
import type { ColumnsInput, Name, SuperColumnsInput } from './js-values.js';
import { TimeUUID } from './time-uuid.js';

/** A deletion: the row (nothing given), a super column, or named (sub-)columns. */
export interface DeletionTarget {
  readonly superColumn?: Name;
  readonly columns?: readonly Name[];
}

export function insertMutations(codec: ColumnFamilyCodec, columns: ColumnsInput | SuperColumnsInput, timestamp: bigint, ttl: number | undefined): Mutation[] {
  return columnWriteMutations(columnWrites(codec, columns), timestamp, ttl);
}

/** The columns to insert in bytes (sub-columns under their super column's name), in the order given. */
export function columnWrites(codec: ColumnFamilyCodec, columns: ColumnsInput | SuperColumnsInput): ColumnWrite[] {
  const out: ColumnWrite[] = [];
  if (!codec.isSuper) {
    addColumns(codec, columns, out);
    return out;
  }
  const [names, values] = entriesOf(columns);
  for (let i = 0; i < names.length; i++) {
    const value = values[i];
    if (!isColumnsInput(value)) throw new InvalidRequestError(`super column family ${codec.def.name} takes super column name → {column name → value}`);
    // Sub-columns are converted before their super column's name (the order errors are reported in).
    const first = out.length;
    addColumns(codec, value, out);
    const superName = codec.name('super', names[i] as Name);
    for (let j = first; j < out.length; j++) out[j] = { ...out[j]!, superName };
  }
  return out;
}

/** A row's (or a super column's) name → value entries converted and appended to `out` (no super column name yet). */
function addColumns(codec: ColumnFamilyCodec, input: unknown, out: ColumnWrite[]): void {
  if (input instanceof Map) {
    for (const [n, v] of input) out.push(columnWrite(codec, n, v));
    return;
  }
  if (!isColumnsInput(input)) throw new InvalidRequestError('columns must be a plain object or a Map');
  const record = input as Readonly<Record<string, unknown>>;
  for (const n of Object.keys(record)) out.push(columnWrite(codec, n, record[n]));
}

function columnWrite(codec: ColumnFamilyCodec, name: unknown, value: unknown): ColumnWrite {
  if (!codec.isSuper && isColumnsInput(value)) throw new InvalidRequestError(`column family ${codec.def.name} is not a super column family: a column value cannot be a map`);
  const nameBytes = codec.name('column', name as Name);
  return { superName: undefined, name: nameBytes, value: codec.value(nameBytes, value as Name) };
}

/** A Map's or a plain object's names and values (anything else refused). */
function entriesOf(input: unknown): [unknown[], unknown[]] {
  if (input instanceof Map) return [[...input.keys()], [...input.values()]];
  if (!isColumnsInput(input)) throw new InvalidRequestError('columns must be a plain object or a Map');
  return [Object.keys(input), Object.values(input)];
}

export function deletionMutation(codec: ColumnFamilyCodec, target: DeletionTarget, timestamp: bigint): Mutation {
  const level = codec.isSuper && target.superColumn === undefined ? 'super' : 'column';
  const superColumn = target.superColumn === undefined ? undefined : codec.name('super', target.superColumn);
  const predicate = target.columns === undefined ? undefined : { columnNames: target.columns.map((n) => codec.name(level, n)) };
  return { deletion: { timestamp, ...(superColumn === undefined ? {} : { superColumn }), ...(predicate === undefined ? {} : { predicate }) } };
}

/** A plain object or Map (not a name-like value such as a Buffer, Date or TimeUUID). */
export function isColumnsInput(v: unknown): v is ColumnsInput {
  if (v instanceof Map) return true;
  if (v === null || typeof v !== 'object') return false;
  return !(v instanceof Uint8Array || v instanceof Date || v instanceof TimeUUID);
}

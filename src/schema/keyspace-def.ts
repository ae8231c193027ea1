/**
 * A keyspace definition: its replication, whether writes go through the commit log, and its
 * column families. Built only by `createKeyspace`, which validates the whole keyspace.
 */
import type { Random } from '../env/index.js';
import { InvalidRequestError } from '../errors/index.js';
import { AlreadyExistsError } from './already-exists-error.js';
import { type ColumnFamilyDef, type ColumnFamilyInput, createColumnFamily } from './column-family-def.js';
import { DEFAULT_REPLICATION, type Replication, type ReplicationInput, createReplication } from './replication.js';
import { validateName } from './schema-names.js';
import type { UserType } from '../marshal/index.js';
import { type UserFunctionDef, checkUserFunctions } from './function-defs.js';

export interface KeyspaceDef {
  readonly name: string;
  readonly replication: Replication;
  readonly durableWrites: boolean;
  readonly tables: readonly ColumnFamilyDef[];
  /** User-defined types (CREATE TYPE), each in its multi-cell form, by name. */
  readonly types: readonly UserType[];
  /** User-defined functions and aggregates (function-defs.ts), in creation order. */
  readonly functions: readonly UserFunctionDef[];
}

export interface KeyspaceInput {
  readonly name: string;
  /** SimpleStrategy with replication_factor 1 when absent. */
  readonly replication?: ReplicationInput;
  readonly durableWrites?: boolean;
  /** Each table's keyspace is this keyspace (a different one given here is an error). */
  readonly tables?: readonly (Omit<ColumnFamilyInput, 'keyspace'> & { readonly keyspace?: string })[];
  /** User types of this keyspace (their keyspace must be this one). */
  readonly types?: readonly UserType[];
  readonly functions?: readonly UserFunctionDef[];
}

export function createKeyspace(input: KeyspaceInput, random: Random): KeyspaceDef {
  validateName('Keyspace', input.name);
  const replication = input.replication === undefined ? DEFAULT_REPLICATION : createReplication(input.replication);
  const tables: ColumnFamilyDef[] = [];
  for (const t of input.tables ?? []) {
    if (t.keyspace !== undefined && t.keyspace !== input.name) {
      throw new InvalidRequestError(`Column family ${t.name} belongs to keyspace ${t.keyspace}, not ${input.name}`);
    }
    tables.push(createColumnFamily({ ...t, keyspace: input.name }, random));
  }
  checkUniqueTables(input.name, tables);
  const types = (input.types ?? []).map((t) => t.unfreeze());
  checkTypes(input.name, types);
  const functions = input.functions ?? [];
  checkUserFunctions(input.name, functions);
  return Object.freeze({ name: input.name, replication, durableWrites: input.durableWrites ?? true, tables: Object.freeze(tables), types: Object.freeze(types), functions: Object.freeze([...functions]) });
}

/** Each type belongs to the keyspace and has a name no other type has. */
export function checkTypes(keyspace: string, types: readonly UserType[]): void {
  const names = new Set<string>();
  for (const t of types) {
    if (t.keyspace !== keyspace) throw new InvalidRequestError(`User type ${t.keyspace}.${t.typeName} cannot be defined in keyspace ${keyspace}`);
    if (names.has(t.typeName)) throw new InvalidRequestError(`A user type with name '${t.typeName}' already exists`);
    names.add(t.typeName);
  }
}

/** The same keyspace with `types` in place of its own. */
export function withTypes(ks: KeyspaceDef, types: readonly UserType[]): KeyspaceDef {
  checkTypes(ks.name, types);
  return Object.freeze({ ...ks, types: Object.freeze(types.map((t) => t.unfreeze())) });
}

/** The same keyspace with `functions` (functions and aggregates) in place of its own. */
export function withFunctions(ks: KeyspaceDef, functions: readonly UserFunctionDef[]): KeyspaceDef {
  checkUserFunctions(ks.name, functions);
  return Object.freeze({ ...ks, functions: Object.freeze([...functions]) });
}

/** Names are unique ignoring case (they name directories on case-insensitive file systems). */
export function checkUniqueTables(keyspace: string, tables: readonly ColumnFamilyDef[]): void {
  const names = new Map<string, string>();
  const ids = new Set<string>();
  for (const t of tables) {
    const other = names.get(t.name.toLowerCase());
    if (other === t.name) throw new AlreadyExistsError(keyspace, t.name, `Cannot add already existing column family "${t.name}" to keyspace "${keyspace}"`);
    if (other !== undefined) throw new InvalidRequestError(`Column family names must be case-insensitively unique ("${t.name}" conflicts with "${other}")`);
    if (ids.has(t.id)) throw new InvalidRequestError(`Column family id ${t.id} is used twice in keyspace ${keyspace}`);
    names.set(t.name.toLowerCase(), t.name);
    ids.add(t.id);
  }
}

/** The same keyspace with `tables` in place of its own. */
export function withTables(ks: KeyspaceDef, tables: readonly ColumnFamilyDef[]): KeyspaceDef {
  return Object.freeze({ ...ks, tables: Object.freeze([...tables]) });
}

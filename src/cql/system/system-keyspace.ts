/**
 * The replicated system keyspaces (Cassandra's isReplicatedSystemKeyspace: system_auth,
 * system_traces, system_distributed): ordinary keyspaces in the schema, made by every node at
 * start when missing, before schema agreement starts, so each definition carries schema stamp 0
 * (Cassandra adds them with a fixed generation too): any ALTER KEYSPACE made anywhere wins over it,
 * and nodes that made one concurrently hold identical definitions because the table ids are
 * derived from the names (Cassandra's TableId.forSystemTable: a version-3 UUID of
 * MD5(keyspace bytes ‖ table bytes)). Never change these ids.
 */
import { createHash } from 'node:crypto';
import type { SchemaKeeper } from '../../db/system-schema.js';
import { uuidToString } from '../../marshal/index.js';
import type { ColumnFamilyInput, KeyspaceDef } from '../../schema/index.js';

/** Cassandra's TableId.forSystemTable: UUID.nameUUIDFromBytes(keyspace bytes ‖ table bytes). */
export function systemTableId(keyspace: string, table: string): string {
  const digest = createHash('md5').update(Buffer.from(keyspace + table, 'utf8')).digest();
  digest[6] = (digest[6]! & 0x0f) | 0x30;
  digest[8] = (digest[8]! & 0x3f) | 0x80;
  return uuidToString(digest);
}

export type SystemTableInput = Omit<ColumnFamilyInput, 'keyspace'>;

/** A table of a system keyspace: its fixed id, its comment, its CQL columns. */
export function systemTable(keyspace: string, name: string, comment: string, cql: NonNullable<ColumnFamilyInput['cql']>, gcGraceSeconds?: number): SystemTableInput {
  return { name, id: systemTableId(keyspace, name), comment, cql, ...(gcGraceSeconds === undefined ? {} : { gcGraceSeconds }) };
}

/** Adds the keyspace `def` names when the node has none (a first start); a no-op afterwards. */
export async function ensureSystemKeyspace(keeper: SchemaKeeper, def: KeyspaceDef): Promise<boolean> {
  return (await ensureSystemKeyspaces(keeper, [def])).length > 0;
}

/**
 * Adds those of `defs` the node has none of, in one schema change (one schema flush however many a
 * first start makes: a fresh node opens sooner); returns the names added.
 */
export async function ensureSystemKeyspaces(keeper: SchemaKeeper, defs: readonly KeyspaceDef[]): Promise<string[]> {
  const missing = defs.filter((d) => keeper.schema.keyspace(d.name) === undefined);
  if (missing.length === 0) return [];
  await keeper.alter(
    missing.map((d) => d.name),
    (s) => missing.reduce((acc, d) => (acc.keyspace(d.name) === undefined ? acc.addKeyspace(d) : acc), s),
  );
  return missing.map((d) => d.name);
}

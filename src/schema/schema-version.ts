/**
 * The schema version: a UUID digesting the schema's content, so nodes with the same schema agree
 * on it (describe_schema_versions, schema agreement). MD5 of the canonical JSON of every keyspace
 * in name order, stamped as a version-3 (name-based) UUID, as Java's UUID.nameUUIDFromBytes does.
 */
import { createHash } from 'node:crypto';
import { uuidToString } from '../marshal/index.js';
import type { KeyspaceDef } from './keyspace-def.js';
import { keyspaceToObject } from './keyspace-json.js';

export function schemaVersion(keyspaces: readonly KeyspaceDef[]): string {
  const sorted = [...keyspaces].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const digest = createHash('md5').update(JSON.stringify(sorted.map(keyspaceToObject))).digest();
  digest[6] = (digest[6]! & 0x0f) | 0x30;
  digest[8] = (digest[8]! & 0x3f) | 0x80;
  return uuidToString(digest);
}

/**
 * Keyspace versions kept across restarts (`<dataDir>/schema-versions.json`, the wire form of
 * `keyspace-versions.ts`), so a restarted node still knows when each of its keyspaces last
 * changed and which it saw dropped. Written after the schema table (temporary file, sync,
 * rename, directory sync); on load a stamp counts only when its definition is still the stored
 * schema's (a crash between the two writes leaves that keyspace at stamp 0, as if unknown), and
 * a tombstone only while the keyspace is absent. A missing or unreadable file means no stamps.
 */
import { type FileSystem, replaceFileDurable } from '../env/index.js';
import type { Schema } from '../schema/index.js';
import { decodeVersions, encodeVersions, initialVersions, type KeyspaceVersion } from './keyspace-versions.js';

export const KEYSPACE_VERSIONS_FILE = 'schema-versions.json';

export function loadKeyspaceVersions(fs: FileSystem, dir: string, schema: Schema): Map<string, KeyspaceVersion> {
  const out = initialVersions(schema);
  const path = `${dir}/${KEYSPACE_VERSIONS_FILE}`;
  let stored: KeyspaceVersion[];
  try {
    if (!fs.existsSync(path)) return out;
    stored = decodeVersions(fs.readFileSync(path));
  } catch {
    return out;
  }
  for (const v of stored) {
    const current = out.get(v.name);
    if (current === undefined ? v.definition === null : current.definition === v.definition) out.set(v.name, v);
  }
  return out;
}

export function storeKeyspaceVersions(fs: FileSystem, dir: string, versions: Iterable<KeyspaceVersion>): void {
  replaceFileDurable(fs, dir, KEYSPACE_VERSIONS_FILE, Buffer.from(encodeVersions(versions)));
}

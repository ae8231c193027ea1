/**
 * What schema agreement merges: per keyspace, its canonical definition (or null once dropped, a
 * tombstone) and the stamp of the change that made it (microseconds, wall clock). A newer stamp
 * wins; equal stamps with different definitions are settled by comparing the definition text, so
 * every node picks the same one and all converge whatever order they hear changes in.
 *
 * A node keeps its versions in its data directory (`keyspace-versions-file.ts`); keyspaces with
 * no kept stamp (made before, or a crash between the schema write and the stamp write) carry
 * stamp 0, so any differing change heard from a peer wins over them.
 *
 * Wire form (SCHEMA_PULL answers, SCHEMA_PUSH requests), JSON:
 *   {"keyspaces": [{"name": text, "stamp": micros as text, "definition": canonical JSON text | null}]}
 */
import { keyspaceFromJson, keyspaceToJson, type Schema } from '../schema/index.js';

export interface KeyspaceVersion {
  readonly name: string;
  readonly stamp: bigint;
  /** `keyspaceToJson` of the definition; null when dropped. */
  readonly definition: string | null;
}

export type KeyspaceVersions = ReadonlyMap<string, KeyspaceVersion>;

/** Stamp-0 versions of every keyspace in `schema` (a node's start). */
export function initialVersions(schema: Schema): Map<string, KeyspaceVersion> {
  return new Map(schema.keyspaces.map((k) => [k.name, { name: k.name, stamp: 0n, definition: keyspaceToJson(k) }]));
}

/** True when `a` beats `b`. */
export function newer(a: KeyspaceVersion, b: KeyspaceVersion): boolean {
  if (a.stamp !== b.stamp) return a.stamp > b.stamp;
  return (a.definition ?? '') > (b.definition ?? '');
}

export interface MergeResult {
  readonly schema: Schema;
  readonly versions: Map<string, KeyspaceVersion>;
  /** Keyspaces whose definition changed (added, replaced or dropped). */
  readonly changed: string[];
  /** Remote definitions that did not apply (invalid, clashing table ids): name → reason. */
  readonly refused: Map<string, string>;
}

/** Takes in a peer's keyspace versions: each one newer than ours replaces ours. Pure. */
export function mergeKeyspaces(schema: Schema, local: KeyspaceVersions, remote: readonly KeyspaceVersion[]): MergeResult {
  let s = schema;
  const versions = new Map(local);
  const changed: string[] = [];
  const refused = new Map<string, string>();
  for (const r of remote) {
    const current = s.keyspace(r.name);
    const currentJson = current === undefined ? null : keyspaceToJson(current);
    const mine = versions.get(r.name) ?? { name: r.name, stamp: 0n, definition: currentJson };
    if (r.definition === currentJson) {
      if (r.stamp > mine.stamp) versions.set(r.name, r);
      continue;
    }
    if (!newer(r, mine)) continue;
    try {
      if (r.definition === null) s = current === undefined ? s : s.dropKeyspace(r.name);
      else {
        const def = keyspaceFromJson(r.definition);
        s = current === undefined ? s.addKeyspace(def) : s.replaceKeyspace(def);
      }
    } catch (e) {
      refused.set(r.name, (e as Error).message);
      continue;
    }
    versions.set(r.name, r);
    changed.push(r.name);
  }
  return { schema: s, versions, changed, refused };
}

export function encodeVersions(versions: Iterable<KeyspaceVersion>): Uint8Array {
  const keyspaces = [...versions].map((v) => ({ name: v.name, stamp: v.stamp.toString(), definition: v.definition }));
  return Buffer.from(JSON.stringify({ keyspaces }), 'utf8');
}

/** Reads `encodeVersions`' form; throws on anything else (the caller answers with a failure). */
export function decodeVersions(payload: Uint8Array): KeyspaceVersion[] {
  const o = JSON.parse(Buffer.from(payload).toString('utf8')) as { keyspaces?: unknown };
  if (!Array.isArray(o.keyspaces)) throw new Error('schema payload without keyspaces');
  return o.keyspaces.map((k: unknown) => {
    const e = k as { name?: unknown; stamp?: unknown; definition?: unknown };
    if (typeof e.name !== 'string' || typeof e.stamp !== 'string' || !/^\d+$/.test(e.stamp)) throw new Error('bad keyspace entry in schema payload');
    if (e.definition !== null && typeof e.definition !== 'string') throw new Error(`bad definition of keyspace ${e.name}`);
    return { name: e.name, stamp: BigInt(e.stamp), definition: e.definition };
  });
}

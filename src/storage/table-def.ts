import type { Compression } from './storage-options.js';

/** What the engine needs to know of a partitioner: the sort position of a key (token order). */
export interface KeyDecorator {
  decorate(key: Buffer): { readonly position: Buffer };
  /** `decorate(key).position` alone, when the partitioner can make it for less (no token). */
  position?(key: Buffer): Buffer;
}

/** The sort position of `key`. */
export function positionOf(d: KeyDecorator, key: Buffer): Buffer {
  return d.position !== undefined ? d.position(key) : d.decorate(key).position;
}

/**
 * The storage engine's view of a table: identity, how keys are ordered, and how long tombstones
 * must be kept. The schema layer builds these from keyspace/column-family definitions.
 */
export interface TableDef {
  /** Stable id (a UUID string); commit-log entries and directories use it. */
  readonly id: string;
  readonly keyspace: string;
  readonly name: string;
  readonly partitioner: KeyDecorator;
  readonly gcGraceSeconds: number;
  /** Overrides the engine-wide default. */
  readonly compression?: Compression;
}

/** `<dataDir>/data/<keyspace>/<table>-<id without dashes>` as Cassandra lays tables out. */
export function tableDirName(def: TableDef): string {
  return `${def.name}-${def.id.replace(/-/g, '')}`;
}

/**
 * Reading the schema table back: every live keyspace definition, the KEYS index builds left
 * unfinished (their marker cells), plus the highest timestamp any schema write or drop used, so
 * the next change is stamped above it even if the wall clock went back (a later definition must
 * never be shadowed by an earlier drop).
 */
import { BOTTOM, TOP, isLive, type Cell } from '../storage/model/index.js';
import type { SliceQuery } from '../storage/read/slice-query.js';
import type { ScannedPartition } from '../storage/table-store.js';
import { type KeyspaceDef, keyspaceFromJson } from '../schema/index.js';
import { DEFINITION_CELL, indexBuildOf } from './schema-table.js';

/** A bound on the schema table's partitions: one per keyspace. */
export const KEYSPACES_MAX = 1_000_000;

/** A KEYS index build that was started and not marked done. */
export interface PendingIndexBuild {
  readonly keyspace: string;
  readonly indexTableId: string;
}

export interface StoredSchema {
  readonly keyspaces: KeyspaceDef[];
  readonly indexBuilds: PendingIndexBuild[];
  readonly maxTimestamp: bigint;
}

/** The whole table, tombstones included (their timestamps matter). */
export const SCHEMA_SCAN: SliceQuery = { slices: [{ start: BOTTOM, end: TOP }], reversed: false, includeTombstones: true };

/** Decodes the partitions of a full scan of the schema table made with SCHEMA_SCAN. */
export function decodeStoredSchema(partitions: readonly ScannedPartition[], nowSec: number): StoredSchema {
  const keyspaces: KeyspaceDef[] = [];
  const indexBuilds: PendingIndexBuild[] = [];
  let maxTimestamp = -(2n ** 63n);
  for (const p of partitions) {
    if (p.partitionDeletion.markedForDeleteAt > maxTimestamp) maxTimestamp = p.partitionDeletion.markedForDeleteAt;
    let definition: Cell | undefined;
    const keyspace = p.key.toString('utf8');
    for (const c of p.cells) {
      if (c.timestamp > maxTimestamp) maxTimestamp = c.timestamp;
      if (!isLive(c, nowSec) || c.timestamp <= p.partitionDeletion.markedForDeleteAt) continue;
      if (c.name.equals(DEFINITION_CELL)) definition = c;
      const indexTableId = indexBuildOf(c.name);
      if (indexTableId !== undefined) indexBuilds.push({ keyspace, indexTableId });
    }
    if (definition !== undefined) keyspaces.push(keyspaceFromJson(definition.value.toString('utf8')));
  }
  return { keyspaces, indexBuilds, maxTimestamp };
}

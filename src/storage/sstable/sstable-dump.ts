import type { Env } from '../../env/env.js';
import { CellKind } from '../model/cell.js';
import { type DeletionTime, isLiveDeletion } from '../model/deletion.js';
import type { PartitionData } from '../model/partition-data.js';
import { ChunkCache } from './chunk-cache.js';
import { SSTableReader } from './sstable-reader.js';

/**
 * `ilium sstable dump`: one JSON object per line per partition, in position order. Bytes are hex;
 * timestamps are decimal strings (int64 does not fit a JSON number).
 *
 *   {"key":hex,"position":hex,"deletion":null|{"markedForDeleteAt":str,"localDeletionTime":n},
 *    "rangeTombstones":[{"start":hex,"end":hex,"markedForDeleteAt":str,"localDeletionTime":n}],
 *    "cells":[{"name":hex,"kind":"live"|"expiring"|"tombstone","value":hex,"timestamp":str,
 *              "ttl":n,"localDeletionTime":n}]}
 */
const dumpCacheBytes = 4 * 1024 * 1024;

const kindNames: Record<CellKind, string> = {
  [CellKind.LIVE]: 'live',
  [CellKind.EXPIRING]: 'expiring',
  [CellKind.TOMBSTONE]: 'tombstone',
};

function deletionJson(d: DeletionTime): { markedForDeleteAt: string; localDeletionTime: number } {
  return { markedForDeleteAt: d.markedForDeleteAt.toString(), localDeletionTime: d.localDeletionTime };
}

export function partitionToJson(p: PartitionData): unknown {
  return {
    key: p.key.toString('hex'),
    position: p.position.toString('hex'),
    deletion: isLiveDeletion(p.partitionDeletion) ? null : deletionJson(p.partitionDeletion),
    rangeTombstones: p.rangeTombstones.map((rt) => ({
      start: rt.start.toString('hex'),
      end: rt.end.toString('hex'),
      ...deletionJson(rt.deletion),
    })),
    cells: p.cells.map((c) => ({
      name: c.name.toString('hex'),
      kind: kindNames[c.kind],
      value: c.value.toString('hex'),
      timestamp: c.timestamp.toString(),
      ttl: c.ttl,
      localDeletionTime: c.localDeletionTime,
    })),
  };
}

/** The dump, one line at a time (for large SSTables). */
export function* dumpLines(env: Env, dir: string, generation: number): Generator<string, void, undefined> {
  const reader = SSTableReader.open(env, dir, generation, new ChunkCache(dumpCacheBytes));
  try {
    for (const p of reader.scan(undefined, undefined, { fillCache: false })) yield JSON.stringify(partitionToJson(p));
  } finally {
    reader.close();
  }
}

/** The whole dump as one string, a newline after each partition. */
export function dumpSSTable(env: Env, dir: string, generation: number): string {
  let out = '';
  for (const line of dumpLines(env, dir, generation)) out += line + '\n';
  return out;
}

/**
 * nodetool refresh: the complete SSTables copied into a table's directory while it is open (those
 * no live SSTable is), loaded without a restart, as Cassandra 4.0's ColumnFamilyStore
 * loadNewSSTables does:
 *
 * 1. each gets a fresh generation first (renameGeneration), above every number the directory has
 *    used, so no later flush or compaction writes over it;
 * 2. one whose Statistics name a commit log position past this node's (another node's SSTable)
 *    has its Statistics rebuilt without that bound: left as it is, replay after a crash would take
 *    the table's unflushed writes below that position as already in an SSTable;
 * 3. each opens as at start (table-loader.ts's openRepairing: damaged derived components rebuilt,
 *    a damaged SSTable refused or skipped per disk_failure_policy).
 *
 * Runs synchronously once the table's flushes and compactions are idle (the caller waits), so a
 * flush's own new SSTable is live before this lists the directory.
 */
import type { Env } from '../env/index.js';
import { type CommitLogPosition, comparePositions } from './model/commit-log-position.js';
import { rebuildDerived } from './sstable/component-rebuild.js';
import { Component, Descriptor, generationsEverSeen, listSSTables, renameGeneration, type SSTableReader } from './sstable/index.js';
import type { ChunkCache } from './sstable/index.js';
import { type LoadOptions, openRepairing } from './table-loader.js';
import type { TableStore } from './table-store.js';

export function loadNewSSTables(env: Env, t: TableStore, cache: ChunkCache, opts: LoadOptions, logPosition: CommitLogPosition): SSTableReader[] {
  const live = new Set(t.sstables.map((s) => s.generation));
  const fresh = listSSTables(env, t.dir).filter((g) => !live.has(g));
  if (fresh.length === 0) return [];
  t.nextGeneration = Math.max(t.nextGeneration, ...fresh, ...generationsEverSeen(env, t.dir)) + 1;
  const readers: SSTableReader[] = [];
  for (const copied of fresh) {
    const generation = t.nextGeneration++;
    renameGeneration(env, t.dir, copied, generation);
    let r = openRepairing(env, t.dir, generation, cache, opts);
    const bound = r?.stats.commitLogUpperBound ?? null;
    const ahead = bound !== null && comparePositions(bound, logPosition) > 0;
    if (ahead) {
      r!.close();
      env.fs.unlinkSync(new Descriptor(t.dir, generation).path(Component.STATISTICS));
      rebuildDerived(env, t.dir, generation);
      r = openRepairing(env, t.dir, generation, cache, opts);
    }
    if (r !== null) readers.push(r);
    opts.log('sstable_refreshed', { dir: t.dir, copiedGeneration: copied, generation, commitLogBoundDropped: ahead });
  }
  return readers;
}

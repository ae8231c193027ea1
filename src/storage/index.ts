/**
 * The LSM storage engine: the one place bytes of user data are written, read, flushed and
 * compacted. It imports only util, errors and env (src/layers.ts): names and keys are byte strings
 * it never interprets. `StorageEngine.cleanup` rewrites a table keeping only partitions in given
 * position intervals, for nodetool cleanup.
 *
 *   storage-engine.ts      the orchestrator: tables, write path, replay, truncate, snapshots, close
 *   apply-barrier.ts       a table's applies in flight, in epochs: writesSettled() waits for those
 *                          begun before it
 *   memory-admission.ts    memory accounting; writer slow-down and stop limits (OverloadedError)
 *   table-store.ts         one table's memtables + SSTables; point reads and scans merge them
 *   flusher.ts             memtable → SSTable (switch, drain in-flight writes, serialize, run the
 *                          flush job, swap, discard log)
 *   flush-job.ts           a flush as plain data: the serialized memtable → an SSTable (runs in the
 *                          worker)
 *   background/            where flush and compaction jobs run: a worker thread on the real file
 *                          system (the second core), inline on simulated ones; the worker entry
 *                          point
 *   table-loader.ts        open a table dir: finish/roll back interrupted compactions, quarantine
 *                          incomplete SSTable sets (never delete), rebuild Summary/Filter/Statistics, apply
 *                          disk_failure_policy to other damage
 *   disk-failure.ts        disk_failure_policy and commit_failure_policy as data: what the engine
 *                          does itself and what it asks the node (stop transports, die)
 *   truncation-records.ts  durable per-table replay floors: truncations, and tables compacted to
 *                          nothing
 *   snapshots.ts           hard-link snapshots
 *   storage-options.ts     every tunable with its default (cassandra.yaml names where meaning
 *                          matches)
 *   table-def.ts           what the engine knows of a table (id, partitioner, gc_grace,
 *                          compression)
 *   yield-budget.ts        bounded background work: yield every few ms, optional bytes/s throttle
 *   model/                 Cell, DeletionTime, RangeTombstone, PartitionUpdate, PartitionData,
 *                          cell-name.ts (separator grammar), reconcile.ts (the conflict rules)
 *   memtable/              Memtable (partitions by position, B+tree, with a position-hash Map for
 *                          point lookups) and MemPartition (cells by name, B+tree)
 *   read/                  SliceQuery, cursors, k-way merge, PartitionView
 *                          (memtable/SSTable/decoded), partition-reader.ts (shadowing, TTL, cell
 *                          and group limits)
 *   commitlog/             segments, framing, sync policies (periodic/batch/group), replay with
 *                          torn-tail detection; grammar in segment-format.ts and mutation-codec.ts
 *   sstable/               writer, reader, chunked checksummed (LZ4/Snappy) data file, partition
 *                          index + summary, bloom filter, statistics, TOC, chunk cache, dump; each
 *                          file's grammar at its top
 *   compaction/            size-tiered selection, merge + purge of one partition, the job (plain
 *                          data, runs in the worker), the journal that makes the swap crash-safe,
 *                          the compactor (picks inputs, one at a time, throttled, swaps results in
 *                          on the main thread)
 *
 * **Cell names.** The engine never interprets names: a name is the concatenation of byte-comparable
 * components (`marshal`), each preceded by `0x40`, ended by `0x38`; range bounds end in `0x20`
 * (before) or `0x60` (after). Plain unsigned byte order is then the table's clustering order,
 * including reversed components. A Standard column family is one component; a Super column family
 * two; a CQL row is the clustering columns plus the column name.
 *
 * **Write path.** `apply` → admit (reserve memory; above `memtableWriterSlowdownBytes` flush and
 * delay, at `memtableWriterStopBytes` wait, then `OverloadedError`) → capture the active memtable →
 * `commitLog.add` (durable per sync mode) → apply to the captured memtable → flush when full. A
 * flush switches the memtable at the current log position and waits for writes logged against it to
 * land before writing, so an SSTable's `commitLogUpperBound` is exact.
 *
 * **Background work.** Flushes and compactions are plain-data jobs (`flush-job.ts`,
 * `compaction/compaction-job.ts`) run by a `BackgroundExecutor`: in a worker thread when the `Env`
 * has the real file system (so SSTable encoding, compression and merging use the second core), on
 * the calling thread otherwise (simulated file systems, deterministic tests). The main thread only
 * serializes memtables, picks inputs and swaps readers. Tombstone purge uses a conservative bound
 * taken when the job is made: the oldest timestamp in any memtable or SSTable outside the job.
 *
 * **Read path.** Synchronous: decorate the key, collect views (memtables, then SSTables whose bloom
 * filter may hold the position), merge their cursors per slice, drop shadowed/expired cells, count
 * limits. SSTable reads go through the shared chunk cache.
 *
 * **Startup.** For each table: resolve compaction journals, move incomplete SSTable sets to
 * `quarantine/` (logged), open the rest (rebuilding a damaged Summary, Filter or Statistics);
 * replay the commit log skipping entries covered by SSTables or truncations; open a new log
 * adopting the old segments; flush what was replayed; mark old segments clean.
 */
export {};

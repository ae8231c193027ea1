import { type Env, RealFileSystem, mkdirDurable } from '../env/index.js';
import { CommitLogStoppedError, CorruptionError, EngineStateError, InvalidRequestError, TombstoneOverwhelmingError, WriteFailureError } from '../errors/index.js';
import { CommitLog, replayCommitLog, type ReplayReport } from './commitlog/index.js';
import type { Epoch } from './apply-barrier.js';
import { type BackgroundExecutor, InlineExecutor, WorkerExecutor } from './background/background-executor.js';
import { Compactor } from './compaction/compactor.js';
import { type FailureAction, type LogLevel, onCommitFailure, onCorruptSSTable, onFsError, type StorageLog } from './disk-failure.js';
import { type FlushDone, Flusher } from './flusher.js';
import { Memtable } from './memtable/memtable.js';
import { MemoryAdmission } from './memory-admission.js';
import { type CommitLogPosition, comparePositions } from './model/commit-log-position.js';
import type { Mutation, PartitionUpdate } from './model/partition-update.js';
import type { PartitionResult } from './read/partition-reader.js';
import type { SliceQuery } from './read/slice-query.js';
import { type CheckReport, ChunkCache, quarantineGeneration, removeGeneration, scrubSSTable, verifySSTable } from './sstable/index.js';
import { type StorageOptions, TOMBSTONE_EXEMPT_KEYSPACES, resolveStorageOptions } from './storage-options.js';
import { type TableDef, tableDirName } from './table-def.js';
import { loadSSTables } from './table-loader.js';
import { loadNewSSTables } from './table-refresh.js';
import { type PositionBound, type ScannedPartition, TableStore } from './table-store.js';
import { TruncationRecords } from './truncation-records.js';
import { Snapshots } from './snapshots.js';
import { BackgroundSupervisor } from '../util/background-supervisor.js';
import { TableMetricsRegistry } from './metrics/table-metrics.js';
import type { SSTableTask } from './compaction/compactor.js';

export interface StorageEngineConfig {
  readonly env: Env;
  readonly dataDir: string;
  readonly options?: Partial<StorageOptions>;
  /** Tables known before replay (the schema layer's). */
  readonly tables?: readonly TableDef[];
  /** Asked during replay for a table id met in the commit log but not yet registered. */
  readonly resolveTable?: (tableId: string) => TableDef | undefined;
  readonly log?: StorageLog;
  /**
   * Called after a failure the node must act on (disk_failure_policy / commit_failure_policy):
   * stop the client transports and gossip, or exit. Without it the engine only logs.
   */
  readonly onFailure?: (action: Exclude<FailureAction, 'none'>, cause: Error) => void;
  /** Where failed background flushes and compactions are reported (the node's); default: one that logs to `log`. */
  readonly background?: BackgroundSupervisor;
}

type State = 'open' | 'closing' | 'closed';

export interface EngineBackgroundStats {
  readonly compactionsCompleted: number;
  readonly compactionsFailed: number;
  /** Tables waiting for a compaction check, plus the one running. */
  readonly compactionsPending: number;
  readonly bytesCompacted: number;
  readonly commitLog: { readonly addedEntries: number; readonly syncedEntries: number; readonly segments: number };
}

/**
 * The local storage engine: commit log → memtables → SSTables → compaction, for many tables.
 *
 * The write path: check the engine can write, make room (writers slow down above
 * memtableWriterSlowdownBytes and wait above memtableWriterStopBytes), log the mutation (durable
 * per the sync mode), apply it to the memtable that was active when it was logged, flush when the
 * memtable is full. After a failed commit-log sync every later write fails until restart.
 */
export class StorageEngine {
  private state: State = 'open';
  private failure: Error | null = null;
  /** The commit log failed under commit_failure_policy stop_commit: later writes wait, then time out. */
  private commitLogStopped = false;
  private readonly tables = new Map<string, TableStore>();
  private commitLog!: CommitLog;
  private readonly flusher: Flusher;
  private readonly compactor: Compactor;
  private readonly executor: BackgroundExecutor;
  private readonly truncations: TruncationRecords;
  private readonly snapshots: Snapshots;
  private readonly admission: MemoryAdmission;
  readonly cache: ChunkCache;
  readonly options: StorageOptions;
  /** Each table's request metrics (local latencies here; the coordinator records its own in the same registry). */
  readonly metrics: TableMetricsRegistry;
  /** Failed background flushes (`flush`) and compactions (`compaction`) are reported here. */
  readonly background: BackgroundSupervisor;
  replayReport: ReplayReport | null = null;

  private constructor(private readonly cfg: StorageEngineConfig) {
    this.options = resolveStorageOptions(cfg.options);
    this.background = cfg.background ?? new BackgroundSupervisor((f) => this.log('background_task_failed', { ...f }, 'error'));
    this.cache = new ChunkCache(this.options.chunkCacheBytes);
    this.metrics = new TableMetricsRegistry(() => Number(cfg.env.clock.monotonicNs()));
    this.truncations = new TruncationRecords(cfg.env, `${cfg.dataDir}/system`);
    // A worker thread can only reach the real file system; simulated ones compact inline.
    const inWorker = this.options.compactionInWorker && cfg.env.fs instanceof RealFileSystem;
    this.executor = inWorker ? new WorkerExecutor(cfg.env) : new InlineExecutor(cfg.env);
    this.flusher = new Flusher(() => this.commitLog.currentPosition(), (t, upTo, done) => this.onFlushed(t, upTo, done), this.options.compression, this.executor);
    this.compactor = new Compactor(
      this.options,
      this.executor,
      (e) => this.compactionFailed(e),
      (t, bound) => {
        const old = this.truncations.get(t.def.id);
        if (!old || comparePositions(bound, old) > 0) this.truncations.set(t.def.id, { ...bound, atMs: this.cfg.env.clock.nowMs() });
      },
      (event, fields, level) => this.log(event, fields, level),
    );
    this.snapshots = new Snapshots(cfg.env, `${cfg.dataDir}/data`);
    this.admission = new MemoryAdmission(cfg.env, this.options, () => this.flushLargest(), () => this.checkWritable());
  }

  /** Opens the engine: loads SSTables, replays the commit log, flushes what it replayed. */
  static async open(cfg: StorageEngineConfig): Promise<StorageEngine> {
    const engine = new StorageEngine(cfg);
    mkdirDurable(cfg.env.fs, engine.commitLogDir);
    for (const def of cfg.tables ?? []) engine.registerTable(def);
    await engine.replay();
    return engine;
  }

  get dataDir(): string {
    return this.cfg.dataDir;
  }

  private get commitLogDir(): string {
    return `${this.cfg.dataDir}/commitlog`;
  }

  private log(event: string, fields: Record<string, unknown>, level?: LogLevel): void {
    this.cfg.log?.(event, fields, level);
  }

  private act(action: FailureAction, cause: Error): void {
    if (action !== 'none') this.cfg.onFailure?.(action, cause);
  }

  private nowSec(): number {
    return Math.floor(this.cfg.env.clock.nowMs() / 1000);
  }

  // ---- tables -------------------------------------------------------------------------------

  /** Registers a table (creating its directory) and opens its SSTables. */
  addTable(def: TableDef): TableStore {
    this.checkOpen();
    return this.registerTable(def);
  }

  private registerTable(def: TableDef): TableStore {
    const existing = this.tables.get(def.id);
    if (existing) return existing;
    const dir = `${this.cfg.dataDir}/data/${def.keyspace}/${tableDirName(def)}`;
    const t = new TableStore(this.cfg.env, def, dir, this.cache, this.metrics.of(def.id), this.options.maxValueSizeBytes);
    const log: StorageLog = (event, fields, level) => this.log(event, fields, level);
    const { readers, maxGeneration } = loadSSTables(this.cfg.env, dir, this.cache, { policy: this.options.diskFailurePolicy, log, maxValueSizeBytes: this.options.maxValueSizeBytes });
    t.replaceSSTables([], readers);
    t.nextGeneration = maxGeneration + 1;
    this.tables.set(def.id, t);
    return t;
  }

  /**
   * Forgets a table and deletes its files, and its directory unless snapshots remain in it. A
   * snapshot is taken first when autoSnapshot is on, unless `snapshot: false` (tables whose data
   * can be rebuilt, such as KEYS indexes): `dropped-<ms>-<table>`, flushed first, as Cassandra
   * 4.0's Schema.dropTable does for DROP TABLE, DROP KEYSPACE and DROP MATERIALIZED VIEW alike.
   */
  async dropTable(tableId: string, opts: { readonly snapshot?: boolean } = {}): Promise<void> {
    const t = this.table(tableId);
    if (opts.snapshot ?? this.options.autoSnapshot) await this.snapshot(`dropped-${this.cfg.env.clock.nowMs()}-${t.def.name}`, [tableId]);
    await this.flusher.idle(t);
    await this.compactor.idle();
    this.tables.delete(tableId);
    this.metrics.drop(tableId);
    // Its entries may still sit in live segments: a durable floor keeps replay from reviving them.
    const at = this.commitLog.currentPosition();
    this.truncations.set(tableId, { ...at, atMs: this.cfg.env.clock.nowMs() });
    this.commitLog.discardCompletedSegments(tableId, at);
    for (const s of t.sstables) s.close();
    const fs = this.cfg.env.fs;
    for (const name of fs.readdirSync(t.dir)) if (name !== 'snapshots') fs.rmSync(`${t.dir}/${name}`);
    if (fs.readdirSync(t.dir).length === 0) fs.rmSync(t.dir);
  }

  table(tableId: string): TableStore {
    const t = this.tables.get(tableId);
    if (!t) throw new InvalidRequestError(`unknown table id ${tableId}`);
    return t;
  }

  /** Compaction's throughput limit in MiB/s (0: none), as nodetool get/setcompactionthroughput show it; set applies to compactions started later. */
  get compactionThroughputMbPerSec(): number {
    return this.compactor.throughputBytesPerSec / (1024 * 1024);
  }

  set compactionThroughputMbPerSec(mb: number) {
    this.compactor.throughputBytesPerSec = mb * 1024 * 1024;
  }

  /** Turns size-tiered compaction of the tables on or off (nodetool enable/disableautocompaction). */
  setAutoCompaction(tableIds: readonly string[], enabled: boolean): void {
    for (const id of tableIds) {
      const t = this.table(id);
      if (enabled) {
        this.compactor.autoCompactionOff.delete(id);
        this.compactor.request(t);
      } else this.compactor.autoCompactionOff.add(id);
    }
  }

  /** Rewrites each SSTable of the table alone, purging deleted data (nodetool garbagecollect). */
  async garbageCollect(tableId: string): Promise<void> {
    this.checkOpen();
    await this.compactor.garbageCollect(this.table(tableId));
  }

  /**
   * Every snapshot on disk, of live and dropped tables: its tag, bytes only the snapshot holds
   * (true size: files no live SSTable shares) and all its bytes.
   */
  listSnapshots(): { readonly tag: string; readonly keyspace: string; readonly table: string; readonly trueSizeBytes: number; readonly sizeOnDiskBytes: number }[] {
    const fs = this.cfg.env.fs;
    const size = (f: string): number => {
      try {
        return fs.statSync(f).size;
      } catch {
        return 0;
      }
    };
    const liveFiles = new Set([...this.tables.values()].flatMap((t) => t.sstables.flatMap((s) => s.files)));
    return this.snapshots.list().map(({ tag, keyspace, table, tableDir, files }) => ({
      tag,
      keyspace,
      table,
      sizeOnDiskBytes: files.reduce((n, f) => n + size(f), 0),
      trueSizeBytes: files.filter((f) => !liveFiles.has(`${tableDir}/${f.slice(f.lastIndexOf('/') + 1)}`)).reduce((n, f) => n + size(f), 0),
    }));
  }

  /** What the node's /metrics and nodetool show of the background work (read on demand). */
  backgroundStats(): EngineBackgroundStats {
    const c = this.compactor;
    return { compactionsCompleted: c.completed, compactionsFailed: c.failures, compactionsPending: c.pending + (c.current === null ? 0 : 1), bytesCompacted: c.bytesCompacted, commitLog: this.commitLog.stats() };
  }

  /** The compactions running now (system_views.sstable_tasks): one at most, Ilium compacts one at a time. */
  sstableTasks(): SSTableTask[] {
    return this.compactor.current === null ? [] : [this.compactor.current];
  }

  tableIds(): string[] {
    return [...this.tables.keys()];
  }

  // ---- writes -------------------------------------------------------------------------------

  /** Applies one partition's update atomically; resolves when durable per the sync mode. `applyAll` of one. */
  apply(tableId: string, update: PartitionUpdate): Promise<void> {
    return this.applyAll([{ tableId, update }]);
  }

  /**
   * The write path, for one update or the partitions of a batch: each update is its own
   * commit-log entry, applied atomically on its own, in `writes` order, and they share one
   * admission, one commit-log acknowledgement and one continuation. Resolves when every update is
   * durable per the sync mode and applied; rejects with the first error in `writes` order (an
   * unknown table, a commit-log refusal such as max_mutation_size, then a memtable error) after
   * the others were applied. Over memtableWriterSlowdownBytes the whole batch waits for admission
   * (or is refused with OverloadedError) before anything is logged.
   */
  applyAll(writes: readonly Mutation[]): Promise<void> {
    try {
      this.checkWritable();
    } catch (e) {
      return this.refuse(e);
    }
    const n = writes.length;
    const w = new PendingWrites(n);
    for (let i = 0; i < n; i++) {
      const m = writes[i]!;
      const t = this.tables.get(m.tableId);
      if (t === undefined) {
        w.refuse(i, new InvalidRequestError(`unknown table id ${m.tableId}`));
        continue;
      }
      const size = updateBytes(m.update);
      w.begin(i, t);
      w.admittedBytes += size;
    }
    // The hot path reserves synchronously; only writers over the slow-down limit wait, the batch as
    // a whole and before logging. (Cassandra 4.0 waits per partition, in the memtable put after
    // the commit log, without a time limit: MemtableAllocator.SubAllocator.allocate.)
    if (this.admission.tryAdmit(w.admittedBytes)) return this.logAndApply(writes, w);
    return this.admission.admit(w.admittedBytes).then(
      () => this.logAndApply(writes, w),
      (e: unknown) => {
        w.admittedBytes = 0;
        for (let i = 0; i < n; i++) w.epoch(i)?.end();
        throw e;
      },
    );
  }

  /** Logs the admitted writes, then applies each to the memtable that was active when it was logged. */
  private logAndApply(writes: readonly Mutation[], w: PendingWrites): Promise<void> {
    const n = writes.length;
    for (let i = 0; i < n; i++) {
      const t = w.table(i);
      if (t === undefined) continue;
      const mem = t.active;
      mem.beginWrite();
      w.setMem(i, mem);
    }
    const logged = w.firstError === null ? writes : writes.filter((_, i) => w.table(i) !== undefined);
    const { refused, acked } = this.commitLog.addAll(logged);
    if (refused !== null) {
      for (let i = 0, j = 0; i < n; i++) {
        if (w.table(i) === undefined) continue;
        const e = refused[j++];
        if (e === null || e === undefined) continue;
        this.abandon(writes, w, i);
        w.refuse(i, e);
        if (e instanceof WriteFailureError) this.commitFailed(e);
      }
    }
    if (acked === null) {
      this.admission.release(w.admittedBytes, 0);
      return w.firstError === null ? Promise.resolve() : Promise.reject(w.firstError);
    }
    return acked.then(
      () => this.applyLogged(writes, w),
      (e: unknown) => {
        for (let i = 0; i < n; i++) this.abandon(writes, w, i);
        this.admission.release(w.admittedBytes, 0);
        if (e instanceof WriteFailureError) this.commitFailed(e);
        throw w.firstError ?? e;
      },
    );
  }

  private applyLogged(writes: readonly Mutation[], w: PendingWrites): void {
    const n = writes.length;
    const nowSec = this.nowSec();
    let applyError: unknown = null;
    let appliedBytes = 0;
    for (let i = 0; i < n; i++) {
      const t = w.table(i);
      const mem = w.mem(i);
      if (t === undefined || mem === undefined) continue;
      const before = mem.liveBytes;
      try {
        const startNs = this.metrics.nowNs();
        t.applyTo(mem, writes[i]!.update, nowSec);
        t.metrics.localWrite.record(startNs, this.metrics.nowNs());
      } catch (e) {
        applyError ??= e;
      } finally {
        mem.endWrite();
        w.epoch(i)!.end();
        appliedBytes += mem.liveBytes - before;
      }
    }
    this.admission.release(w.admittedBytes, appliedBytes);
    for (let i = 0; i < n; i++) {
      const t = w.table(i);
      if (w.mem(i) !== undefined && t!.active.liveBytes >= this.options.memtableFlushThresholdBytes && !this.flusher.isFlushing(t!)) this.backgroundFlush(t!);
    }
    if (w.firstError !== null) throw w.firstError;
    if (applyError !== null) throw applyError;
  }

  /** Write `i` will not reach its memtable: its memtable, epoch and admitted bytes are let go. */
  private abandon(writes: readonly Mutation[], w: PendingWrites, i: number): void {
    const mem = w.mem(i);
    if (mem === undefined) return;
    mem.endWrite();
    w.epoch(i)!.end();
    w.clear(i);
    const size = updateBytes(writes[i]!.update);
    this.admission.release(size, 0);
    w.admittedBytes -= size;
  }

  /**
   * The commit log failed (every later write fails: its file's state is unknown). Logged once at
   * ERROR, then commit_failure_policy says what the node does.
   */
  private commitFailed(e: WriteFailureError): void {
    if (this.failure !== null) return;
    this.failure = e;
    this.commitLogStopped = this.options.commitFailurePolicy === 'stop_commit';
    const policy = this.options.commitFailurePolicy;
    this.log('commit_log_failed', { error: e.message, cause: String(e.cause), commit_failure_policy: policy }, 'error');
    this.act(onCommitFailure(policy), e);
  }

  private checkOpen(): void {
    if (this.state !== 'open') throw new EngineStateError(`storage engine is ${this.state}`);
  }

  private checkWritable(): void {
    this.checkOpen();
    if (this.failure === null) return;
    if (this.commitLogStopped) throw new CommitLogStoppedError(`commit log stopped (commit_failure_policy stop_commit): ${this.failure.message}`, { cause: this.failure });
    throw new WriteFailureError(`writes refused until restart: ${this.failure.message}`, { cause: this.failure });
  }

  /**
   * A write refused: at once, except on a stopped commit log (stop_commit), where it waits
   * commitStoppedWaitMs first, as writes collect on Cassandra's stopped commit log until they
   * time out. The waits are bounded by the requests a node admits (request bytes in flight).
   */
  private refuse(e: unknown): Promise<never> {
    if (!(e instanceof CommitLogStoppedError)) return Promise.reject(e);
    return new Promise((_, reject) => this.cfg.env.timers.setTimeout(() => reject(e), this.options.commitStoppedWaitMs));
  }

  /** Memtable bytes plus writes admitted but not yet applied (so bursts count too). */
  unflushedBytes(): number {
    return this.admission.usedBytes;
  }

  /** Recounts memtable bytes from the tables (after flushes, truncation and replay). */
  private recountMemtableBytes(): void {
    let n = 0;
    for (const t of this.tables.values()) n += t.unflushedBytes;
    this.admission.recount(n);
  }

  /** Flushes the largest memtable, unless it is empty or already flushing. */
  private flushLargest(): void {
    const largest = [...this.tables.values()].sort((a, b) => b.active.liveBytes - a.active.liveBytes)[0];
    if (largest && !largest.active.isEmpty && !this.flusher.isFlushing(largest)) this.backgroundFlush(largest);
  }

  private backgroundFlush(t: TableStore): void {
    this.flushTable(t).catch(() => undefined);
  }

  /** Flushes one table; a failure is a disk failure (logged, disk_failure_policy) before the caller sees it. */
  private flushTable(t: TableStore): Promise<void> {
    return this.flusher.flush(t).catch((e: unknown) => {
      this.onFlushFailed(t, e);
      throw e;
    });
  }

  /** A compaction that failed: a damaged input is the disk_failure_policy's business, as a read's is. */
  private compactionFailed(e: unknown): void {
    const policy = this.options.diskFailurePolicy;
    if (!(e instanceof CorruptionError)) {
      this.background.report('compaction', e);
      return;
    }
    this.background.report('compaction', e, `file ${e.file} at ${e.offset} (disk_failure_policy ${policy})`);
    this.act(onCorruptSSTable(policy), e);
  }

  /** A flush that could not write its SSTable: writes stop (the memtable cannot drain), the policy acts. */
  private onFlushFailed(t: TableStore, e: unknown): void {
    const err = e instanceof Error ? e : new Error(String(e));
    const first = this.failure === null;
    this.failure ??= err;
    const policy = this.options.diskFailurePolicy;
    this.background.report('flush', e, `table ${t.def.keyspace}.${t.def.name} in ${t.dir} (disk_failure_policy ${policy})`);
    if (first) this.act(onFsError(policy), err);
  }

  private onFlushed(t: TableStore, upTo: CommitLogPosition, done: FlushDone): void {
    this.log('flush_completed', { table: `${t.def.keyspace}.${t.def.name}`, generation: done.generation, partitions: done.partitions, bytesOnDisk: done.bytesOnDisk, durationMs: Math.round(done.durationMs) });
    t.metrics.memtableSwitchCount++;
    this.recountMemtableBytes();
    this.commitLog.discardCompletedSegments(t.def.id, upTo);
    this.compactor.request(t);
  }

  /**
   * Resolves once every `apply` to the table made before this call has reached its memtable or
   * failed (later applies are not waited for). Writers still waiting for memory count too.
   */
  writesSettled(tableId: string): Promise<void> {
    try {
      return this.table(tableId).applies.settled();
    } catch (e) {
      return Promise.reject(e);
    }
  }

  // ---- reads --------------------------------------------------------------------------------

  /**
   * Loads what `read` of these keys will touch on disk into the chunk cache, off the event loop;
   * undefined when there is nothing to load. Readers that can wait (the DataStore) call it before
   * `read`, whose synchronous pass then finds the chunks cached (a miss reads on the loop and is
   * counted in `cache.syncReads`). Never rejects: errors are left for `read` to report.
   */
  prefetch(tableId: string, keys: readonly Buffer[], query: SliceQuery): Promise<unknown> | undefined {
    if (this.state !== 'open') return undefined;
    const t = this.tables.get(tableId);
    return t === undefined ? undefined : t.prefetch(keys, query);
  }

  /** `prefetch` for `scan` from `from`: what its first step reads (TableStore.prefetchScan). */
  prefetchScan(tableId: string, from: PositionBound | undefined): Promise<unknown> | undefined {
    if (this.state !== 'open') return undefined;
    return this.tables.get(tableId)?.prefetchScan(from);
  }

  read(tableId: string, key: Buffer, query: SliceQuery, nowSec = this.nowSec()): PartitionResult | null {
    this.checkOpen();
    const t = this.table(tableId);
    try {
      const startNs = this.metrics.nowNs();
      const r = t.read(key, query, nowSec, this.tombstoneBound(t));
      const m = t.metrics;
      m.localRead.record(startNs, this.metrics.nowNs());
      m.rowsPerRead.record(r?.liveRows ?? 0);
      m.tombstonesPerRead.record(r?.tombstones ?? 0);
      if (r !== null) this.countTombstones(t, r.tombstones ?? 0, r.cells.length);
      return r;
    } catch (e) {
      throw this.readFailed(t, e);
    }
  }

  scan(tableId: string, from: PositionBound | undefined, to: PositionBound | undefined, query: SliceQuery, partitionLimit: number, nowSec = this.nowSec()): ScannedPartition[] {
    this.checkOpen();
    const t = this.table(tableId);
    try {
      const startNs = this.metrics.nowNs();
      const tally = { tombstones: 0 };
      const out = t.scan(from, to, query, partitionLimit, nowSec, this.tombstoneBound(t), tally);
      const m = t.metrics;
      m.localScan.record(startNs, this.metrics.nowNs());
      let live = 0;
      let rows = 0;
      for (const p of out) {
        live += p.cells.length;
        rows += p.liveRows ?? p.cells.length;
      }
      m.rowsPerRead.record(rows);
      m.tombstonesPerRead.record(tally.tombstones);
      this.countTombstones(t, tally.tombstones, live);
      return out;
    } catch (e) {
      throw this.readFailed(t, e);
    }
  }

  /**
   * tombstone_failure_threshold on reads of user tables (Cassandra exempts the node-local system
   * keyspaces, whose reads the node makes itself).
   */
  private tombstoneBound(t: TableStore): number {
    const limit = this.options.tombstoneFailureThreshold;
    return limit < 0 || TOMBSTONE_EXEMPT_KEYSPACES.has(t.def.keyspace) ? Infinity : limit;
  }

  /** tombstone_warn_threshold: a read that met more tombstones is logged, with Cassandra's wording. */
  private countTombstones(t: TableStore, tombstones: number, liveCells: number): void {
    const limit = this.options.tombstoneWarnThreshold;
    if (limit < 0 || tombstones <= limit || TOMBSTONE_EXEMPT_KEYSPACES.has(t.def.keyspace)) return;
    this.log('tombstone_warning', { message: `Read ${liveCells} live cells and ${tombstones} tombstone cells for query on ${t.def.keyspace}.${t.def.name} (see tombstone_warn_threshold)` }, 'warn');
  }

  /**
   * A read met damage: logged at ERROR with the file and position; under best_effort the SSTable
   * is no longer read (its files stay on disk); then disk_failure_policy says what the node does.
   * Returns the error for the caller to rethrow.
   */
  private readFailed(t: TableStore, e: unknown): unknown {
    if (e instanceof TombstoneOverwhelmingError) {
      this.log('tombstone_failure', { message: `Scanned over ${e.tombstones} tombstones during query on ${t.def.keyspace}.${t.def.name}; query aborted (see tombstone_failure_threshold)` }, 'error');
      return e;
    }
    if (!(e instanceof CorruptionError)) return e;
    const policy = this.options.diskFailurePolicy;
    this.log('sstable_corruption', { table: `${t.def.keyspace}.${t.def.name}`, file: e.file, position: e.offset, error: e.message, disk_failure_policy: policy }, 'error');
    const damaged = t.sstables.find((s) => s.files.includes(e.file));
    if (policy === 'best_effort' && damaged !== undefined) {
      // Reads are synchronous: no other read holds it now. Its files stay on disk.
      t.replaceSSTables([damaged], []);
      damaged.close();
      this.log('sstable_marked_unreadable', { file: e.file, generation: damaged.generation, reason: 'disk_failure_policy best_effort: reads go on from the other sstables' }, 'error');
    }
    this.act(onCorruptSSTable(policy), e);
    return e;
  }

  // ---- maintenance --------------------------------------------------------------------------

  async flush(tableId?: string): Promise<void> {
    this.checkOpen();
    const targets = tableId ? [this.table(tableId)] : [...this.tables.values()];
    await Promise.all(targets.map((t) => this.flushTable(t)));
  }

  /** Major compaction of one table, or of all tables. */
  async compact(tableId?: string): Promise<void> {
    this.checkOpen();
    const targets = tableId ? [this.table(tableId)] : [...this.tables.values()];
    for (const t of targets) await this.compactor.major(t);
  }

  /**
   * nodetool cleanup of one table: flushes it, then rewrites its SSTables keeping only the
   * partitions whose position lies in one of `keep` (the ranges this node still replicates).
   */
  async cleanup(tableId: string, keep: readonly { readonly start: PositionBound; readonly end: PositionBound | null }[]): Promise<void> {
    this.checkOpen();
    const t = this.table(tableId);
    await this.flushTable(t);
    const hex = keep.map((k) => ({
      start: k.start.position.toString('hex'),
      startInclusive: k.start.inclusive,
      end: k.end === null ? null : k.end.position.toString('hex'),
      endInclusive: k.end?.inclusive ?? false,
    }));
    await this.compactor.cleanup(t, hex);
  }

  /**
   * nodetool verify: reads every partition of the table's SSTables (a damaged Summary, Filter or Statistics is
   * rebuilt first) and reports what is damaged; serving is unchanged.
   */
  verify(tableId: string): CheckReport[] {
    this.checkOpen();
    const t = this.table(tableId);
    return t.sstables.map((s) => verifySSTable(this.cfg.env, t.dir, s.generation, this.options.maxValueSizeBytes));
  }

  /**
   * nodetool scrub: flushes the table, then rewrites each SSTable as a new generation keeping the
   * partitions that read back intact, swaps it in, and moves the old set to quarantine/ (never
   * deleted). Each SSTable's report is logged (WARN when something was dropped) and returned.
   */
  async scrub(tableId: string): Promise<CheckReport[]> {
    this.checkOpen();
    const t = this.table(tableId);
    await this.flushTable(t);
    await this.compactor.idle();
    const reports: CheckReport[] = [];
    for (const s of [...t.sstables]) {
      const generation = t.nextGeneration++;
      const { report, reader } = await scrubSSTable(this.cfg.env, t.dir, s.generation, generation, this.cache, this.options.maxValueSizeBytes);
      if (!t.sstables.includes(s)) {
        // Compacted away meanwhile: its data lives in the compaction's output.
        reader?.close();
        removeGeneration(this.cfg.env, t.dir, generation);
        continue;
      }
      t.replaceSSTables([s], reader === null ? [] : [reader]);
      s.close();
      const moved = quarantineGeneration(this.cfg.env, t.dir, s.generation);
      const lost = report.damagedPartitions > 0 || report.damagedIndexBlocks > 0;
      this.log('sstable_scrubbed', { ...report, errors: report.errors.slice(0, 10), newGeneration: reader === null ? null : generation, quarantined: moved }, lost ? 'warn' : 'info');
      reports.push(report);
    }
    return reports;
  }

  /** Waits until background compactions are done (tests, drain). */
  compactionIdle(): Promise<void> {
    return this.compactor.idle();
  }

  /** Flushes, then hard-links every live SSTable file into `<table>/snapshots/<tag>/`. */
  async snapshot(tag: string, tableIds?: readonly string[]): Promise<string[]> {
    this.checkOpen();
    const targets = (tableIds ?? [...this.tables.keys()]).map((id) => this.table(id));
    for (const t of targets) await this.flushTable(t);
    return targets.map((t) => this.snapshots.take(t, tag));
  }

  /** Removes the snapshots named `tag` (every one when undefined), of live and dropped tables. */
  clearSnapshot(tag?: string): void {
    const liveDirs = new Set([...this.tables.values()].map((t) => t.dir));
    this.snapshots.clear(tag, (dir) => liveDirs.has(dir));
  }

  /** nodetool refresh: loads the SSTables copied into the table's directory (table-refresh.ts); returns how many. */
  async refresh(tableId: string): Promise<number> {
    this.checkWritable();
    const t = this.table(tableId);
    await this.flusher.idle(t);
    await this.compactor.idle();
    const log: StorageLog = (event, fields, level) => this.log(event, fields, level);
    const readers = loadNewSSTables(this.cfg.env, t, this.cache, { policy: this.options.diskFailurePolicy, log, maxValueSizeBytes: this.options.maxValueSizeBytes }, this.commitLog.currentPosition());
    if (readers.length > 0) t.replaceSSTables([], readers);
    return readers.length;
  }

  /**
   * Removes all of a table's data, durably: replay will not bring back anything older. With
   * autoSnapshot, `truncated-<ms>-<table>` is taken first, flushed (Cassandra 4.0's
   * ColumnFamilyStore.truncateBlocking); `snapshot: false` skips it (an index table emptied to be
   * rebuilt from its base table).
   */
  async truncate(tableId: string, opts: { readonly snapshot?: boolean } = {}): Promise<void> {
    this.checkWritable();
    const t = this.table(tableId);
    if (this.options.autoSnapshot && opts.snapshot !== false) await this.snapshot(`truncated-${this.cfg.env.clock.nowMs()}-${t.def.name}`, [tableId]);
    await this.flusher.idle(t);
    await this.compactor.idle();
    const at = this.commitLog.currentPosition();
    this.truncations.set(tableId, { ...at, atMs: this.cfg.env.clock.nowMs() });
    t.active.discard();
    t.active = new Memtable(this.cfg.env.clock.nowMs());
    this.recountMemtableBytes();
    const gone = t.sstables;
    t.replaceSSTables(gone, []);
    for (const s of gone) {
      s.close();
      removeGeneration(this.cfg.env, t.dir, s.generation);
    }
    this.commitLog.discardCompletedSegments(tableId, at);
  }

  /** Flushes every memtable, stops compaction, syncs and closes the commit log. */
  async close(): Promise<void> {
    if (this.state !== 'open') return;
    this.state = 'closing';
    try {
      if (!this.failure) for (const t of this.tables.values()) await this.flushTable(t);
    } finally {
      await this.compactor.close();
      await this.executor.close();
      await this.commitLog.close();
      for (const t of this.tables.values()) for (const s of t.sstables) s.close();
      this.state = 'closed';
    }
  }

  // ---- startup ------------------------------------------------------------------------------

  /**
   * Replays the commit log into memtables (skipping what SSTables or a truncation already cover —
   * positions are entry ends, so an entry at or before a bound is covered), opens a fresh log that
   * adopts the old segments, flushes what was replayed, and marks the old segments clean.
   */
  private async replay(): Promise<void> {
    const env = this.cfg.env;
    const nowSec = this.nowSec();
    const touched = new Set<TableStore>();
    let unknown = 0;
    const report = replayCommitLog({
      env,
      dir: this.commitLogDir,
      ignoreReplayErrors: this.options.commitlogIgnoreReplayErrors,
      maxValueSizeBytes: this.options.maxValueSizeBytes,
      wanted: (tableId, pos) => {
        let t = this.tables.get(tableId);
        if (!t) {
          const def = this.cfg.resolveTable?.(tableId);
          if (!def) {
            unknown++;
            return false;
          }
          t = this.registerTable(def);
        }
        const flushed = t.flushedUpTo();
        if (flushed && comparePositions(pos, flushed) <= 0) return false;
        const tr = this.truncations.get(tableId);
        return !(tr && comparePositions(pos, tr) <= 0);
      },
      onMutation: (m) => {
        const t = this.table(m.tableId);
        t.applyTo(t.active, m.update, nowSec);
        touched.add(t);
      },
    });
    this.replayReport = report;
    if (report.tornTail) this.log('commitlog_torn_tail', { ...report.tornTail }, 'warn');
    // Only with ignoreReplayErrors (-Dcassandra.commitlog.ignorereplayerrors=true): what was lost.
    if (report.skipped.length > 0) this.log('commitlog_skipped_corruption', { regions: report.skipped }, 'error');
    if (unknown > 0) this.log('commitlog_unknown_tables', { mutations: unknown });
    this.commitLog = CommitLog.open({
      env,
      dir: this.commitLogDir,
      sync: this.options.commitlogSync,
      syncPeriodMs: this.options.commitlogSyncPeriodMs,
      groupWindowMs: this.options.commitlogSyncGroupWindowMs,
      segmentSizeBytes: this.options.commitlogSegmentSizeBytes,
      totalSpaceBytesMax: this.options.commitlogTotalSpaceBytes,
      onSpacePressure: (tableIds) => {
        for (const id of tableIds) {
          const t = this.tables.get(id);
          if (t && !t.active.isEmpty && !this.flusher.isFlushing(t)) this.backgroundFlush(t);
        }
      },
      // The cause (the file system's error) is what failed; the message says what it means.
      onFailure: (e) => this.background.report('commitlog', e.cause ?? e, e.message),
      replayed: report,
      minSegmentId: this.maxKnownSegmentId(report.segments.map((s) => s.segmentId)),
    });
    this.recountMemtableBytes();
    for (const t of touched) await this.flushTable(t);
    // Every replayed entry is now in an SSTable, was already covered, or belongs to no known table.
    const last = report.segments[report.segments.length - 1];
    if (last) {
      // Their entries are now in SSTables (or covered, or of unknown tables): the files go next.
      this.log('commitlog_segments_replayed', { segments: report.segments.map((seg) => seg.path), entriesReplayed: report.entriesReplayed, unknownTableEntries: unknown, then: 'deleted (contents flushed)' });
      const end: CommitLogPosition = { segmentId: last.segmentId, offset: Number.MAX_SAFE_INTEGER };
      const ids = new Set<string>();
      for (const s of report.segments) for (const id of s.tables.keys()) ids.add(id);
      for (const id of ids) this.commitLog.discardCompletedSegments(id, end);
    }
  }

  private maxKnownSegmentId(replayed: readonly number[]): number {
    let max = Math.max(0, ...replayed, ...this.truncations.all().map((r) => r.segmentId));
    for (const t of this.tables.values()) max = Math.max(max, t.flushedUpTo()?.segmentId ?? 0);
    return max;
  }
}

/**
 * What `applyAll` holds for its writes between admission and the memtable, one slot per write in
 * `writes` order: a slot whose table is undefined was refused (or abandoned) and is skipped.
 */
class PendingWrites {
  /** Three entries a slot (its table, the memtable it was logged against, its epoch): one array, not one per field, as most writes are alone. */
  private readonly slots: (TableStore | Memtable | Epoch | undefined)[];
  /** Bytes reserved in MemoryAdmission for the slots still pending. */
  admittedBytes = 0;
  /** The refusal of the lowest slot refused so far. */
  firstError: unknown = null;
  private firstErrorAt = Infinity;

  constructor(n: number) {
    this.slots = new Array<TableStore | Memtable | Epoch | undefined>(3 * n);
  }

  begin(i: number, t: TableStore): void {
    this.slots[3 * i] = t;
    this.slots[3 * i + 2] = t.applies.begin();
  }

  table(i: number): TableStore | undefined {
    return this.slots[3 * i] as TableStore | undefined;
  }

  mem(i: number): Memtable | undefined {
    return this.slots[3 * i + 1] as Memtable | undefined;
  }

  setMem(i: number, mem: Memtable): void {
    this.slots[3 * i + 1] = mem;
  }

  epoch(i: number): Epoch | undefined {
    return this.slots[3 * i + 2] as Epoch | undefined;
  }

  /** The slot will not reach its memtable (its epoch was ended): skipped from now on. */
  clear(i: number): void {
    this.slots[3 * i] = undefined;
    this.slots[3 * i + 1] = undefined;
  }

  refuse(i: number, e: unknown): void {
    if (i < this.firstErrorAt) {
      this.firstErrorAt = i;
      this.firstError = e;
    }
  }
}

function updateBytes(u: PartitionUpdate): number {
  let n = 64 + u.key.length;
  for (const c of u.cells) n += 64 + c.name.length + c.value.length;
  return n + 64 * u.rangeTombstones.length;
}

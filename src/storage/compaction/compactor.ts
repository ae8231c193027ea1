import { SSTableWriter, type SSTableReader, removeGeneration } from '../sstable/index.js';
import type { StorageOptions } from '../storage-options.js';
import type { TableStore } from '../table-store.js';
import { writeJournal } from './compaction-journal.js';
import { mergeSSTables } from './compaction-task.js';
import { DEFAULT_BUCKETS, pickCompaction } from './size-tiered.js';

/**
 * Runs compactions one at a time across all tables (Cassandra's concurrent_compactors = 1 on a
 * small machine), throttled by compactionThroughputBytesPerSec and yielding between partitions.
 */
export class Compactor {
  private running: Promise<void> | null = null;
  private readonly wanted = new Set<TableStore>();
  private closed = false;
  failures = 0;
  completed = 0;

  constructor(
    private readonly options: StorageOptions,
    private readonly onError: (e: unknown) => void,
  ) {}

  /** Asks for a size-tiered check of `table` when the compactor is free. */
  request(table: TableStore): void {
    if (this.closed) return;
    this.wanted.add(table);
    if (!this.running) this.running = this.drain().finally(() => (this.running = null));
  }

  /** Compacts all of a table's SSTables into one (nodetool compact). */
  async major(table: TableStore): Promise<void> {
    await this.idle();
    const inputs = table.sstables.filter((s) => !table.compacting.has(s));
    if (inputs.length > 1) await this.compact(table, inputs);
  }

  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wanted.clear();
    await this.idle();
  }

  private async drain(): Promise<void> {
    while (this.wanted.size > 0 && !this.closed) {
      const table = this.wanted.values().next().value as TableStore;
      this.wanted.delete(table);
      const candidates = table.sstables.filter((s) => !table.compacting.has(s)).map((s) => ({ s, sizeBytes: s.stats.onDiskBytes }));
      const pick = pickCompaction(candidates, { minThreshold: this.options.compactionMinThreshold, maxThreshold: this.options.compactionMaxThreshold, ...DEFAULT_BUCKETS, minSSTableBytes: this.options.compactionMinSSTableBytes });
      if (!pick) continue;
      try {
        await this.compact(table, pick.map((p) => p.s));
        this.wanted.add(table); // the result may complete a larger tier
      } catch (e) {
        this.failures++;
        this.onError(e);
      }
    }
  }

  private async compact(table: TableStore, inputs: SSTableReader[]): Promise<void> {
    for (const s of inputs) table.compacting.add(s);
    const generation = table.nextGeneration++;
    const bound = inputs.map((s) => s.stats.commitLogUpperBound).reduce((a, b) => (!a ? b : !b ? a : a.segmentId > b.segmentId || (a.segmentId === b.segmentId && a.offset >= b.offset) ? a : b), null);
    const writer = SSTableWriter.create({
      env: table.env,
      dir: table.dir,
      generation,
      compression: table.def.compression ?? this.options.compression,
      expectedPartitions: inputs.reduce((n, s) => n + s.stats.partitionCount, 0),
      commitLogUpperBound: bound,
      cache: table.cache,
    });
    let journal: string | null = null;
    try {
      const nowSec = Math.floor(table.env.clock.nowMs() / 1000);
      await mergeSSTables(table, inputs, writer, nowSec, this.options.compactionThroughputBytesPerSec);
      // Truncated (or dropped) meanwhile: the inputs are gone and the output must not come back.
      if (!inputs.every((s) => table.sstables.includes(s))) {
        writer.abort();
        return;
      }
      journal = writeJournal(table.env, table.dir, generation, inputs.map((s) => s.generation));
      const output = await writer.finish();
      if (!inputs.every((s) => table.sstables.includes(s))) {
        deleteReader(table, output);
        return;
      }
      table.replaceSSTables(inputs, [output]);
      for (const s of inputs) deleteReader(table, s);
      this.completed++;
    } catch (e) {
      writer.abort();
      throw e;
    } finally {
      for (const s of inputs) table.compacting.delete(s);
      if (journal) table.env.fs.unlinkSync(journal);
    }
  }
}

function deleteReader(table: TableStore, reader: SSTableReader): void {
  reader.close();
  removeGeneration(table.env, table.dir, reader.generation);
}

import type { PartitionData } from '../model/partition-data.js';
import type { SSTableReader, SSTableWriter } from '../sstable/index.js';
import { YieldBudget } from '../yield-budget.js';
import type { TableStore } from '../table-store.js';
import { mergePartition } from './merge-partition.js';

/**
 * Merges `inputs` (SSTables of one table) into `writer`'s SSTable, partition by partition in
 * position order, yielding to client work as it goes. The caller swaps the result in.
 */
export async function mergeSSTables(
  table: TableStore,
  inputs: readonly SSTableReader[],
  writer: SSTableWriter,
  nowSec: number,
  bytesPerSec: number,
): Promise<void> {
  const budget = new YieldBudget(table.env, bytesPerSec);
  const excluded = new Set(inputs);
  const gcBefore = nowSec - table.def.gcGraceSeconds;
  const streams = inputs.map((s) => s.scan());
  const heads = streams.map((s) => s.next());
  for (;;) {
    let min: Buffer | null = null;
    for (const h of heads) if (!h.done && (min === null || Buffer.compare(h.value.position, min) < 0)) min = h.value.position;
    if (min === null) return;
    const parts: PartitionData[] = [];
    for (let i = 0; i < heads.length; i++) {
      const h = heads[i]!;
      if (!h.done && h.value.position.equals(min)) {
        parts.push(h.value);
        heads[i] = streams[i]!.next();
      }
    }
    const maxPurgeableTimestamp = table.minTimestampElsewhere(min, excluded);
    const merged = mergePartition(parts, nowSec, { gcBefore, maxPurgeableTimestamp });
    if (merged !== null) writer.append(merged);
    await budget.tick(estimateBytes(parts));
  }
}

function estimateBytes(parts: readonly PartitionData[]): number {
  let n = 0;
  for (const p of parts) for (const c of p.cells) n += c.name.length + c.value.length + 16;
  return n;
}

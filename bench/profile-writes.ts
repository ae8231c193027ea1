/**
 * A write-path probe for profiling (`node --cpu-prof dist/bench/profile-writes.js [--flush]`):
 * 300k single-cell writes, 1024 in flight, group commit; without --flush the memtable never
 * fills, isolating the foreground path from flush and compaction.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRealEnv } from '../src/env/index.js';
import { cellName } from '../src/storage/model/cell-name.js';
import { liveCell } from '../src/storage/model/cell.js';
import { StorageEngine } from '../src/storage/storage-engine.js';

const flush = process.argv.includes('--flush');
const dir = mkdtempSync(join(tmpdir(), 'ilium-probe-'));
const table = { id: 'probe', keyspace: 'p', name: 'p', partitioner: { decorate: (key: Buffer) => ({ position: key }) }, gcGraceSeconds: 0 };
const engine = await StorageEngine.open({ env: createRealEnv(), dataDir: dir, tables: [table], options: { commitlogSync: 'group', commitlogSyncGroupWindowMs: 2, memtableFlushThresholdBytes: flush ? 8 << 20 : 1 << 30, memtableWriterSlowdownBytes: 1 << 30, memtableWriterStopBytes: 1 << 30, ...(process.argv.includes('--no-compaction') ? { compactionMinThreshold: 1000, compactionMaxThreshold: 1000 } : {}) } });
const total = 300_000;
const value = Buffer.alloc(100, 'v');
const t0 = performance.now();
let next = 0;
let done = 0;
await new Promise<void>((resolve, reject) => {
  const pump = (): void => {
    while (next < total && next - done < Number(process.env.INFLIGHT ?? 1024)) {
      const i = next++;
      const name = Buffer.alloc(4);
      name.writeUInt32BE(Math.floor(i / 300));
      engine.apply(table.id, { key: Buffer.from(`partition-${i % 300}`), partitionDeletion: null, rangeTombstones: [], cells: [liveCell(cellName([name]), value, BigInt(i))] }).then(() => {
        if (++done === total) resolve();
        else pump();
      }, reject);
    }
  };
  pump();
});
process.stdout.write(`${Math.round(total / ((performance.now() - t0) / 1000))} writes/s${flush ? ' (with flushes)' : ''}\n`);
await engine.close();
rmSync(dir, { recursive: true, force: true });

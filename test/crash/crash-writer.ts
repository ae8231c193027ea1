/**
 * Child process for the crash tests: opens an engine on argv[2] with commit-log mode argv[3] and
 * writes forever with 64 writes in flight, printing "ack <seq>" once each write is acknowledged.
 * Small memtables make flushes and compactions happen while it is killed.
 */
import { createRealEnv } from '../../src/env/index.js';
import { liveCell } from '../../src/storage/model/cell.js';
import { StorageEngine } from '../../src/storage/storage-engine.js';
import type { CommitLogSync } from '../../src/storage/storage-options.js';
import { CRASH_TABLE, seqKey, seqName } from './crash-table.js';

const [dir, mode] = process.argv.slice(2) as [string, CommitLogSync];
const engine = await StorageEngine.open({
  env: createRealEnv(),
  dataDir: dir,
  options: { commitlogSync: mode, commitlogSyncPeriodMs: 50, memtableFlushThresholdBytes: 256 * 1024, compactionMinThreshold: 3 },
  tables: [CRASH_TABLE],
});
const start = Number(process.argv[4] ?? 0);
process.stdout.write('ready\n');
let next = start;
const inflightMax = 64;
let inflight = 0;
function pump(): void {
  while (inflight < inflightMax) {
    const seq = next++;
    inflight++;
    const value = Buffer.from(`value-${seq}`);
    engine
      .apply(CRASH_TABLE.id, { key: seqKey(seq), partitionDeletion: null, rangeTombstones: [], cells: [liveCell(seqName(seq), value, BigInt(seq) + 1n)] })
      .then(() => {
        process.stdout.write(`ack ${seq}\n`);
        inflight--;
        pump();
      })
      .catch((e: unknown) => {
        process.stderr.write(`write ${seq} failed: ${String(e)}\n`);
        process.exit(3);
      });
  }
}
pump();

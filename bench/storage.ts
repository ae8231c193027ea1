/**
 * bench:storage — the storage engine beside a naive baseline (bench/naive-baseline.ts), both
 * measured in this run on this machine. Prints one line per figure with the ratio, and as its last
 * line one JSON object with all figures. Progress goes to stderr.
 *
 *   npm run bench:storage [-- --partitions=1000 --cells=600 --seconds=3]
 *
 * Workload: `partitions` × `cells` cells (~100-byte values), written with 256 writes in flight
 * and group commit (both sides fsync per 2 ms window), memtable 8 MiB so the data is several
 * times the memtable. Then, with everything flushed to SSTables: point reads of one cell, 50-cell
 * slices forward and reverse from a random start, and a full scan.
 */
import { parseArgs } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { createRealEnv } from '../src/env/index.js';
import { cellName } from '../src/storage/model/cell-name.js';
import { liveCell } from '../src/storage/model/cell.js';
import { StorageEngine } from '../src/storage/storage-engine.js';
import type { TableDef } from '../src/storage/table-def.js';
import { NaiveStore } from './naive-baseline.js';

const { values } = parseArgs({ options: { partitions: { type: 'string', default: '1000' }, cells: { type: 'string', default: '600' }, seconds: { type: 'string', default: '3' } } });
const PARTITIONS = Number(values.partitions);
const CELLS = Number(values.cells);
const SECONDS = Number(values.seconds);
const INFLIGHT = 1024;
const env = createRealEnv();
const TABLE: TableDef = { id: '6c0a0b8e-1f6e-4a51-9d0a-2b1e3c4d5e6f', keyspace: 'bench', name: 'cells', partitioner: { decorate: (key: Buffer) => ({ position: key }) }, gcGraceSeconds: 864000 };

const keyOf = (p: number): Buffer => Buffer.from(`partition-${String(p).padStart(6, '0')}`);
const nameBytes = (c: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(c);
  return b;
};
const value = Buffer.alloc(100, 'v');
const progress = (s: string): boolean => process.stderr.write(`\r${s}\x1b[K`);

/** Runs `op(i)` for i in [0, total) with `INFLIGHT` outstanding; returns ops/s. */
async function writeAll(total: number, label: string, op: (i: number) => Promise<void>): Promise<number> {
  const t0 = performance.now();
  let next = 0;
  let done = 0;
  await new Promise<void>((resolve, reject) => {
    const pump = (): void => {
      while (next < total && next - done < INFLIGHT) {
        const i = next++;
        op(i).then(() => {
          done++;
          if (done % 20000 === 0) progress(`${label}: ${done}/${total} (${Math.round(done / ((performance.now() - t0) / 1000))}/s)`);
          if (done === total) resolve();
          else pump();
        }, reject);
      }
    };
    pump();
  });
  return total / ((performance.now() - t0) / 1000);
}

/** Calls `op` repeatedly for SECONDS; returns calls/s. */
function timed(label: string, op: (i: number) => void): number {
  const t0 = performance.now();
  let n = 0;
  while (performance.now() - t0 < SECONDS * 1000) {
    for (let k = 0; k < 100; k++) op(n++);
  }
  const rate = n / ((performance.now() - t0) / 1000);
  progress(`${label}: ${Math.round(rate)}/s`);
  return rate;
}

let seed = 42;
const rand = (n: number): number => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
};

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ilium-bench-'));
  const total = PARTITIONS * CELLS;
  const cellAt = (i: number): [number, number] => [i % PARTITIONS, Math.floor(i / PARTITIONS)];
  try {
    const naive = new NaiveStore(env, join(dir, 'naive.log'), 2);
    const naiveWrites = await writeAll(total, 'baseline writes', (i) => {
      const [p, c] = cellAt(i);
      return naive.put(keyOf(p), nameBytes(c), value);
    });
    const engine = await StorageEngine.open({
      env,
      dataDir: join(dir, 'ilium'),
      options: { commitlogSync: 'group', commitlogSyncGroupWindowMs: 2, memtableFlushThresholdBytes: 8 * 1024 * 1024 },
      tables: [TABLE],
    });
    let ts = 1n;
    const iliumWrites = await writeAll(total, 'ilium writes', (i) => {
      const [p, c] = cellAt(i);
      return engine.apply(TABLE.id, { key: keyOf(p), partitionDeletion: null, rangeTombstones: [], cells: [liveCell(cellName([nameBytes(c)]), value, ts++)] });
    });
    await engine.flush();
    await engine.compactionIdle();
    const sstables = engine.table(TABLE.id).sstables.length;

    const nameQ = (c: number): Buffer => cellName([nameBytes(c)]);
    const point = {
      naive: timed('baseline point reads', () => void naive.get(keyOf(rand(PARTITIONS)), nameBytes(rand(CELLS)))),
      ilium: timed('ilium point reads', () => {
        const n = nameQ(rand(CELLS));
        engine.read(TABLE.id, keyOf(rand(PARTITIONS)), { slices: [{ start: n, end: n }], reversed: false });
      }),
    };
    const slice = (reversed: boolean) => ({
      naive: timed(`baseline slices ${reversed ? 'reverse' : 'forward'}`, () => void naive.slice(keyOf(rand(PARTITIONS)), nameBytes(rand(CELLS)), 50, reversed)),
      ilium: timed(`ilium slices ${reversed ? 'reverse' : 'forward'}`, () => {
        const s = nameQ(rand(CELLS));
        const slices = reversed ? [{ start: Buffer.from([0x20]), end: s }] : [{ start: s, end: Buffer.from([0x60]) }];
        engine.read(TABLE.id, keyOf(rand(PARTITIONS)), { slices, reversed, cellLimit: 50 });
      }),
    });
    const forward = slice(false);
    const reverse = slice(true);
    const scan = {
      naive: timed('baseline scan', () => {
        let n = 0;
        for (const _ of naive.map.values()) if (++n >= 100_000) break;
      }) * 100_000,
      ilium: (() => {
        const t0 = performance.now();
        let cells = 0;
        let from: { position: Buffer; inclusive: boolean } | undefined;
        for (;;) {
          const page = engine.scan(TABLE.id, from, undefined, { slices: [{ start: Buffer.from([0x20]), end: Buffer.from([0x60]) }], reversed: false }, 100);
          if (page.length === 0) break;
          for (const p of page) cells += p.cells.length;
          from = { position: page[page.length - 1]!.position, inclusive: false };
        }
        return cells / ((performance.now() - t0) / 1000);
      })(),
    };
    const cache = { hits: engine.cache.hits, misses: engine.cache.misses };
    await engine.close();
    naive.close();
    progress('');
    const rows = {
      writes: { ilium: iliumWrites, baseline: naiveWrites },
      pointReads: { ilium: point.ilium, baseline: point.naive },
      slicesForward: { ilium: forward.ilium, baseline: forward.naive },
      slicesReverse: { ilium: reverse.ilium, baseline: reverse.naive },
      scanCells: { ilium: scan.ilium, baseline: scan.naive },
    };
    process.stdout.write(`\nmachine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, node ${process.version}; ${total} cells in ${PARTITIONS} partitions, ${sstables} SSTables after compaction; chunk cache ${cache.hits} hits, ${cache.misses} misses\n`);
    for (const [k, v] of Object.entries(rows)) {
      process.stdout.write(`${k.padEnd(14)} ilium ${Math.round(v.ilium).toString().padStart(10)}/s   baseline ${Math.round(v.baseline).toString().padStart(10)}/s   ratio ${(v.ilium / v.baseline).toFixed(2)}\n`);
    }
    const json = Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, { ilium: Math.round(v.ilium), baseline: Math.round(v.baseline), ratio: Number((v.ilium / v.baseline).toFixed(3)) }]));
    process.stdout.write(`${JSON.stringify({ bench: 'storage', cells: total, partitions: PARTITIONS, sstables, ...json })}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();

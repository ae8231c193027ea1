/**
 * bench:api — the embedded TypeScript API beside the raw storage engine (the storage issue's
 * `StorageEngine`, driven with hand-built cells), same workload, same run. Prints per operation
 * API ops/s, engine ops/s and the ratio (API/engine; overhead = 1 − ratio, target ≤ 30%). Last
 * line: one JSON object.
 *
 *   npm run bench:api [-- --partitions=200 --cells=500 --seconds=2]
 *
 * Workload: a Standard column family (UTF8Type names, 50-byte values) under Murmur3, periodic
 * commit log on both sides; `partitions` × `cells` single-column inserts with 64 in flight; then
 * a 50-column slice from a random start, a multiget of 100 keys (10 columns each) and a getRange
 * of 100 rows (10 columns each).
 */
import { parseArgs } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { Murmur3Partitioner } from '../src/dht/index.js';
import { createRealEnv } from '../src/env/index.js';
import { UTF8_TYPE } from '../src/marshal/index.js';
import { open } from '../src/api/index.js';
import { BOTTOM, TOP, cellName } from '../src/storage/model/cell-name.js';
import { liveCell } from '../src/storage/model/cell.js';
import { StorageEngine } from '../src/storage/storage-engine.js';

const { values } = parseArgs({ options: { partitions: { type: 'string', default: '200' }, cells: { type: 'string', default: '500' }, seconds: { type: 'string', default: '2' } } });
const PARTITIONS = Number(values.partitions);
const CELLS = Number(values.cells);
const SECONDS = Number(values.seconds);
const INFLIGHT = 64;
const value = 'v'.repeat(50);
const keyOf = (p: number): string => `row${p}`;
const colOf = (c: number): string => `c${String(c).padStart(6, '0')}`;
const progress = (s: string): boolean => process.stderr.write(`\r${s}\x1b[K`);

let seed = 7;
const rand = (n: number): number => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
};

async function inserts(label: string, op: (i: number) => Promise<void>): Promise<number> {
  const total = PARTITIONS * CELLS;
  const t0 = performance.now();
  let next = 0;
  let done = 0;
  await new Promise<void>((resolve, reject) => {
    const pump = (): void => {
      while (next < total && next - done < INFLIGHT) {
        op(next++).then(() => {
          if (++done % 20000 === 0) progress(`${label}: ${done}/${total}`);
          if (done === total) resolve();
          else pump();
        }, reject);
      }
    };
    pump();
  });
  return total / ((performance.now() - t0) / 1000);
}

/** Calls `op` for SECONDS (awaiting each call); returns calls/s. */
async function timed(label: string, op: () => unknown): Promise<number> {
  const t0 = performance.now();
  let n = 0;
  while (performance.now() - t0 < SECONDS * 1000) {
    await op();
    n++;
  }
  const rate = n / ((performance.now() - t0) / 1000);
  progress(`${label}: ${Math.round(rate)}/s`);
  return rate;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ilium-bench-api-'));
  try {
    const api = await open({ dataDir: join(dir, 'api') });
    await api.addKeyspace({ name: 'Bench', tables: [{ name: 'Cells', comparator: 'UTF8Type' }] });
    const cf = api.columnFamily('Bench', 'Cells');
    const partitioner = new Murmur3Partitioner();
    const def = { id: '8b8b8b8b-0000-4000-8000-000000000008', keyspace: 'bench', name: 'cells', partitioner, gcGraceSeconds: 864000 };
    const engine = await StorageEngine.open({ env: createRealEnv(), dataDir: join(dir, 'engine'), tables: [def] });
    const name = (c: number): Buffer => cellName([UTF8_TYPE.toComparable(Buffer.from(colOf(c)))]);
    const vbuf = Buffer.from(value);
    let ts = 1n;

    const cellAt = (i: number): [number, number] => [i % PARTITIONS, Math.floor(i / PARTITIONS)];
    const insert = {
      engine: await inserts('engine inserts', (i) => {
        const [p, c] = cellAt(i);
        return engine.apply(def.id, { key: Buffer.from(keyOf(p)), partitionDeletion: null, rangeTombstones: [], cells: [liveCell(name(c), vbuf, ts++)] });
      }),
      api: await inserts('api inserts', (i) => {
        const [p, c] = cellAt(i);
        return cf.insert(keyOf(p), { [colOf(c)]: value });
      }),
    };
    const slice = {
      engine: await timed('engine slice', () => {
        const c = rand(CELLS);
        return engine.read(def.id, Buffer.from(keyOf(rand(PARTITIONS))), { slices: [{ start: name(c), end: TOP }], reversed: false, cellLimit: 50 });
      }),
      api: await timed('api slice', () => cf.get(keyOf(rand(PARTITIONS)), { columnStart: colOf(rand(CELLS)), columnCount: 50 })),
    };
    const keys = (): number[] => Array.from({ length: 100 }, () => rand(PARTITIONS));
    const ten = { slices: [{ start: BOTTOM, end: TOP }], reversed: false, cellLimit: 10 };
    const multiget = {
      engine: await timed('engine multiget', () => keys().map((p) => engine.read(def.id, Buffer.from(keyOf(p)), ten))),
      api: await timed('api multiget', () => cf.multiget(keys().map(keyOf), { columnCount: 10 })),
    };
    const range = {
      engine: await timed('engine range', () => engine.scan(def.id, undefined, undefined, ten, 100)),
      api: await timed('api range', () => cf.getRange({ rowCount: 100, columnCount: 10 })),
    };
    await api.close();
    await engine.close();
    progress('');
    const rows = { insert, slice50: slice, multiget100: multiget, getRange100: range };
    process.stdout.write(`\nmachine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, node ${process.version}; ${PARTITIONS * CELLS} cells in ${PARTITIONS} rows\n`);
    for (const [k, v] of Object.entries(rows)) {
      process.stdout.write(`${k.padEnd(12)} api ${Math.round(v.api).toString().padStart(8)}/s   engine ${Math.round(v.engine).toString().padStart(8)}/s   ratio ${(v.api / v.engine).toFixed(2)}  overhead ${Math.round((1 - v.api / v.engine) * 100)}%\n`);
    }
    const json = Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, { api: Math.round(v.api), engine: Math.round(v.engine), ratio: Number((v.api / v.engine).toFixed(3)) }]));
    process.stdout.write(`${JSON.stringify({ bench: 'api', cells: PARTITIONS * CELLS, ...json })}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();

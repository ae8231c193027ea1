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
 * of 100 rows (10 columns each). Reads also show engine+decode (the engine plus the least a JS
 * result needs: strings in a Map); inserts also show the engine given one shared value Buffer (the
 * baseline before the engine side converted each value as it converts each key and name).
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
import { type Cell, liveCell } from '../src/storage/model/cell.js';
import { StorageEngine } from '../src/storage/storage-engine.js';

const { values } = parseArgs({ options: { partitions: { type: 'string', default: '200' }, cells: { type: 'string', default: '500' }, seconds: { type: 'string', default: '2' }, rounds: { type: 'string', default: '3' } } });
const PARTITIONS = Number(values.partitions);
const CELLS = Number(values.cells);
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
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

/** Runs `total` calls of `op` with INFLIGHT in flight; returns calls/s. */
async function pumped(label: string, from: number, total: number, op: (i: number) => Promise<void>): Promise<number> {
  const t0 = performance.now();
  let next = from;
  let done = 0;
  await new Promise<void>((resolve, reject) => {
    const pump = (): void => {
      while (next < from + total && next - from - done < INFLIGHT) {
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

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Sides {
  api: number;
  engine: number;
  /** The engine plus the least any JS result needs: each cell's name and value made a string, in a Map. */
  decoded?: number;
  /** Inserts: the engine given one value Buffer shared by every cell (the baseline until 2026-11-22). */
  shared?: number;
}

/** ROUNDS alternating runs of each side; the median rate of each. */
type Run = (round: number) => Promise<number>;

async function compare(label: string, sides: { api: Run; engine: Run; decoded?: Run; shared?: Run }): Promise<Sides> {
  const rates: Record<string, number[]> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const [side, run] of Object.entries(sides)) {
      if (run === undefined) continue;
      progress(`${label} ${side} round ${round + 1}/${ROUNDS}`);
      (rates[side] ??= []).push(await run(round));
    }
  }
  const out: Sides = { api: median(rates.api!), engine: median(rates.engine!) };
  if (rates.decoded !== undefined) out.decoded = median(rates.decoded);
  if (rates.shared !== undefined) out.shared = median(rates.shared);
  return out;
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
    const sharedEngine = await StorageEngine.open({ env: createRealEnv(), dataDir: join(dir, 'engine-shared'), tables: [def] });
    const name = (c: number): Buffer => cellName([UTF8_TYPE.toComparable(Buffer.from(colOf(c)))]);
    const vbuf = Buffer.from(value);
    let ts = 1n;

    const total = PARTITIONS * CELLS;
    const perRound = Math.ceil(total / ROUNDS);
    const cellAt = (i: number): [number, number] => [i % PARTITIONS, Math.floor(i / PARTITIONS)];
    const roundSize = (round: number): number => Math.min(perRound, total - round * perRound);
    // Each side turns the workload's strings (key, name, value) into bytes per insert; `shared`
    // keeps the old baseline, one value Buffer for every cell, which spares the engine the value's
    // conversion and its memory (every cell then points at the same bytes). It writes its own cells
    // (the same names, later timestamps) so both engine runs do the same work.
    const insert = await compare('insert', {
      engine: (round) =>
        pumped('engine inserts', round * perRound, roundSize(round), (i) => {
          const [p, c] = cellAt(i);
          return engine.apply(def.id, { key: Buffer.from(keyOf(p)), partitionDeletion: null, rangeTombstones: [], cells: [liveCell(name(c), Buffer.from(value), ts++)] });
        }),
      shared: (round) =>
        pumped('engine inserts (shared value)', round * perRound, roundSize(round), (i) => {
          const [p, c] = cellAt(i);
          return sharedEngine.apply(def.id, { key: Buffer.from(keyOf(p)), partitionDeletion: null, rangeTombstones: [], cells: [liveCell(name(c), vbuf, ts++)] });
        }),
      api: (round) =>
        pumped('api inserts', round * perRound, roundSize(round), (i) => {
          const [p, c] = cellAt(i);
          return cf.insert(keyOf(p), { [colOf(c)]: value });
        }),
    });
    await sharedEngine.close();

    /** What an engine user must do at least to hand out JS values: strings in a Map (names are NEXT text 0x00 END). */
    const decode = (cells: readonly Cell[]): Map<string, string> => {
      const m = new Map<string, string>();
      for (const c of cells) m.set(c.name.toString('latin1', 1, c.name.length - 2), c.value.toString('utf8'));
      return m;
    };
    const engineSlice = (): Cell[] => engine.read(def.id, Buffer.from(keyOf(rand(PARTITIONS))), { slices: [{ start: name(rand(CELLS)), end: TOP }], reversed: false, cellLimit: 50 })?.cells ?? [];
    const slice = await compare('slice50', {
      engine: () => timed('engine slice', engineSlice),
      decoded: () => timed('engine+decode slice', () => decode(engineSlice())),
      api: () => timed('api slice', () => cf.get(keyOf(rand(PARTITIONS)), { columnStart: colOf(rand(CELLS)), columnCount: 50 })),
    });

    // 100 distinct keys (a multiget answers each distinct key once).
    const keys = (): number[] => {
      const all = Array.from({ length: PARTITIONS }, (_, i) => i);
      for (let i = 0; i < 100; i++) {
        const j = i + rand(PARTITIONS - i);
        [all[i], all[j]] = [all[j]!, all[i]!];
      }
      return all.slice(0, 100);
    };
    const ten = { slices: [{ start: BOTTOM, end: TOP }], reversed: false, cellLimit: 10 };
    const engineMultiget = (): (Cell[] | undefined)[] => keys().map((p) => engine.read(def.id, Buffer.from(keyOf(p)), ten)?.cells);
    const multiget = await compare('multiget100', {
      engine: () => timed('engine multiget', engineMultiget),
      decoded: () => timed('engine+decode multiget', () => new Map(engineMultiget().map((cells, i) => [i, decode(cells ?? [])]))),
      api: () => timed('api multiget', () => cf.multiget(keys().map(keyOf), { columnCount: 10 })),
    });
    const engineRange = (): { key: Buffer; cells: readonly Cell[] }[] => engine.scan(def.id, undefined, undefined, ten, 100);
    const range = await compare('getRange100', {
      engine: () => timed('engine range', engineRange),
      decoded: () => timed('engine+decode range', () => new Map(engineRange().map((r) => [r.key.toString('utf8'), decode(r.cells)]))),
      api: () => timed('api range', () => cf.getRange({ rowCount: 100, columnCount: 10 })),
    });
    await api.close();
    await engine.close();
    progress('');
    const rows: Record<string, Sides> = { insert, slice50: slice, multiget100: multiget, getRange100: range };
    process.stdout.write(`\nmachine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, node ${process.version}; ${total} cells in ${PARTITIONS} rows; medians of ${ROUNDS} rounds\n`);
    const fmt = (n: number): string => Math.round(n).toString().padStart(8);
    for (const [k, v] of Object.entries(rows)) {
      const floor = v.decoded === undefined ? '' : `   engine+decode ${fmt(v.decoded)}/s (api/that ${(v.api / v.decoded).toFixed(2)})`;
      const shared = v.shared === undefined ? '' : `   engine, one shared value ${fmt(v.shared)}/s (api/that ${(v.api / v.shared).toFixed(2)})`;
      process.stdout.write(`${k.padEnd(12)} api ${fmt(v.api)}/s   engine ${fmt(v.engine)}/s   api/engine ${(v.api / v.engine).toFixed(2)}${floor}${shared}\n`);
    }
    const ratio = (a: number, b: number): number => Number((a / b).toFixed(3));
    const json = Object.fromEntries(
      Object.entries(rows).map(([k, v]) => [
        k,
        { api: Math.round(v.api), engine: Math.round(v.engine), ratio: ratio(v.api, v.engine), ...(v.decoded === undefined ? {} : { engineDecoded: Math.round(v.decoded), ratioDecoded: ratio(v.api, v.decoded) }),
          ...(v.shared === undefined ? {} : { engineSharedValue: Math.round(v.shared), ratioSharedValue: ratio(v.api, v.shared) }),
        },
      ]),
    );
    process.stdout.write(`${JSON.stringify({ bench: 'api', cells: total, rounds: ROUNDS, ...json })}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();

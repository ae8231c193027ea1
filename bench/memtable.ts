/**
 * bench:memtable — what a memtable costs per partition written and per partition found, the
 * engine's part of every write and read by key. `--partitions` new partitions (keys as bench:cql
 * writes them: `k` and nine digits; Murmur3 positions; one row of a row marker and a 90-byte value)
 * are applied to an empty `Memtable`, then each is looked up once in a scattered order, then all
 * are listed in position order (what a flush reads).
 *
 * Baseline in the same run: a `Map` from the same positions (as latin1 strings) to the same
 * partitions' updates, the least any keyed in-memory store pays for the same inserts and lookups.
 * `--before=DIR` also measures an earlier build's `Memtable` (a `dist` directory of Ilium) in the
 * same rounds. Rounds take turns; each figure is the best of `--rounds` (allocation and GC make
 * single rounds swing 2×).
 *
 *   node dist/bench/memtable.js [--partitions=200000] [--rounds=10] [--before=DIR]
 *
 * Progress on stderr; the last line of stdout is one JSON object.
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Murmur3Partitioner } from '../src/dht/murmur3-partitioner.js';
import { Memtable } from '../src/storage/memtable/memtable.js';
import { liveCell } from '../src/storage/model/cell.js';
import type { PartitionUpdate } from '../src/storage/model/partition-update.js';

const { values: args } = parseArgs({ options: { partitions: { type: 'string', default: '200000' }, rounds: { type: 'string', default: '10' }, before: { type: 'string' } } });
const N = Number(args.partitions);
const ROUNDS = Number(args.rounds);

interface MemtableLike {
  apply(key: Buffer, position: Buffer, update: PartitionUpdate, nowSec: number): void;
  get(position: Buffer): unknown;
  range(): Iterable<unknown>;
}
type Subject = { name: string; make: () => MemtableLike };

const partitioner = new Murmur3Partitioner();
const keys = Array.from({ length: N }, (_, i) => Buffer.from(`k${String(i).padStart(9, '0')}`));
const positions = keys.map((k) => partitioner.position(k));
const updates: PartitionUpdate[] = keys.map((key) => ({ key, partitionDeletion: null, rangeTombstones: [], cells: [liveCell(Buffer.from([0, 0, 0]), Buffer.alloc(0), 1n), liveCell(Buffer.from([0, 1, 0x76, 0]), Buffer.alloc(90, 0x61), 1n)] }));

/** The baseline: a Map keyed by the position's bytes as a string. */
class MapBaseline implements MemtableLike {
  private readonly map = new Map<string, PartitionUpdate>();
  apply(_key: Buffer, position: Buffer, update: PartitionUpdate): void {
    this.map.set(position.toString('latin1'), update);
  }
  get(position: Buffer): unknown {
    return this.map.get(position.toString('latin1'));
  }
  range(): Iterable<unknown> {
    return this.map.values();
  }
}

async function subjects(): Promise<Subject[]> {
  const out: Subject[] = [{ name: 'map', make: () => new MapBaseline() }, { name: 'memtable', make: () => new Memtable(0) }];
  if (args.before !== undefined) {
    const url = pathToFileURL(resolve(args.before, 'src/storage/memtable/memtable.js')).href;
    const Before = ((await import(url)) as { Memtable: typeof Memtable }).Memtable;
    out.push({ name: 'before', make: () => new Before(0) as unknown as MemtableLike });
  }
  return out;
}

function round(s: Subject): { applyUs: number; getUs: number; listUs: number } {
  const m = s.make();
  const t0 = performance.now();
  for (let i = 0; i < N; i++) m.apply(keys[i]!, positions[i]!, updates[i]!, 0);
  const t1 = performance.now();
  let found = 0;
  for (let i = 0; i < N; i++) if (m.get(positions[(i * 7919) % N]!) !== undefined) found++;
  const t2 = performance.now();
  let listed = 0;
  for (const _ of m.range()) listed++;
  const t3 = performance.now();
  if (found !== N || listed !== N) throw new Error(`${s.name}: found ${found}, listed ${listed} of ${N}`);
  const us = (ms: number) => (ms * 1000) / N;
  return { applyUs: us(t1 - t0), getUs: us(t2 - t1), listUs: us(t3 - t2) };
}

const all = await subjects();
const best = new Map<string, { applyUs: number; getUs: number; listUs: number }>();
for (let r = 0; r < ROUNDS; r++) {
  for (const s of all) {
    const f = round(s);
    const b = best.get(s.name);
    best.set(s.name, b === undefined ? f : { applyUs: Math.min(b.applyUs, f.applyUs), getUs: Math.min(b.getUs, f.getUs), listUs: Math.min(b.listUs, f.listUs) });
  }
  process.stderr.write(`round ${r + 1}/${ROUNDS}\n`);
}
const base = best.get('map')!;
for (const [name, f] of best) {
  process.stdout.write(`${name.padEnd(9)} apply ${f.applyUs.toFixed(3)} µs (${(f.applyUs / base.applyUs).toFixed(2)}× map)  get ${f.getUs.toFixed(3)} µs (${(f.getUs / base.getUs).toFixed(2)}×)  list ${f.listUs.toFixed(3)} µs per partition\n`);
}
process.stdout.write(`${JSON.stringify({ bench: 'memtable', date: new Date().toISOString(), partitions: N, rounds: ROUNDS, best: Object.fromEntries(best) })}\n`);

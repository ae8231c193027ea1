import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Cell, CellKind, NO_DELETION_TIME } from '../../../src/storage/model/cell.js';
import { type DeletionTime, LIVE_DELETION, type RangeTombstone } from '../../../src/storage/model/deletion.js';
import type { PartitionData } from '../../../src/storage/model/partition-data.js';
import { compareBytes } from '../../../src/storage/sstable/bytes.js';
import type { Slice } from '../../../src/storage/sstable/partition-cursor.js';

/**
 * Shared by the SSTable tests and the microbenchmark: a seeded generator of random partitions and
 * the reference semantics of slices. (Temporary directories are test scaffolding, created with
 * node:fs directly; the code under test only ever uses env.fs.)
 */

/** A small seeded PRNG (mulberry32); each call to `rng` gets its own state. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomBytes(r: () => number, len: number, alphabet = 256): Buffer {
  const b = Buffer.allocUnsafe(len);
  for (let i = 0; i < len; i++) b[i] = Math.floor(r() * alphabet);
  return b;
}

export function makeTmpDir(prefix = 'ilium-sstable-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface PartitionShape {
  readonly cells: number;
  /** Probability a cell is a tombstone / expiring. */
  readonly tombstoneRate?: number;
  readonly expiringRate?: number;
  readonly rangeTombstones?: number;
  readonly deleted?: boolean;
  /** Maximum value length (rarely exceeded by one large value). */
  readonly valueBytesMax?: number;
  /** Allow extreme (int64 edge) timestamps. */
  readonly extremeTimestamps?: boolean;
  /** Values made of repeated words, so chunks compress. */
  readonly compressible?: boolean;
}

const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel'].map((w) => Buffer.from(w));

function randomValue(r: () => number, len: number, compressible: boolean): Buffer {
  if (!compressible) return randomBytes(r, len);
  const parts: Buffer[] = [];
  let n = 0;
  while (n < len) {
    const w = words[Math.floor(r() * words.length)]!;
    parts.push(w);
    n += w.length;
  }
  return Buffer.concat(parts).subarray(0, len);
}

const baseMicros = 1_700_000_000_000_000n;

function randomTimestamp(r: () => number, extreme: boolean): bigint {
  if (extreme && r() < 0.05) {
    const edges = [-(2n ** 63n), 2n ** 63n - 1n, 0n, -1n, 2n ** 60n];
    return edges[Math.floor(r() * edges.length)]!;
  }
  return baseMicros + BigInt(Math.floor(r() * 1e9));
}

function randomDeletion(r: () => number, extreme: boolean): DeletionTime {
  return { markedForDeleteAt: randomTimestamp(r, extreme), localDeletionTime: 1_700_000_000 + Math.floor(r() * 1e6) };
}

/** Distinct sorted names with shared prefixes (clustering-like: a few components). */
export function randomNames(r: () => number, n: number): Buffer[] {
  const set = new Map<string, Buffer>();
  let guard = 0;
  while (set.size < n && guard++ < n * 20) {
    const parts = 1 + Math.floor(r() * 3);
    const chunks: Buffer[] = [];
    for (let i = 0; i < parts; i++) chunks.push(randomBytes(r, 1 + Math.floor(r() * 6), i === 0 ? 8 : 256));
    const name = Buffer.concat(chunks);
    set.set(name.toString('hex'), name);
  }
  return [...set.values()].sort(compareBytes);
}

function randomCell(r: () => number, name: Buffer, shape: PartitionShape, prev: Cell | null): Cell {
  const x = r();
  const timestamp = prev !== null && r() < 0.3 ? prev.timestamp : randomTimestamp(r, shape.extremeTimestamps ?? false);
  const ldt = 1_700_000_000 + Math.floor(r() * 1e6);
  if (x < (shape.tombstoneRate ?? 0.1)) {
    return { name, kind: CellKind.TOMBSTONE, value: Buffer.alloc(0), timestamp, ttl: 0, localDeletionTime: ldt };
  }
  const vmax = shape.valueBytesMax ?? 24;
  const big = r() < 0.002;
  const len = big ? 1000 + Math.floor(r() * 20_000) : Math.floor(r() * (vmax + 1));
  const value = randomValue(r, len, shape.compressible ?? false);
  if (x < (shape.tombstoneRate ?? 0.1) + (shape.expiringRate ?? 0.1)) {
    const ttl = 1 + Math.floor(r() * 100_000);
    return { name, kind: CellKind.EXPIRING, value, timestamp, ttl, localDeletionTime: ldt + ttl };
  }
  return { name, kind: CellKind.LIVE, value, timestamp, ttl: 0, localDeletionTime: NO_DELETION_TIME };
}

export function randomPartition(r: () => number, key: Buffer, position: Buffer, shape: PartitionShape): PartitionData {
  const names = randomNames(r, shape.cells);
  const cells: Cell[] = [];
  for (const name of names) cells.push(randomCell(r, name, shape, cells[cells.length - 1] ?? null));
  const rangeTombstones: RangeTombstone[] = [];
  for (let i = 0; i < (shape.rangeTombstones ?? 0); i++) {
    const [a, b] = [randomBytes(r, 1 + Math.floor(r() * 4), 8), randomBytes(r, 1 + Math.floor(r() * 4), 8)];
    const [start, end] = compareBytes(a, b) <= 0 ? [a, b] : [b, a];
    rangeTombstones.push({ start, end, deletion: randomDeletion(r, shape.extremeTimestamps ?? false) });
  }
  rangeTombstones.sort((x, y) => compareBytes(x.start, y.start));
  const partitionDeletion = shape.deleted ? randomDeletion(r, shape.extremeTimestamps ?? false) : LIVE_DELETION;
  return { key, position, partitionDeletion, rangeTombstones, cells };
}

/** `count` distinct positions (a 4-byte token then the key), sorted; keys returned alongside. */
export function randomKeys(r: () => number, count: number): { key: Buffer; position: Buffer }[] {
  const seen = new Map<string, { key: Buffer; position: Buffer }>();
  while (seen.size < count) {
    const key = randomBytes(r, 1 + Math.floor(r() * 12));
    const position = Buffer.concat([randomBytes(r, 4), key]);
    seen.set(position.toString('hex'), { key, position });
  }
  return [...seen.values()].sort((a, b) => compareBytes(a.position, b.position));
}

/** Index of the first cell whose name is not before `name` (or after it, when `after`). */
function searchNames(cells: readonly Cell[], name: Buffer, after: boolean): number {
  let lo = 0;
  let hi = cells.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const c = compareBytes(cells[mid]!.name, name);
    if (c < 0 || (after && c === 0)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * What a reader must return for `p` under `slice` (reference semantics): the cells with
 * start ≤ name ≤ end — found by binary search, `p.cells` being sorted — and the range tombstones
 * overlapping [start, end].
 */
export function expectedSlice(p: PartitionData, slice: Slice): PartitionData {
  const from = searchNames(p.cells, slice.start, false);
  const to = searchNames(p.cells, slice.end, true);
  const cells = from < to ? p.cells.slice(from, to) : [];
  if (slice.reversed) cells.reverse();
  const rangeTombstones = p.rangeTombstones.filter(
    (rt) => compareBytes(rt.start, slice.end) <= 0 && compareBytes(rt.end, slice.start) >= 0,
  );
  return { ...p, cells, rangeTombstones };
}

/** A mixed set of partitions: mostly narrow, every `wideEvery`th one wide. */
export function mixedPartitions(
  seed: number,
  count: number,
  opts: { wideEvery: number; wideCells: number; compressible?: boolean; extremeTimestamps?: boolean },
): PartitionData[] {
  const r = rng(seed);
  return randomKeys(r, count).map(({ key, position }, i) => {
    const wide = opts.wideEvery > 0 && i % opts.wideEvery === opts.wideEvery >> 1;
    return randomPartition(r, key, position, {
      cells: wide ? opts.wideCells + Math.floor(r() * 1000) : Math.floor(r() * 30),
      rangeTombstones: r() < 0.3 ? 1 + Math.floor(r() * 3) : 0,
      deleted: r() < 0.1,
      compressible: opts.compressible ?? r() < 0.5,
      extremeTimestamps: opts.extremeTimestamps ?? true,
    });
  });
}

/** A random slice over `p`'s names: bounds are existing names, perturbed names or extremes. */
export function randomSlice(r: () => number, p: PartitionData, reversed: boolean): Slice {
  const pick = (): Buffer => {
    const x = r();
    if (x < 0.05) return Buffer.alloc(0);
    if (x < 0.1) return Buffer.alloc(24, 0xff);
    if (p.cells.length === 0 || x < 0.25) return randomBytes(r, 1 + Math.floor(r() * 4), 8);
    const name = p.cells[Math.floor(r() * p.cells.length)]!.name;
    if (x < 0.6) return name;
    return Buffer.concat([name, randomBytes(r, 1)]);
  };
  if (p.cells.length > 0 && r() < 0.4) {
    // A short slice: up to 100 names from a random existing one.
    const i = Math.floor(r() * p.cells.length);
    const j = Math.min(p.cells.length - 1, i + Math.floor(r() * 100));
    return { start: p.cells[i]!.name, end: p.cells[j]!.name, reversed };
  }
  let start = pick();
  let end = pick();
  if (r() < 0.9 && compareBytes(start, end) > 0) [start, end] = [end, start];
  return { start, end, reversed };
}

function sameCell(a: Cell, b: Cell): boolean {
  return (
    a.kind === b.kind && a.timestamp === b.timestamp && a.ttl === b.ttl && a.localDeletionTime === b.localDeletionTime &&
    a.name.equals(b.name) && a.value.equals(b.value) && Buffer.isBuffer(a.name) && Buffer.isBuffer(a.value)
  );
}

/**
 * Throws unless `actual` equals `expected` (fast for wide partitions: cells are compared field by
 * field, and deepStrictEqual runs only on the first difference, for its message).
 */
export function assertSamePartition(actual: PartitionData | null, expected: PartitionData | null): void {
  if (actual === null || expected === null || actual.cells.length !== expected.cells.length) {
    assert.deepStrictEqual(actual, expected);
    return;
  }
  const { cells: ac, ...aRest } = actual;
  const { cells: ec, ...eRest } = expected;
  assert.deepStrictEqual(aRest, eRest);
  for (let i = 0; i < ec.length; i++) {
    if (!sameCell(ac[i]!, ec[i]!)) assert.deepStrictEqual({ index: i, cell: ac[i] }, { index: i, cell: ec[i] });
  }
}

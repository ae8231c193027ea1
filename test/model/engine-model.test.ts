/**
 * Model-based test of the storage engine: thousands of random writes (cells with and without TTL),
 * deletions at every grain (cell, super-column range, arbitrary slice, partition), reads (names,
 * forward/reverse slices with cell and group limits) and scans, interleaved with flushes, major
 * compactions, clock jumps past TTLs and gc_grace, and restarts — every read compared with a
 * plain in-memory model. A failure prints the seed; rerun one with ILIUM_MODEL_SEED=<n>.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type Cell, CellKind, NO_DELETION_TIME, isLive } from '../../src/storage/model/cell.js';
import { boundAfter, boundBefore, cellName } from '../../src/storage/model/cell-name.js';
import { type DeletionTime, LIVE_DELETION, type RangeTombstone, maxDeletion } from '../../src/storage/model/deletion.js';
import { coveredByRange, deletes, reconcile } from '../../src/storage/model/reconcile.js';
import type { PartitionUpdate } from '../../src/storage/model/partition-update.js';
import type { NameSlice, SliceQuery } from '../../src/storage/read/slice-query.js';
import { StorageEngine } from '../../src/storage/storage-engine.js';
import type { TableDef } from '../../src/storage/table-def.js';
import { BYTE_ORDER, TestRandom, tempEnv } from '../support/temp-env.js';

const TABLE: TableDef = { id: '5bc52802-de25-35ed-aeab-188eecebb090', keyspace: 'ks', name: 'model', partitioner: BYTE_ORDER, gcGraceSeconds: 3 };
const KEYS = Array.from({ length: 8 }, (_, i) => Buffer.from(`k${i}`));
const name = (a: number, b: number): Buffer => cellName([Buffer.from([a]), Buffer.from([b])]);
const GROUP_LENGTH = (): number => 2; // NEXT + one-byte first component

interface ModelPartition {
  pd: DeletionTime;
  rts: RangeTombstone[];
  cells: Map<string, Cell>;
}

class Model {
  readonly parts = new Map<string, ModelPartition>();

  private part(key: Buffer): ModelPartition {
    const k = key.toString('hex');
    let p = this.parts.get(k);
    if (!p) this.parts.set(k, (p = { pd: LIVE_DELETION, rts: [], cells: new Map() }));
    return p;
  }

  apply(u: PartitionUpdate, now: number): void {
    const p = this.part(u.key);
    if (u.partitionDeletion) p.pd = maxDeletion(p.pd, u.partitionDeletion);
    p.rts.push(...u.rangeTombstones);
    for (const c of u.cells) {
      const k = c.name.toString('hex');
      const old = p.cells.get(k);
      p.cells.set(k, old ? reconcile(old, c, now) : c);
    }
  }

  read(key: Buffer, q: SliceQuery, now: number): Cell[] {
    const p = this.parts.get(key.toString('hex'));
    if (!p) return [];
    let cells = [...p.cells.values()]
      .filter((c) => q.slices.some((s) => Buffer.compare(s.start, c.name) <= 0 && Buffer.compare(c.name, s.end) <= 0))
      .filter((c) => isLive(c, now) && !deletes(p.pd, c.timestamp) && !coveredByRange(p.rts, c.name, c.timestamp))
      .sort((a, b) => Buffer.compare(a.name, b.name));
    if (q.reversed) cells.reverse();
    if (q.groupLimit !== undefined) {
      const groups = new Set<string>();
      cells = cells.filter((c) => {
        groups.add(c.name.subarray(0, 2).toString('hex'));
        return groups.size <= q.groupLimit!;
      });
    }
    if (q.cellLimit !== undefined) cells = cells.slice(0, q.cellLimit);
    return cells;
  }
}

class Workload {
  ts = 1000n;
  constructor(readonly r: TestRandom) {}

  update(now: number): PartitionUpdate {
    const r = this.r;
    const key = r.pick(KEYS);
    const ts = ++this.ts;
    const del: DeletionTime = { markedForDeleteAt: ts, localDeletionTime: now };
    const roll = r.next();
    if (roll < 0.05) return { key, partitionDeletion: del, rangeTombstones: [], cells: [] };
    if (roll < 0.12) {
      const a = r.int(6);
      return { key, partitionDeletion: null, rangeTombstones: [{ start: boundBefore([Buffer.from([a])]), end: boundAfter([Buffer.from([a])]), deletion: del }], cells: [] };
    }
    if (roll < 0.17) {
      const [s, e] = [this.pos(), this.pos()].sort((x, y) => Buffer.compare(x, y)) as [Buffer, Buffer];
      return { key, partitionDeletion: null, rangeTombstones: [{ start: boundBefore([s.subarray(1, 2), s.subarray(3, 4)]), end: boundAfter([e.subarray(1, 2), e.subarray(3, 4)]), deletion: del }], cells: [] };
    }
    const cells: Cell[] = [];
    for (let i = 1 + r.int(4); i > 0; i--) cells.push(this.cell(ts, now));
    return { key, partitionDeletion: null, rangeTombstones: [], cells };
  }

  pos(): Buffer {
    return name(this.r.int(6), this.r.int(6));
  }

  private cell(ts: bigint, now: number): Cell {
    const r = this.r;
    const n = this.pos();
    const value = Buffer.from(Array.from({ length: r.int(3) }, () => r.int(3)));
    const roll = r.next();
    if (roll < 0.15) return { name: n, kind: CellKind.TOMBSTONE, value: Buffer.alloc(0), timestamp: ts, ttl: 0, localDeletionTime: now };
    if (roll < 0.35) {
      const ttl = 1 + r.int(5);
      return { name: n, kind: CellKind.EXPIRING, value, timestamp: ts, ttl, localDeletionTime: now + ttl };
    }
    return { name: n, kind: CellKind.LIVE, value, timestamp: ts, ttl: 0, localDeletionTime: NO_DELETION_TIME };
  }

  query(): SliceQuery {
    const r = this.r;
    const reversed = r.chance(0.5);
    let slices: NameSlice[];
    if (r.chance(0.3)) {
      const names = [...new Set(Array.from({ length: 1 + r.int(5) }, () => this.pos().toString('hex')))].map((h) => Buffer.from(h, 'hex'));
      slices = names.sort(Buffer.compare).map((n) => ({ start: n, end: n }));
    } else if (r.chance(0.3)) {
      slices = [{ start: Buffer.from([0x20]), end: Buffer.from([0x60]) }];
    } else {
      const [a, b] = [r.int(6), r.int(6)].sort();
      slices = [{ start: boundBefore([Buffer.from([a!])]), end: boundAfter([Buffer.from([b!])]) }];
    }
    const limit = r.next();
    if (limit < 0.3) return { slices, reversed, cellLimit: 1 + r.int(6) };
    if (limit < 0.5) return { slices, reversed, groupLimit: 1 + r.int(3), groupLength: GROUP_LENGTH };
    return { slices, reversed };
  }
}

const show = (cells: readonly Cell[]): string[] => cells.map((c) => `${c.name.toString('hex')}=${c.value.toString('hex')}@${c.timestamp}`);

async function runSeed(seed: number, ops: number): Promise<void> {
  const { env, clock, dir, cleanup } = tempEnv('ilium-model-');
  const options = { commitlogSync: 'periodic' as const, memtableFlushThresholdBytes: 16 * 1024, compactionMinThreshold: 3, compactionMinSSTableBytes: 1, autoSnapshot: false };
  const open = (): Promise<StorageEngine> => StorageEngine.open({ env, dataDir: dir, options, tables: [TABLE] });
  let engine = await open();
  const model = new Model();
  const w = new Workload(new TestRandom(seed));
  const now = (): number => Math.floor(clock.nowMs() / 1000);
  const seen = { nonEmptyReads: 0, reads: 0, maxSSTables: 0, restarts: 0 };
  try {
    for (let i = 0; i < ops; i++) {
      const roll = w.r.next();
      const step = `seed ${seed} op ${i}`;
      if (roll < 0.55) {
        const u = w.update(now());
        model.apply(u, now());
        await engine.apply(TABLE.id, u);
      } else if (roll < 0.85) {
        const key = w.r.pick(KEYS);
        const q = w.query();
        const got = engine.read(TABLE.id, key, q, now())?.cells ?? [];
        seen.reads++;
        if (got.length > 0) seen.nonEmptyReads++;
        seen.maxSSTables = Math.max(seen.maxSSTables, engine.table(TABLE.id).sstables.length);
        assert.deepEqual(show(got), show(model.read(key, q, now())), `${step}: read ${key} ${JSON.stringify({ ...q, groupLength: undefined })}`);
      } else if (roll < 0.88) {
        const q = w.query();
        const got = engine.scan(TABLE.id, undefined, undefined, q, 100, now());
        const want = KEYS.map((k) => ({ k, cells: model.read(k, q, now()) })).filter((x) => x.cells.length > 0);
        assert.deepEqual(got.map((p) => [p.key.toString(), show(p.cells)]), want.map((x) => [x.k.toString(), show(x.cells)]), `${step}: scan`);
      } else if (roll < 0.93) {
        clock.advanceSeconds(1 + w.r.int(3));
      } else if (roll < 0.96) {
        await engine.flush(TABLE.id);
      } else if (roll < 0.98) {
        await engine.compact(TABLE.id);
      } else {
        await engine.close();
        engine = await open();
        seen.restarts++;
      }
    }
    await engine.compactionIdle();
    // The run must have exercised what it claims: data in reads, several SSTables, restarts.
    assert.ok(seen.nonEmptyReads > seen.reads / 4, `only ${seen.nonEmptyReads}/${seen.reads} reads found data`);
    assert.ok(seen.maxSSTables >= 2, `at most ${seen.maxSSTables} SSTables at once`);
    assert.ok(seen.restarts >= 5, `only ${seen.restarts} restarts`);
  } finally {
    await engine.close();
    cleanup();
  }
}

const fixedSeed = process.env.ILIUM_MODEL_SEED;
const seeds = fixedSeed ? [Number(fixedSeed)] : Array.from({ length: 10 }, (_, i) => i + 1);

for (const seed of seeds) {
  test(`engine matches the model (seed ${seed})`, { timeout: 120_000 }, async () => {
    await runSeed(seed, 2000);
  });
}

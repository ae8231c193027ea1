/**
 * Shared by the commit log tests (not production code): fresh directories on the real file
 * system, a FileSystem wrapper that counts and can fail or delay fsyncs, and mutation makers.
 */
import { tmpdir } from 'node:os';
import fc from 'fast-check';
import type { Env, FileSystem, OpenFlags } from '../../../src/env/env.js';
import { RealFileSystem, createRealEnv } from '../../../src/env/real-env.js';
import { CellKind, NO_DELETION_TIME, liveCell, type Cell } from '../../../src/storage/model/cell.js';
import type { DeletionTime, RangeTombstone } from '../../../src/storage/model/deletion.js';
import type { Mutation } from '../../../src/storage/model/partition-update.js';

/** A fresh empty directory under the OS temp dir; `cleanup` removes it. */
export function freshDir(env: Env, label: string): { dir: string; cleanup: () => void } {
  const dir = `${tmpdir()}/ilium-commitlog-${label}-${env.random.bytes(6).toString('hex')}`;
  env.fs.mkdirSync(dir);
  return { dir, cleanup: () => env.fs.rmSync(dir) };
}

/** What happened to the file system, in order, so tests can check write → fsync → ack. */
export type FsEvent =
  | { readonly kind: 'open'; readonly fd: number; readonly path: string }
  | { readonly kind: 'write'; readonly fd: number; readonly bytes: number }
  | { readonly kind: 'fsync-start'; readonly fd: number; readonly id: number }
  | { readonly kind: 'fsync-done'; readonly fd: number; readonly id: number }
  | { readonly kind: 'mark'; readonly label: string };

/** Delegates to the real file system; records events; fails fsyncs on request. */
export class ProbedFileSystem extends RealFileSystem {
  readonly events: FsEvent[] = [];
  fsyncs = 0;
  /** When set, every later fsync (async or sync) fails with EIO. */
  failFsync = false;
  /** When set, every later write fails with ENOSPC. */
  failWrite = false;
  /** Extra delay before an async fsync completes (lets adds pile up behind it). */
  fsyncDelayMs = 0;

  override openSync(path: string, flags: OpenFlags): number {
    const fd = super.openSync(path, flags);
    this.events.push({ kind: 'open', fd, path });
    return fd;
  }

  override writeSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: number | null): number {
    if (this.failWrite) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const n = super.writeSync(fd, buffer, offset, length, position);
    this.events.push({ kind: 'write', fd, bytes: n });
    return n;
  }

  override async fsync(fd: number): Promise<void> {
    const id = ++this.fsyncs;
    this.events.push({ kind: 'fsync-start', fd, id });
    if (this.failFsync) throw eio();
    if (this.fsyncDelayMs > 0) await new Promise((r) => setTimeout(r, this.fsyncDelayMs));
    await super.fsync(fd);
    this.events.push({ kind: 'fsync-done', fd, id });
  }

  override fsyncSync(fd: number): void {
    const id = ++this.fsyncs;
    this.events.push({ kind: 'fsync-start', fd, id });
    if (this.failFsync) throw eio();
    super.fsyncSync(fd);
    this.events.push({ kind: 'fsync-done', fd, id });
  }

  mark(label: string): void {
    this.events.push({ kind: 'mark', label });
  }
}

function eio(): Error {
  return Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
}

/** A real env whose file system is `fs`. */
export function envWith(fs: FileSystem): Env {
  return { ...createRealEnv(), fs };
}

const TS_BASE = 1_700_000_000_000_000n;

/** A small deterministic mutation (~100 bytes encoded) that differs by `i`. */
export function sampleMutation(i: number, tableId = `t${i % 3}`): Mutation {
  const key = Buffer.from(`key-${i}`);
  const cells: Cell[] = [
    liveCell(Buffer.from(`c-${i}-a`), Buffer.alloc(40, i & 0xff), TS_BASE + BigInt(i)),
    liveCell(Buffer.from(`c-${i}-b`), Buffer.from(`value ${i}`), TS_BASE + BigInt(i) + 1n),
  ];
  return { tableId, update: { key, partitionDeletion: null, rangeTombstones: [], cells } };
}

const bytesArb = (maxLength: number) => fc.uint8Array({ maxLength }).map((a) => Buffer.from(a));
const int64Arb = fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n });
const timestampArb = fc.oneof(int64Arb, fc.bigInt({ min: TS_BASE, max: TS_BASE + 10_000_000n }));
const u32Arb = fc.integer({ min: 0, max: 0xffffffff });
/** fast-check records have a null prototype; the codec returns plain objects. */
const plain = <T extends object>(r: T): T => ({ ...r });
const deletionArb: fc.Arbitrary<DeletionTime> = fc
  .record({ markedForDeleteAt: int64Arb, localDeletionTime: u32Arb })
  .map(plain);
const rangeTombstoneArb: fc.Arbitrary<RangeTombstone> = fc.record({
  start: bytesArb(12),
  end: bytesArb(12),
  deletion: deletionArb,
}).map(plain);

const cellArb: fc.Arbitrary<Cell> = fc.oneof(
  fc.record({ name: bytesArb(16), value: bytesArb(64), timestamp: timestampArb }).map(
    (c): Cell => ({ ...c, kind: CellKind.LIVE, ttl: 0, localDeletionTime: NO_DELETION_TIME }),
  ),
  fc.record({ name: bytesArb(16), value: bytesArb(64), timestamp: timestampArb, ttl: u32Arb, localDeletionTime: u32Arb }).map(
    (c): Cell => ({ ...c, kind: CellKind.EXPIRING }),
  ),
  fc.record({ name: bytesArb(16), timestamp: timestampArb, localDeletionTime: u32Arb }).map(
    (c): Cell => ({ ...c, kind: CellKind.TOMBSTONE, value: Buffer.alloc(0), ttl: 0 }),
  ),
);

/** Any mutation the model allows. */
export const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  tableId: fc.string({ unit: 'grapheme', maxLength: 24 }),
  update: fc.record({
    key: bytesArb(32),
    partitionDeletion: fc.option(deletionArb, { nil: null }),
    rangeTombstones: fc.array(rangeTombstoneArb, { maxLength: 4 }),
    cells: fc.array(cellArb, { maxLength: 8 }),
  }).map(plain),
}).map(plain);

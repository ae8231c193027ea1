import { BTree } from '../src/util/btree.js';
import { compareBytes } from '../src/util/compare-bytes.js';
import type { Env } from '../src/env/index.js';

/**
 * The yardstick for bench:storage: a sorted in-memory map (the same B+tree library our memtable
 * uses) keyed by partition key + cell name, plus an append-only log with the same group-commit
 * fsync policy as our commit log. No SSTables, no checksums on read, no merging: the simplest
 * thing that is durable and sorted.
 */
export class NaiveStore {
  readonly map = new BTree<Buffer, Buffer>(undefined, compareBytes);
  private readonly fd: number;
  private pending: Buffer[] = [];
  private waiters: (() => void)[] = [];
  private syncing = false;
  private offset = 0;

  constructor(
    private readonly env: Env,
    path: string,
    private readonly groupWindowMs: number,
  ) {
    this.fd = env.fs.openSync(path, 'w');
  }

  /** Appends to the log, waits for the group fsync, then inserts in the map. */
  async put(key: Buffer, name: Buffer, value: Buffer): Promise<void> {
    const rec = Buffer.allocUnsafe(12 + key.length + name.length + value.length);
    rec.writeUInt32BE(key.length, 0);
    rec.writeUInt32BE(name.length, 4);
    rec.writeUInt32BE(value.length, 8);
    key.copy(rec, 12);
    name.copy(rec, 12 + key.length);
    value.copy(rec, 12 + key.length + name.length);
    this.pending.push(rec);
    await new Promise<void>((resolve) => {
      this.waiters.push(resolve);
      if (!this.syncing) this.scheduleSync();
    });
    this.map.set(Buffer.concat([key, name]), value);
  }

  private scheduleSync(): void {
    this.syncing = true;
    this.env.timers.setTimeout(() => void this.sync(), this.groupWindowMs);
  }

  private async sync(): Promise<void> {
    const batch = Buffer.concat(this.pending);
    const waiters = this.waiters;
    this.pending = [];
    this.waiters = [];
    this.env.fs.writeSync(this.fd, batch, 0, batch.length, this.offset);
    this.offset += batch.length;
    await this.env.fs.fsync(this.fd);
    for (const w of waiters) w();
    if (this.waiters.length > 0) this.scheduleSync();
    else this.syncing = false;
  }

  get(key: Buffer, name: Buffer): Buffer | undefined {
    return this.map.get(Buffer.concat([key, name]));
  }

  /** Up to `count` cells of `key` from `start`, forward or reverse. */
  slice(key: Buffer, start: Buffer, count: number, reversed: boolean): [Buffer, Buffer][] {
    const out: [Buffer, Buffer][] = [];
    const from = Buffer.concat([key, start]);
    const it = reversed ? this.map.entriesReversed(from) : this.map.entries(from);
    for (const [k, v] of it) {
      if (out.length >= count || !k.subarray(0, key.length).equals(key)) break;
      out.push([k, v]);
    }
    return out;
  }

  close(): void {
    this.env.fs.closeSync(this.fd);
  }
}

import type { Env } from '../env/index.js';
import { OverloadedError } from '../errors/index.js';
import type { StorageOptions } from './storage-options.js';
import { sleep } from './yield-budget.js';

/**
 * Bounds the memory writes may hold: memtable bytes of all tables plus writes admitted but not
 * yet applied (so a burst counts before it lands). Below memtableWriterSlowdownBytes a write is
 * admitted at once. Above it, `relieve` is asked to flush and the writer is delayed, more the
 * closer memory is to memtableWriterStopBytes; at that limit writers wait for flushes to free room
 * and fail with OverloadedError after memtableWriterStopTimeoutMs. The last check and the
 * reservation happen with no await between them, so concurrent writers cannot overshoot together.
 */
export class MemoryAdmission {
  private inflightBytes = 0;
  private memtableBytes = 0;
  private waiters: (() => void)[] = [];

  constructor(
    private readonly env: Env,
    private readonly options: StorageOptions,
    /** Starts a flush that will free memory (the largest memtable). */
    private readonly relieve: () => void,
    /** Throws if writes are no longer possible (engine failed or closing). */
    private readonly checkWritable: () => void,
  ) {}

  /** Memtable bytes plus admitted, unapplied writes. */
  get usedBytes(): number {
    return this.memtableBytes + this.inflightBytes;
  }

  /** True when a write of `size` bytes is admitted at once (it is then reserved). */
  tryAdmit(size: number): boolean {
    if (this.usedBytes + size >= this.options.memtableWriterSlowdownBytes) return false;
    this.inflightBytes += size;
    return true;
  }

  /** Admits a write of `size` bytes, waiting or failing per the limits. */
  async admit(size: number): Promise<void> {
    if (this.tryAdmit(size)) return;
    const o = this.options;
    this.relieve();
    const over = this.usedBytes - o.memtableWriterSlowdownBytes;
    if (over > 0) await sleep(this.env, Math.min(10, (10 * over) / Math.max(1, o.memtableWriterStopBytes - o.memtableWriterSlowdownBytes)));
    const deadlineNs = this.env.clock.monotonicNs() + BigInt(o.memtableWriterStopTimeoutMs) * 1_000_000n;
    while (this.usedBytes + size >= o.memtableWriterStopBytes && this.usedBytes > 0) {
      if (this.env.clock.monotonicNs() >= deadlineNs) {
        throw new OverloadedError(`memtables hold ${this.usedBytes} bytes, at memtableWriterStopBytes (${o.memtableWriterStopBytes}), and flushes did not free room within ${o.memtableWriterStopTimeoutMs} ms`);
      }
      await Promise.race([new Promise<void>((r) => this.waiters.push(r)), sleep(this.env, 20)]);
      this.checkWritable();
    }
    this.inflightBytes += size;
  }

  /** A write admitted with `size` bytes is done; `appliedBytes` of it landed in a memtable. */
  release(size: number, appliedBytes: number): void {
    this.inflightBytes -= size;
    this.memtableBytes += appliedBytes;
  }

  /** Sets memtable bytes from a recount (after a flush, truncate or replay) and wakes waiters. */
  recount(memtableBytes: number): void {
    this.memtableBytes = memtableBytes;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}

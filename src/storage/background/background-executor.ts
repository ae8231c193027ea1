import { Worker } from 'node:worker_threads';
import type { Env } from '../../env/index.js';
import { type BackgroundJob, type BackgroundResult, runBackgroundJob } from './background-job.js';
import { flushDataBytes, flushTransferList } from '../flush-job.js';

/** Where flush and compaction jobs run. */
export interface BackgroundExecutor {
  run<J extends BackgroundJob>(job: J): Promise<BackgroundResult<J>>;
  close(): Promise<void>;
}

/** On the calling thread, through the `Env` (simulated file systems, deterministic tests). */
export class InlineExecutor implements BackgroundExecutor {
  constructor(private readonly env: Env) {}
  run<J extends BackgroundJob>(job: J): Promise<BackgroundResult<J>> {
    return runBackgroundJob(this.env, job) as Promise<BackgroundResult<J>>;
  }
  async close(): Promise<void> {}
}

/**
 * In one worker thread on the real file system, started on first use; jobs run in order. The
 * worker is unreferenced while idle so it never keeps a process alive.
 */
/**
 * A flush this small runs on the calling thread: writing it costs less than a round trip to the
 * worker, and a node whose only flushes are the system tables' (a schema change flushes
 * system_schema, as Cassandra's) never starts the worker — at start-up that was ~300 ms of
 * module loading in the worker on the path to ready, and ~17 MiB of idle RSS (bench/start.ts).
 * Its one file sync stalls the event loop as briefly as the commit log's.
 */
export const INLINE_FLUSH_BYTES_MAX = 64 * 1024;

export class WorkerExecutor implements BackgroundExecutor {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (r: unknown) => void; reject: (e: Error) => void }>();

  constructor(private readonly env: Env) {}

  run<J extends BackgroundJob>(job: J): Promise<BackgroundResult<J>> {
    if (job.kind === 'flush' && flushDataBytes(job) <= INLINE_FLUSH_BYTES_MAX) return runBackgroundJob(this.env, job) as Promise<BackgroundResult<J>>;
    const w = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (r: unknown) => void, reject });
      w.ref();
      // A flush's chunks are handed over, not copied (they are not used here after).
      w.postMessage({ id, job }, job.kind === 'flush' ? flushTransferList(job) : []);
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(new URL('./background-worker.js', import.meta.url));
    w.on('message', (msg: { id: number; result?: unknown; error?: string }) => {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (this.pending.size === 0) w.unref();
      if (msg.result) p.resolve(msg.result);
      else p.reject(new Error(`background job failed in worker: ${msg.error}`));
    });
    w.on('error', (e) => this.failAll(e));
    w.on('exit', (code) => {
      this.worker = null;
      if (this.pending.size > 0) this.failAll(new Error(`background worker exited with code ${code}`));
    });
    w.unref();
    this.worker = w;
    return w;
  }

  private failAll(e: Error): void {
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}

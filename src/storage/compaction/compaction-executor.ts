import { Worker } from 'node:worker_threads';
import type { Env } from '../../env/index.js';
import { type CompactionJob, type CompactionResult, runCompactionJob } from './compaction-job.js';

/** Where compaction jobs run. */
export interface CompactionExecutor {
  run(job: CompactionJob): Promise<CompactionResult>;
  close(): Promise<void>;
}

/** On the calling thread, through the `Env` (simulated file systems, deterministic tests). */
export class InlineExecutor implements CompactionExecutor {
  constructor(private readonly env: Env) {}
  run(job: CompactionJob): Promise<CompactionResult> {
    return runCompactionJob(this.env, job);
  }
  async close(): Promise<void> {}
}

/** In one worker thread on the real file system, started on first use. */
export class WorkerExecutor implements CompactionExecutor {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (r: CompactionResult) => void; reject: (e: Error) => void }>();

  run(job: CompactionJob): Promise<CompactionResult> {
    const w = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      w.ref();
      w.postMessage({ id, job });
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(new URL('./compaction-worker.js', import.meta.url));
    w.on('message', (msg: { id: number; result?: CompactionResult; error?: string }) => {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (this.pending.size === 0) w.unref();
      if (msg.result) p.resolve(msg.result);
      else p.reject(new Error(`compaction failed in worker: ${msg.error}`));
    });
    w.on('error', (e) => this.failAll(e));
    w.on('exit', (code) => {
      this.worker = null;
      if (this.pending.size > 0) this.failAll(new Error(`compaction worker exited with code ${code}`));
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

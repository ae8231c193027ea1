/**
 * bcrypt on a worker thread (password-worker.ts) instead of the event loop: a login at cost 10
 * costs ~74 ms of CPU, which on the loop would stall every client that long per login (bcryptjs's
 * asynchronous form yields only every 100 ms) and cap a node at ~13 logins a second. On the worker
 * the loop keeps serving requests while passwords are checked, and logins use a core of their own.
 *
 * One worker, started at the first hash or check (unref'd: it never keeps the process alive) and
 * ended after `IDLE_MS` without work — a node that made its default role and sees no logins does
 * not keep a thread and its ~10 MB; tasks queue in order. A worker that dies fails what it had in
 * hand and is started again at the next task. `close()` ends it (IliumNode.close). The simulation keeps the in-process form
 * (password-hash.ts INLINE_BCRYPT): a thread would make it nondeterministic.
 */
import { Worker } from 'node:worker_threads';
import type { BcryptWork } from '../cql/auth/index.js';
import type { TimerHandle, Timers } from '../env/index.js';

/** How long an idle worker is kept for the next login. */
export const IDLE_MS = 30_000;
import type { PasswordAnswer, PasswordTask } from './password-worker.js';

type Pending = { readonly resolve: (v: string | boolean) => void; readonly reject: (e: Error) => void };
type Task = PasswordTask extends infer T ? (T extends PasswordTask ? Omit<T, 'id'> : never) : never;

export class WorkerBcrypt implements BcryptWork {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private closed = false;
  private idle: TimerHandle | undefined;
  /** Workers ended for idleness: their exit must not fail the tasks of the next one. */
  private readonly retired = new WeakSet<Worker>();

  constructor(private readonly timers: Timers) {}

  /** True while a worker thread runs (tests). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  hash(password: string, rounds: number): Promise<string> {
    return this.run({ op: 'hash', password, rounds }) as Promise<string>;
  }

  compare(password: string, hash: string): Promise<boolean> {
    return this.run({ op: 'compare', password, hash }) as Promise<boolean>;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.idle?.cancel();
    const w = this.worker;
    this.worker = undefined;
    if (w !== undefined) await w.terminate();
  }

  private run(task: Task): Promise<string | boolean> {
    if (this.closed) return Promise.reject(new Error('the password worker is closed'));
    const id = this.nextId++;
    this.idle?.cancel();
    this.idle = undefined;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.started().postMessage({ ...task, id });
    });
  }

  private stopIdle(w: Worker): void {
    this.idle = undefined;
    if (this.worker !== w || this.pending.size > 0) return;
    this.worker = undefined;
    this.retired.add(w);
    void w.terminate();
  }

  private started(): Worker {
    if (this.worker !== undefined) return this.worker;
    const w = new Worker(new URL('./password-worker.js', import.meta.url));
    w.unref();
    w.on('message', (a: PasswordAnswer) => {
      const p = this.pending.get(a.id);
      this.pending.delete(a.id);
      if ('error' in a) p?.reject(new Error(`bcrypt: ${a.error}`));
      else p?.resolve(a.result);
      if (this.pending.size === 0) this.idle = this.timers.setTimeout(() => this.stopIdle(w), IDLE_MS);
    });
    const fail = (e: Error): void => {
      if (this.retired.has(w)) return;
      if (this.worker === w) this.worker = undefined;
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`the password worker exited (code ${code})`)));
    this.worker = w;
    return w;
  }
}

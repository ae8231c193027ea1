/**
 * The audit log's files: lines appended to `<dir>/audit-<cycle>.log`, a new file each roll cycle
 * (UTC: `20261127-18` HOURLY, `20261127` DAILY, `20261127-1805` MINUTELY, Chronicle's cycle
 * names), the oldest files deleted once all of them pass `maxBytes` (never the file being
 * written). Lines queued by `append` are written together on the next turn of the event loop
 * (timers through the Env), so a request never waits on more than putting its line in the queue;
 * `flush` writes them at once and `close` flushes and closes. Appends only: no fsync per line.
 */
import type { AuditRollCycle } from '../../config/index.js';
import type { Env, TimerHandle } from '../../env/index.js';

const FILE = /^audit-(\d{8}(?:-\d{2,4})?)\.log$/;

export function cycleName(nowMs: number, cycle: AuditRollCycle): string {
  const d = new Date(nowMs);
  const two = (n: number) => String(n).padStart(2, '0');
  const day = `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}`;
  if (cycle === 'DAILY') return day;
  if (cycle === 'HOURLY') return `${day}-${two(d.getUTCHours())}`;
  return `${day}-${two(d.getUTCHours())}${two(d.getUTCMinutes())}`;
}

export class AuditFiles {
  private readonly sizes = new Map<string, number>();
  private total = 0;
  private current: { name: string; fd: number } | undefined;
  private queue: { line: string; nowMs: number }[] = [];
  private pending: TimerHandle | undefined;
  private closed = false;

  constructor(
    private readonly env: Env,
    readonly dir: string,
    private readonly cycle: AuditRollCycle,
    private readonly maxBytes: number,
    /** Told of a write that failed (the lines are dropped: the audit log never stops requests). */
    private readonly onError: (e: Error) => void = () => undefined,
  ) {
    env.fs.mkdirSync(dir);
    for (const name of env.fs.readdirSync(dir)) {
      if (!FILE.test(name)) continue;
      const size = env.fs.statSync(`${dir}/${name}`).size;
      this.sizes.set(name, size);
      this.total += size;
    }
  }

  /** Queues `line` (no newline) as written at `nowMs`. */
  append(line: string, nowMs: number): void {
    if (this.closed) return;
    this.queue.push({ line, nowMs });
    this.pending ??= this.env.timers.setImmediate(() => {
      this.pending = undefined;
      this.flush();
    });
  }

  /** Writes every queued line now. */
  flush(): void {
    const lines = this.queue;
    this.queue = [];
    let i = 0;
    try {
      while (i < lines.length) {
        const name = `audit-${cycleName(lines[i]!.nowMs, this.cycle)}.log`;
        let j = i;
        while (j < lines.length && `audit-${cycleName(lines[j]!.nowMs, this.cycle)}.log` === name) j++;
        this.write(name, Buffer.from(lines.slice(i, j).map((l) => `${l.line}\n`).join(''), 'utf8'));
        i = j;
      }
    } catch (e) {
      this.onError(e as Error);
    }
  }

  /** Flushes and closes; later appends are dropped. */
  close(): void {
    this.pending?.cancel();
    this.pending = undefined;
    this.flush();
    this.closed = true;
    if (this.current !== undefined) this.env.fs.closeSync(this.current.fd);
    this.current = undefined;
  }

  /** The audit files now in the directory, oldest first. */
  files(): string[] {
    return [...this.sizes.keys()].sort();
  }

  private write(name: string, bytes: Buffer): void {
    if (this.current?.name !== name) {
      if (this.current !== undefined) this.env.fs.closeSync(this.current.fd);
      this.current = undefined;
      this.current = { name, fd: this.env.fs.openSync(`${this.dir}/${name}`, 'a') };
      if (!this.sizes.has(name)) this.sizes.set(name, 0);
    }
    let off = 0;
    while (off < bytes.length) off += this.env.fs.writeSync(this.current.fd, bytes, off, bytes.length - off, null);
    this.sizes.set(name, (this.sizes.get(name) ?? 0) + bytes.length);
    this.total += bytes.length;
    this.trim();
  }

  /** Deletes the oldest files (never the current one) while the files pass maxBytes. */
  private trim(): void {
    for (const name of this.files()) {
      if (this.total <= this.maxBytes) return;
      if (name === this.current?.name) continue;
      this.env.fs.unlinkSync(`${this.dir}/${name}`);
      this.total -= this.sizes.get(name) ?? 0;
      this.sizes.delete(name);
    }
  }
}

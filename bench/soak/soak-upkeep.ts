/**
 * The soak's background work on the node, through nodetool's own code (`runNodetool`, in this
 * process: no process start per command) against the node's admin port, one command at a time.
 * After every window of load: `nodetool flush bench` (so SSTables pile up and size-tiered
 * compaction runs on its own: four flushes make a bucket), `nodetool tablestats bench.kv` (the
 * SSTable count the window line prints) and `nodetool info` (the V8 heap used and total, beside
 * the RSS: what grows when RSS grows); a third and two thirds of the way: `nodetool compact
 * bench`; halfway: `nodetool snapshot -t soak bench`; three quarters of the way: `nodetool
 * clearsnapshot -t soak`. A command that fails (exit code not 0) counts as an error.
 */
import { Writable } from 'node:stream';
import type { Env } from '../../src/env/index.js';
import { runNodetool } from '../../src/tools/nodetool/run-nodetool.js';

/** The commands due after window `k` (1-based) of `n`, each an argument list for nodetool. */
export function upkeepAfterWindow(k: number, n: number): string[][] {
  const due: string[][] = [['flush', 'bench']];
  if (k === Math.round(n / 3) || k === Math.round((2 * n) / 3)) due.push(['compact', 'bench']);
  if (k === Math.round(n / 2)) due.push(['snapshot', '-t', 'soak', 'bench']);
  if (k === Math.round((3 * n) / 4)) due.push(['clearsnapshot', '-t', 'soak']);
  due.push(['tablestats', 'bench.kv'], ['info']);
  return due;
}

/** Text written to a stream, kept. */
class Collect extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

export class SoakUpkeep {
  private queue: Promise<void> = Promise.resolve();
  errors = 0;
  firstError: string | undefined;
  /** The SSTable count `tablestats` last reported. */
  sstables: number | undefined;
  /** The heap `info` last reported: "used / total" MB. */
  heapMB: string | undefined;
  /** How many times each command ran successfully ("flush": 30, …). */
  readonly done = new Map<string, number>();

  constructor(
    private readonly env: Env,
    private readonly host: string,
    private readonly adminPort: number,
  ) {}

  /** Queues the commands due after window `k` of `n`. */
  afterWindow(k: number, n: number): void {
    for (const args of upkeepAfterWindow(k, n)) this.queue = this.queue.then(() => this.run(args));
  }

  /** Resolves once every queued command has finished. */
  settled(): Promise<void> {
    return this.queue;
  }

  private async run(args: readonly string[]): Promise<void> {
    const stdout = new Collect();
    const stderr = new Collect();
    const code = await runNodetool({ argv: ['-h', this.host, '-p', String(this.adminPort), ...args], env: this.env, stdout, stderr });
    if (code !== 0) {
      this.errors++;
      this.firstError ??= `nodetool ${args.join(' ')} exited with ${code}: ${stderr.text.trim()}`;
      return;
    }
    this.done.set(args[0]!, (this.done.get(args[0]!) ?? 0) + 1);
    const m = /SSTable count: (\d+)/.exec(stdout.text);
    if (m !== null) this.sstables = Number(m[1]);
    const heap = /Heap Memory \(MB\)\s*: ([\d.]+ \/ [\d.]+)/.exec(stdout.text);
    if (heap !== null) this.heapMB = heap[1];
  }
}

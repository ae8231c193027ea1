/**
 * Where a node's JavaScript UDFs run: one worker thread (javascript-worker.ts) with a capped V8
 * heap, called synchronously — the CQL executor evaluates functions synchronously, as it did with
 * node:vm in process — and ended whenever a call goes past a bound, so that a function can stall
 * the node for at most its fail timeout and can never take the node's memory:
 *
 *   time     the host waits at most the call's fail timeout for the answer, then ends the thread
 *            (its V8 isolate is terminated wherever the script is) and the call fails with
 *            Cassandra's timeout cause;
 *   memory   while it waits, the host samples the process's resident memory every SAMPLE_MS
 *            (from the first sample on: a call answered within SAMPLE_MS costs no sample);
 *            growth past `callBytesMax` ends the thread and fails the call
 *            ("…used more than N bytes of memory"). This covers the heap and ArrayBuffers alike
 *            (typed arrays live outside the V8 heap, which the thread's resourceLimits cap as a
 *            last resort: `heapMb`, after which Node ends the thread itself and the call fails at
 *            its timeout);
 *   kept     a thread whose isolate holds more than `retainedBytesMax` after a call (globals
 *            kept between calls) is replaced before the next call, whose functions are compiled
 *            again on the new thread;
 *   result   at most RESULT_CHARS_MAX characters of tagged JSON (javascript-sandbox.ts).
 *
 * A thread ended is replaced at once in the background (unref'd, as every thread here: none keeps
 * the process alive), so the next call rarely waits for its start; the functions it had compiled
 * are compiled again on their next call. Made by the node's assembly (IliumNode), which closes it.
 */
import { MessageChannel, type MessagePort, Worker, receiveMessageOnPort } from 'node:worker_threads';
import { SIGNAL_ANSWER, SIGNAL_READY, SIGNAL_REQUEST, SIGNAL_SLOTS, type WorkerAnswer } from './javascript-worker.js';
import type { SandboxRequest } from './javascript-sandbox.js';

export interface JavascriptLimits {
  /** How much the process's resident memory may grow during one call. */
  readonly callBytesMax: number;
  /** What the thread's isolate may keep between calls (heap used plus ArrayBuffers). */
  readonly retainedBytesMax: number;
  /** The thread's V8 heap cap (old generation), a last resort above `callBytesMax`. */
  readonly heapMb: number;
}

export const DEFAULT_JAVASCRIPT_LIMITS: JavascriptLimits = Object.freeze({ callBytesMax: 64 * 1024 * 1024, retainedBytesMax: 96 * 1024 * 1024, heapMb: 256 });

/** How often a waiting host looks at the process's memory (each look costs ~8 µs). */
export const SAMPLE_MS = 2;
/** How long a thread may take to start before the call that needs it fails. */
const START_MS_MAX = 10_000;

/** Why a call failed: the cause text, as Cassandra's messages print it. */
export type HostFailure = { readonly kind: 'timeout' } | { readonly kind: 'memory' } | { readonly kind: 'error'; readonly text: string; readonly compile: boolean };

export class JavascriptHostFailure extends Error {
  constructor(readonly failure: HostFailure) {
    super(failure.kind === 'error' ? failure.text : failure.kind);
  }
}

/** A function as the host compiles it: its id (unique in the host) and its body. */
export interface HostedFunction {
  readonly id: number;
  readonly name: string;
  readonly source: string;
}

interface Thread {
  readonly worker: Worker;
  readonly port: MessagePort;
  readonly signals: Int32Array;
  /** Functions compiled on this thread (it may have dropped some since: it answers `missing`). */
  readonly compiled: Set<number>;
  /** It keeps more than retainedBytesMax: replaced before the next call (not during this one, which may still need it). */
  spent: boolean;
}

export class JavascriptHost {
  private thread: Thread | undefined;
  private nextId = 0;
  private closed = false;
  /** Threads started, for tests and metrics. */
  threadsStarted = 0;

  constructor(readonly limits: JavascriptLimits = DEFAULT_JAVASCRIPT_LIMITS) {}

  /** A new function id (one per function definition). */
  newId(): number {
    return this.nextId++;
  }

  /** Compiles `fn`; JavascriptHostFailure (kind error, compile) when it is not JavaScript. */
  compile(fn: HostedFunction, timeoutMs: number): void {
    const t = this.running();
    this.ask(t, { op: 'compile', id: fn.id, name: fn.name, source: fn.source }, timeoutMs);
    t.compiled.add(fn.id);
  }

  /** The tagged JSON of `fn`'s result for `args` (tagged JSON); JavascriptHostFailure when the call fails. */
  call(fn: HostedFunction, args: string, timeoutMs: number): string {
    const t = this.running();
    if (!t.compiled.has(fn.id)) this.compile(fn, timeoutMs);
    let answer = this.ask(t, { op: 'call', id: fn.id, args }, timeoutMs);
    if (answer.kind === 'missing') {
      this.compile(fn, timeoutMs);
      answer = this.ask(t, { op: 'call', id: fn.id, args }, timeoutMs);
    }
    if (answer.kind !== 'result') throw new JavascriptHostFailure({ kind: 'error', text: answer.kind === 'error' ? answer.text : `function ${fn.name} is not compiled`, compile: false });
    return answer.json;
  }

  /** Ends the thread; later calls fail. */
  async close(): Promise<void> {
    this.closed = true;
    const t = this.thread;
    this.thread = undefined;
    if (t !== undefined) await t.worker.terminate();
  }

  /** True while a thread is kept for the next call (tests). */
  get threadKept(): boolean {
    return this.thread !== undefined;
  }

  private ask(t: Thread, request: SandboxRequest, timeoutMs: number): WorkerAnswer {
    t.port.postMessage(request);
    Atomics.store(t.signals, SIGNAL_REQUEST, 1);
    Atomics.notify(t.signals, SIGNAL_REQUEST);
    const failure = this.waitForAnswer(t, timeoutMs);
    if (failure !== undefined) {
      this.retire(t);
      throw new JavascriptHostFailure(failure);
    }
    Atomics.store(t.signals, SIGNAL_ANSWER, 0);
    const answer = receiveMessageOnPort(t.port)?.message as WorkerAnswer | undefined;
    if (answer === undefined) {
      this.retire(t);
      throw new JavascriptHostFailure({ kind: 'error', text: 'the function sandbox answered nothing', compile: false });
    }
    if (answer.retainedBytes > this.limits.retainedBytesMax) t.spent = true;
    if (answer.kind === 'error' && answer.compile === true) throw new JavascriptHostFailure({ kind: 'error', text: answer.text, compile: true });
    return answer;
  }

  /** Waits for the answer: undefined when it came, else why the thread must end. */
  private waitForAnswer(t: Thread, timeoutMs: number): HostFailure | undefined {
    const started = performance.now();
    if (signalled(t.signals, SIGNAL_ANSWER, SAMPLE_MS)) return undefined;
    // Slower than a sample: from here the wait is in samples, each looking at the process's memory.
    const rssBefore = process.memoryUsage.rss();
    for (;;) {
      const leftMs = timeoutMs - (performance.now() - started);
      if (leftMs <= 0) return { kind: 'timeout' };
      if (signalled(t.signals, SIGNAL_ANSWER, Math.min(SAMPLE_MS, leftMs))) return undefined;
      if (process.memoryUsage.rss() - rssBefore > this.limits.callBytesMax) return { kind: 'memory' };
    }
  }

  private running(): Thread {
    if (this.closed) throw new JavascriptHostFailure({ kind: 'error', text: 'the node is closing: JavaScript functions no longer run', compile: false });
    let t = this.thread ?? this.start();
    if (t.spent) {
      this.retire(t);
      t = this.thread ?? this.start();
    }
    if (!readyWithin(t.signals, START_MS_MAX)) {
      this.retire(t);
      throw new JavascriptHostFailure({ kind: 'error', text: `the function sandbox did not start within ${START_MS_MAX}ms`, compile: false });
    }
    return t;
  }

  /** Ends `t` and starts its successor in the background. */
  private retire(t: Thread): void {
    void t.worker.terminate();
    t.port.close();
    if (this.thread === t) this.thread = undefined;
    if (!this.closed) this.start();
  }

  private start(): Thread {
    const signals = new SharedArrayBuffer(SIGNAL_SLOTS * Int32Array.BYTES_PER_ELEMENT);
    const { port1, port2 } = new MessageChannel();
    const worker = new Worker(new URL('./javascript-worker.js', import.meta.url), {
      workerData: { signals, port: port2 },
      transferList: [port2],
      resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    worker.unref();
    // A thread Node ends during a call (its heap cap) is noticed by the call waiting on it, at its timeout.
    worker.on('error', () => undefined);
    const t: Thread = { worker, port: port1, signals: new Int32Array(signals), compiled: new Set(), spent: false };
    // A thread that ended between calls is not waited on by the next one.
    worker.on('exit', () => {
      if (this.thread === t) this.thread = undefined;
    });
    this.thread = t;
    this.threadsStarted++;
    return t;
  }
}

/**
 * Whether `slot` is set, waiting up to `ms` for it. Atomics.wait's own answer is not trusted: it
 * also returns "ok" when the isolate is woken for an interrupt (seen in a running node: a call
 * "answered" with no answer posted), so the slot itself is read.
 */
function signalled(signals: Int32Array, slot: number, ms: number): boolean {
  Atomics.wait(signals, slot, 0, ms);
  return Atomics.load(signals, slot) !== 0;
}

function readyWithin(signals: Int32Array, ms: number): boolean {
  const deadline = performance.now() + ms;
  for (let left = ms; left > 0; left = deadline - performance.now()) {
    if (signalled(signals, SIGNAL_READY, left)) return true;
  }
  return Atomics.load(signals, SIGNAL_READY) !== 0;
}

/**
 * The worker thread javascript-host.ts starts: it runs JavaScript UDF bodies (javascript-sandbox.ts)
 * one request at a time, never returning to its event loop. The host and the thread share four
 * int32 slots (SIGNAL_*): the host posts a request on the port, sets REQUEST and wakes the thread;
 * the thread answers on the port, sets ANSWER and wakes the host, which waits with Atomics.wait
 * (a UDF call is synchronous for the CQL executor, as it was with node:vm in process). READY is
 * set once, when the thread starts waiting for requests.
 *
 * Each answer carries what the thread's isolate holds after the call (`retainedBytes`: V8 heap
 * used plus external memory: ArrayBuffers, which live outside the heap), so the host can retire a thread whose
 * functions keep memory across calls.
 */
import v8 from 'node:v8';
import { type MessagePort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { JavascriptSandbox, type SandboxAnswer, type SandboxRequest } from './javascript-sandbox.js';

export const SIGNAL_REQUEST = 0;
export const SIGNAL_ANSWER = 1;
export const SIGNAL_READY = 2;
export const SIGNAL_SLOTS = 4;

export interface WorkerSetup {
  readonly signals: SharedArrayBuffer;
  readonly port: MessagePort;
}

export type WorkerAnswer = SandboxAnswer & { readonly retainedBytes: number };

function serve(setup: WorkerSetup): void {
  const signals = new Int32Array(setup.signals);
  const sandbox = new JavascriptSandbox();
  Atomics.store(signals, SIGNAL_READY, 1);
  Atomics.notify(signals, SIGNAL_READY);
  for (;;) {
    Atomics.wait(signals, SIGNAL_REQUEST, 0);
    Atomics.store(signals, SIGNAL_REQUEST, 0);
    const received = receiveMessageOnPort(setup.port);
    if (received === undefined) continue;
    const answer = sandbox.handle(received.message as SandboxRequest);
    // V8's own figures (~0.7 µs), not process.memoryUsage() (~13 µs: it reads the process's RSS too).
    const heap = v8.getHeapStatistics();
    setup.port.postMessage({ ...answer, retainedBytes: heap.used_heap_size + heap.external_memory } satisfies WorkerAnswer);
    Atomics.store(signals, SIGNAL_ANSWER, 1);
    Atomics.notify(signals, SIGNAL_ANSWER);
  }
}

if (workerData !== null && typeof workerData === 'object' && 'signals' in workerData) serve(workerData as WorkerSetup);

/**
 * bench:flush-handoff — what handing a flush's serialized memtable to the background worker holds
 * the event loop for, by size: the way before 2026-11-28 (the whole flush in one buffer: a final
 * copy of it, then postMessage's structured clone of it) against the way now (1 MiB chunks on
 * ArrayBuffers of their own, transferred: src/storage/flush-job.ts). Each figure is the
 * synchronous time on the calling thread, the best of `--rounds`; the worker answers each message
 * so rounds do not overlap.
 *
 *   node dist/bench/flush-handoff.js [--sizes=15,45] [--rounds=5]
 *
 * The last line of stdout is one JSON object.
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { CHUNK_BYTES } from '../src/storage/flush-job.js';

const { values: args } = parseArgs({ options: { sizes: { type: 'string', default: '15,45' }, rounds: { type: 'string', default: '5' } } });
const worker = new Worker('require("node:worker_threads").parentPort.on("message", (m) => require("node:worker_threads").parentPort.postMessage(0));', { eval: true });
const answered = () => new Promise((resolve) => worker.once('message', resolve));

const results: { mib: number; copyMs: number; cloneMs: number; transferMs: number }[] = [];
for (const mib of args.sizes.split(',').map(Number)) {
  let copyMs = Infinity;
  let cloneMs = Infinity;
  let transferMs = Infinity;
  for (let r = 0; r < Number(args.rounds); r++) {
    const whole = Buffer.alloc(mib << 20, r);
    let t = performance.now();
    const copy = Buffer.from(whole);
    copyMs = Math.min(copyMs, performance.now() - t);
    t = performance.now();
    worker.postMessage({ data: copy });
    cloneMs = Math.min(cloneMs, performance.now() - t);
    await answered();
    const chunks = Array.from({ length: Math.ceil((mib << 20) / CHUNK_BYTES) }, () => Buffer.allocUnsafeSlow(CHUNK_BYTES).fill(r));
    t = performance.now();
    worker.postMessage({ data: chunks }, chunks.map((c) => c.buffer as ArrayBuffer));
    transferMs = Math.min(transferMs, performance.now() - t);
    await answered();
  }
  results.push({ mib, copyMs, cloneMs, transferMs });
  process.stdout.write(`${mib} MiB flush: before, final copy ${copyMs.toFixed(1)} ms + postMessage clone ${cloneMs.toFixed(1)} ms on the loop; now, transfer of ${Math.ceil((mib << 20) / CHUNK_BYTES)} chunks ${transferMs.toFixed(2)} ms\n`);
}
await worker.terminate();
process.stdout.write(`${JSON.stringify({ bench: 'flush-handoff', date: new Date().toISOString(), results })}\n`);

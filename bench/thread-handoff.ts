/**
 * bench:handoff — what it costs to hand a request from one thread to another in Node, the price of
 * any multi-core node design (docs/design/multicore.md). A small request (64 bytes) goes from the
 * main thread to a worker thread, which does a token's worth of work (a Map update keyed by the
 * request) and answers with 16 bytes. Variants, each against the same work done inline in the
 * same run:
 *
 * - `inline`: the work on the calling thread (the floor: no hand-off).
 * - `post-1`: postMessage there and back, one request at a time (latency of a hop).
 * - `post-128`: postMessage, 128 requests in flight (a busy shard's queue).
 * - `post-batch`: 128 in flight, sent in messages of 32 (hand-offs amortised by batching).
 * - `sab-ring`: two SharedArrayBuffer rings of fixed 64-byte slots, the worker blocked in
 *   Atomics.wait when idle, the main thread woken by Atomics.waitAsync; 128 in flight.
 *
 * For each: requests/s, the main thread's busy time per request (event-loop utilisation × wall /
 * requests: what a hand-off costs the thread that would otherwise serve the request), the worker's,
 * and the ratio of the main thread's cost to `inline`. Variants take turns for `--rounds`, each
 * `--ms` long; medians.
 *
 *   node dist/bench/thread-handoff.js [--rounds=5 --ms=1000]
 *
 * Progress on stderr; the last line of stdout is one JSON object.
 */
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, ms: { type: 'string', default: '1000' } } });
const ROUNDS = Number(args.rounds);
const MS = Number(args.ms);
const IN_FLIGHT = 128;
const BATCH = 32;
const REQUEST_BYTES = 64;
const SLOTS = 1024;

/** The work a request does on whichever thread runs it: a token's worth of map update. */
const WORK = `
function work(map, bytes) {
  const key = bytes[0] | (bytes[1] << 8) | (bytes[2] << 16);
  map.set(key, (map.get(key) ?? 0) + bytes[3]);
  return key;
}`;

/** The worker: answers postMessage requests (single or batched) and serves the shared rings. */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
${WORK}
const map = new Map();
parentPort.on('message', (m) => {
  if (m.kind === 'one') {
    const key = work(map, m.bytes);
    const reply = new Uint8Array(16); reply[0] = key & 0xff;
    parentPort.postMessage({ id: m.id, reply });
  } else if (m.kind === 'batch') {
    const replies = m.items.map((it) => { const key = work(map, it.bytes); const r = new Uint8Array(16); r[0] = key & 0xff; return { id: it.id, reply: r }; });
    parentPort.postMessage({ kind: 'batch', replies });
  } else if (m.kind === 'ring') {
    serveRing(m.req, m.res, m.stop);
  }
});
function serveRing(reqBuf, resBuf, stopBuf) {
  const req = new Int32Array(reqBuf, 0, 2), reqData = new Uint8Array(reqBuf, 8);
  const res = new Int32Array(resBuf, 0, 2), resData = new Uint8Array(resBuf, 8);
  const stop = new Int32Array(stopBuf);
  let head = 0;
  for (;;) {
    let tail = Atomics.load(req, 1);
    if (head === tail) {
      if (Atomics.load(stop, 0) === 1) break;
      Atomics.wait(req, 1, tail, 50);
      continue;
    }
    while (head !== tail) {
      const slot = (head % ${SLOTS}) * ${REQUEST_BYTES};
      const key = work(map, reqData.subarray(slot, slot + ${REQUEST_BYTES}));
      const out = Atomics.load(res, 1);
      const rslot = (out % ${SLOTS}) * 16;
      resData[rslot] = key & 0xff;
      new DataView(resBuf, 8 + rslot + 8, 4).setUint32(0, new DataView(reqBuf, 8 + slot + 60, 4).getUint32(0, true), true);
      Atomics.store(res, 1, out + 1);
      Atomics.notify(res, 1);
      head++;
      Atomics.store(req, 0, head);
    }
  }
  parentPort.postMessage({ kind: 'ring-stopped' });
}`;

interface Sample {
  readonly perSecond: number;
  /** Main-thread busy µs per request. */
  readonly mainUs: number;
  /** Worker busy µs per request (0 for inline). */
  readonly workerUs: number;
  /** Round-trip µs (post-1 only; else 0). */
  readonly roundTripUs: number;
}

type Variant = (worker: Worker) => Promise<Sample>;

function requestBytes(i: number): Uint8Array {
  const b = new Uint8Array(REQUEST_BYTES);
  b[0] = i & 0xff;
  b[1] = (i >> 8) & 0xff;
  b[2] = (i >> 16) & 0x0f;
  b[3] = 1;
  return b;
}

// The same work function the worker compiles, here for the inline floor.
const work = new Function(`${WORK}; return work;`)() as (map: Map<number, number>, bytes: Uint8Array) => number;

/** Runs `drive` for MS and reports what the two threads spent. */
async function measure(worker: Worker, drive: (until: number) => Promise<number>, roundTrip = false): Promise<Sample> {
  const elu0 = performance.eventLoopUtilization();
  const welu0 = worker.performance.eventLoopUtilization();
  const t0 = performance.now();
  const done = await drive(t0 + MS);
  const wall = performance.now() - t0;
  const elu = performance.eventLoopUtilization(elu0);
  const welu = worker.performance.eventLoopUtilization(welu0);
  return {
    perSecond: (done * 1000) / wall,
    mainUs: (elu.active * 1000) / done,
    workerUs: (welu.active * 1000) / done,
    roundTripUs: roundTrip ? (wall * 1000) / done : 0,
  };
}

const inline: Variant = async (worker) => {
  const map = new Map<number, number>();
  const requests = Array.from({ length: 4096 }, (_, i) => requestBytes(i));
  return measure(worker, async (until) => {
    let n = 0;
    // Chunks of 4096 with a yield between, so event-loop utilisation sees the loop as busy.
    while (performance.now() < until) {
      for (let i = 0; i < 4096; i++) {
        const key = work(map, requests[i]!);
        const reply = new Uint8Array(16);
        reply[0] = key & 0xff;
        n++;
      }
      await new Promise((r) => setImmediate(r));
    }
    return n;
  });
};

/**
 * The postMessage closed loop: `messages` in flight, each carrying `batch` requests (a single
 * request as `one`, more as a `batch`); each answer sends the next until `until`. Resolves with the
 * requests answered.
 */
function postLoop(worker: Worker, until: number, batch: number, messages: number): Promise<number> {
  return new Promise<number>((resolve) => {
    let sent = 0;
    let done = 0;
    let stopping = false;
    const send = (): void => {
      if (batch === 1) {
        worker.postMessage({ kind: 'one', id: sent, bytes: requestBytes(sent) });
        sent++;
        return;
      }
      const items = Array.from({ length: batch }, () => ({ id: sent, bytes: requestBytes(sent++) }));
      worker.postMessage({ kind: 'batch', items });
    };
    const onMessage = (m: { kind?: string; reply?: Uint8Array; replies?: { reply: Uint8Array }[] }): void => {
      const replies = m.replies ?? [m as { reply: Uint8Array }];
      if (replies.some((r) => r.reply.length !== 16)) throw new Error('bad reply');
      done += replies.length;
      if (!stopping && performance.now() >= until) stopping = true;
      if (!stopping) send();
      else if (done === sent) {
        worker.off('message', onMessage);
        resolve(done);
      }
    };
    worker.on('message', onMessage);
    for (let i = 0; i < messages; i++) send();
  });
}

function postVariant(inFlight: number, roundTrip: boolean): Variant {
  return (worker) => measure(worker, (until) => postLoop(worker, until, 1, inFlight), roundTrip);
}

const postBatch: Variant = (worker) => measure(worker, (until) => postLoop(worker, until, BATCH, IN_FLIGHT / BATCH));

const sabRing: Variant = async (worker) => {
  const reqBuf = new SharedArrayBuffer(8 + SLOTS * REQUEST_BYTES);
  const resBuf = new SharedArrayBuffer(8 + SLOTS * 16);
  const stopBuf = new SharedArrayBuffer(4);
  const req = new Int32Array(reqBuf, 0, 2);
  const reqData = new Uint8Array(reqBuf, 8);
  const res = new Int32Array(resBuf, 0, 2);
  const stopped = new Promise<void>((resolve) => {
    const onMessage = (m: { kind: string }): void => {
      if (m.kind === 'ring-stopped') {
        worker.off('message', onMessage);
        resolve();
      }
    };
    worker.on('message', onMessage);
  });
  worker.postMessage({ kind: 'ring', req: reqBuf, res: resBuf, stop: stopBuf });
  const sample = await measure(worker, async (until) => {
    let sent = 0;
    let read = 0;
    const push = (): void => {
      const slot = (sent % SLOTS) * REQUEST_BYTES;
      reqData.set(requestBytes(sent), slot);
      new DataView(reqBuf, 8 + slot + 60, 4).setUint32(0, sent, true);
      sent++;
      Atomics.store(req, 1, sent);
    };
    for (let i = 0; i < IN_FLIGHT; i++) push();
    Atomics.notify(req, 1);
    for (;;) {
      const got = Atomics.load(res, 1);
      if (got === read) {
        const w = waitAsync(res, 1, read, 100);
        if (w.async) await w.value;
        continue;
      }
      const stopping = performance.now() >= until;
      while (read < got) {
        read++;
        if (!stopping) push();
      }
      if (!stopping) Atomics.notify(req, 1);
      else if (read === sent) return read;
    }
  });
  Atomics.store(new Int32Array(stopBuf), 0, 1);
  Atomics.notify(req, 1);
  await stopped;
  return sample;
};

/** Atomics.waitAsync (V8 has it since Node 16; TypeScript's lib types it from es2024 on). */
function waitAsync(array: Int32Array, index: number, value: number, timeoutMs: number): { async: boolean; value: Promise<string> | string } {
  return (Atomics as unknown as { waitAsync: typeof waitAsync }).waitAsync(array, index, value, timeoutMs);
}

const VARIANTS: readonly (readonly [string, Variant])[] = [
  ['inline', inline],
  ['post-1', postVariant(1, true)],
  ['post-128', postVariant(IN_FLIGHT, false)],
  ['post-batch', postBatch],
  ['sab-ring', sabRing],
];

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function main(): Promise<void> {
  const worker = new Worker(WORKER_SOURCE, { eval: true });
  await new Promise<void>((resolve) => worker.once('online', () => resolve()));
  const samples = new Map<string, Sample[]>(VARIANTS.map(([name]) => [name, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    const order = round % 2 === 1 ? VARIANTS : [...VARIANTS].reverse();
    for (const [name, variant] of order) {
      const s = await variant(worker);
      samples.get(name)!.push(s);
      process.stderr.write(`round ${round}/${ROUNDS} ${name.padEnd(10)} ${Math.round(s.perSecond).toLocaleString('en-US')}/s, main ${s.mainUs.toFixed(2)} µs/req, worker ${s.workerUs.toFixed(2)} µs/req\n`);
    }
  }
  await worker.terminate();
  const result: Record<string, Record<string, number>> = {};
  const floor = median(samples.get('inline')!.map((s) => s.mainUs));
  console.log(`hand-off of a ${REQUEST_BYTES}-byte request to a worker thread and back (medians of ${ROUNDS} rounds of ${MS} ms)`);
  console.log('variant     requests/s   main µs/req  worker µs/req  round trip µs  main cost / inline');
  for (const [name] of VARIANTS) {
    const ss = samples.get(name)!;
    const r = {
      perSecond: Math.round(median(ss.map((s) => s.perSecond))),
      mainUs: Number(median(ss.map((s) => s.mainUs)).toFixed(3)),
      workerUs: Number(median(ss.map((s) => s.workerUs)).toFixed(3)),
      roundTripUs: Number(median(ss.map((s) => s.roundTripUs)).toFixed(1)),
    };
    result[name] = { ...r, mainVsInline: Number((r.mainUs / floor).toFixed(1)) };
    console.log(
      `${name.padEnd(10)} ${String(r.perSecond).padStart(11)} ${r.mainUs.toFixed(2).padStart(13)} ${r.workerUs.toFixed(2).padStart(14)} ${(r.roundTripUs === 0 ? '' : r.roundTripUs.toFixed(1)).padStart(14)} ${(r.mainUs / floor).toFixed(1).padStart(19)}×`,
    );
  }
  console.log(JSON.stringify({ bench: 'thread-handoff', rounds: ROUNDS, ms: MS, inFlight: IN_FLIGHT, batch: BATCH, ...result }));
}

await main();

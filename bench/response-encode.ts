/**
 * bench:response-encode — what encoding a RESULT frame costs the server's event loop, in one
 * process: ns per frame of a one-row result (bench:cql's read: one 90-byte blob), the server's
 * path (`encodeResponseSteps`, complete at its first step); and a 200,000-row page of one int
 * column (the reliability test's page), its number of steps and its longest step. With
 * `--before=DIR` (another built checkout; DIR holds its `dist/`), the same one-row frames through
 * that build's `encodeResponseFrame`, measured in alternating rounds: before/after for a change.
 * Rounds report the fastest and the median; on a shared machine the fastest is the cost.
 *
 *   node dist/bench/response-encode.js [--rounds=15] [--frames=300000] [--before=DIR]
 *
 * Last line: one JSON object.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { type ResponseEnvelope, type ResultMessage, encodeResponseSteps } from '../src/transport/protocol/index.js';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '15' }, frames: { type: 'string', default: '300000' }, before: { type: 'string' } } });
const ROUNDS = Number(args.rounds);
const FRAMES = Number(args.frames);
const PAGE_ROWS = 200_000;

type Encode = (env: ResponseEnvelope) => Buffer;

const small: ResultMessage = {
  kind: 'rows',
  metadata: { columns: [{ keyspace: 'bench', table: 'kv', name: 'v', type: { kind: 'native', name: 'blob' } }] },
  rows: [[Buffer.alloc(90, 0x61)]],
};

function page(): ResultMessage {
  const rows: Buffer[][] = [];
  for (let i = 0; i < PAGE_ROWS; i++) {
    const b = Buffer.allocUnsafe(4);
    b.writeInt32BE(i);
    rows.push([b]);
  }
  return { kind: 'rows', metadata: { columns: [{ keyspace: 'ks', table: 'wide', name: 'c', type: { kind: 'native', name: 'int' } }] }, rows };
}

/** This build's server path: the first step completes a small frame. */
const firstStep: Encode = (env) => {
  const step = encodeResponseSteps(env).next();
  if (step.done !== true) throw new Error('a one-row result took more than one step');
  return step.value;
};

function nsPerFrame(encode: Encode): number {
  let bytes = 0;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < FRAMES; i++) bytes += encode({ version: 4, stream: i & 0x7fff, response: { opcode: 'RESULT', result: small }, skipMetadata: true }).length;
  if (bytes === 0) throw new Error('no bytes');
  return Number(process.hrtime.bigint() - t0) / FRAMES;
}

/** The page's steps: how many, the longest and the total, in ms. */
function pageSteps(result: ResultMessage): { steps: number; longestMs: number; totalMs: number; bytes: number } {
  const steps = encodeResponseSteps({ version: 4, stream: 1, response: { opcode: 'RESULT', result } });
  let longestMs = 0;
  let totalMs = 0;
  for (let n = 1; ; n++) {
    const t0 = performance.now();
    const step = steps.next();
    const ms = performance.now() - t0;
    longestMs = Math.max(longestMs, ms);
    totalMs += ms;
    if (step.done === true) return { steps: n, longestMs, totalMs, bytes: step.value.length };
  }
}

const summary = (xs: number[]): { fastest: number; median: number } => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { fastest: Math.round(sorted[0]!), median: Math.round(sorted[Math.floor(sorted.length / 2)]!) };
};

async function main(): Promise<void> {
  let before: Encode | undefined;
  if (args.before !== undefined) {
    const lib = (await import(pathToFileURL(resolve(args.before, 'dist/src/transport/protocol/index.js')).href)) as { encodeResponseFrame: Encode };
    before = lib.encodeResponseFrame;
  }
  const after: number[] = [];
  const previous: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    if (before !== undefined && r % 2 === 1) previous.push(nsPerFrame(before));
    after.push(nsPerFrame(firstStep));
    if (before !== undefined && r % 2 === 0) previous.push(nsPerFrame(before));
  }
  const result = page();
  const pages = Array.from({ length: 5 }, () => pageSteps(result));
  const last = pages[pages.length - 1]!;
  const out = {
    oneRowFrameNs: summary(after),
    ...(before === undefined ? {} : { beforeOneRowFrameNs: summary(previous) }),
    page: { rows: PAGE_ROWS, bytes: last.bytes, steps: last.steps, longestStepMs: summary(pages.map((p) => p.longestMs * 1000)).fastest / 1000, totalMs: summary(pages.map((p) => p.totalMs * 1000)).fastest / 1000 },
  };
  console.log(`one-row RESULT frame: ${out.oneRowFrameNs.fastest} ns (median ${out.oneRowFrameNs.median})` + (out.beforeOneRowFrameNs === undefined ? '' : `; before: ${out.beforeOneRowFrameNs.fastest} ns (median ${out.beforeOneRowFrameNs.median})`));
  console.log(`page of ${PAGE_ROWS} rows (${last.bytes} bytes): ${last.steps} steps, the longest ${out.page.longestStepMs} ms, ${out.page.totalMs} ms in all (fastest of 5)`);
  console.log(JSON.stringify(out));
}

await main();

/**
 * bench:thrift-reply-encode — what encoding a Thrift reply costs the server's event loop, in one
 * process: ns per reply frame of a get_slice of 1 and of 50 columns, the server's path (the
 * result struct's `writeSteps`, complete at its first step, then the frame's length); and the
 * get_range_slices reply of the reliability test (20,001 KeySlices: 20,000 of 3 columns, one of
 * 100), its number of steps, its longest step and its total. With `--before=DIR` (another built
 * checkout; DIR holds its `dist/`), the same small replies through that build's `write` in one
 * go, measured in alternating rounds: before/after for a change. Rounds report the fastest and
 * the median; on a shared machine the fastest is the cost.
 *
 *   node dist/bench/thrift-reply-encode.js [--rounds=15] [--replies=200000] [--before=DIR]
 *
 * Last line: one JSON object.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { type CompiledIdl, type MethodCodec } from '../src/thrift/idl/struct-codec.js';
import { loadCassandraIdl } from '../src/thrift/idl/cassandra-idl.js';
import { MessageType, ThriftWriter } from '../src/transport/thrift/index.js';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '15' }, replies: { type: 'string', default: '200000' }, before: { type: 'string' } } });
const ROUNDS = Number(args.rounds);
const REPLIES = Number(args.replies);

type Encode = (m: MethodCodec, success: unknown) => Buffer;

const column = (name: string) => ({ column: { name: Buffer.from(name), value: Buffer.alloc(20, 0x61), timestamp: 1_795_000_000_000_000n } });
const slices = { one: [column('c0')], fifty: Array.from({ length: 50 }, (_, i) => column(`c${String(i).padStart(2, '0')}`)) };
const keySlices = Array.from({ length: 20_001 }, (_, i) =>
  i === 20_000 ? { key: Buffer.from('wide'), columns: Array.from({ length: 100 }, (_, j) => column(`c${j}`)) } : { key: Buffer.from(`r${i}`), columns: [column('x'), column('y'), column('z')] },
);

/** This build's server path: the first step completes a small reply. */
const firstStep: Encode = (m, success) => {
  const w = new ThriftWriter().frame().messageBegin(m.name, MessageType.REPLY, 7);
  if (m.result.writeSteps(w, { success }).next().done !== true) throw new Error('a small reply took more than one step');
  return w.finishFrame();
};

/** A build's write in one go (before this change, the server's path). */
const inOneGo = (writer: typeof ThriftWriter): Encode => (m, success) => {
  const w = new writer().frame().messageBegin(m.name, MessageType.REPLY, 7);
  m.result.write(w, { success });
  return w.finishFrame();
};

function nsPerReply(encode: Encode, m: MethodCodec, success: unknown): number {
  let bytes = 0;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < REPLIES; i++) bytes += encode(m, success).length;
  if (bytes === 0) throw new Error('no bytes');
  return Number(process.hrtime.bigint() - t0) / REPLIES;
}

/** The large reply's steps: how many, the longest and the total, in ms. */
function replySteps(m: MethodCodec): { steps: number; longestMs: number; totalMs: number; bytes: number } {
  const w = new ThriftWriter().frame().messageBegin(m.name, MessageType.REPLY, 7);
  const steps = m.result.writeSteps(w, { success: keySlices });
  let longestMs = 0;
  let totalMs = 0;
  for (let n = 1; ; n++) {
    const t0 = performance.now();
    const step = steps.next();
    const frame = step.done === true ? w.finishFrame() : undefined;
    const ms = performance.now() - t0;
    longestMs = Math.max(longestMs, ms);
    totalMs += ms;
    if (frame !== undefined) return { steps: n, longestMs, totalMs, bytes: frame.length };
  }
}

const summary = (xs: number[]): { fastest: number; median: number } => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { fastest: Math.round(sorted[0]!), median: Math.round(sorted[Math.floor(sorted.length / 2)]!) };
};

async function main(): Promise<void> {
  const idl = loadCassandraIdl();
  const getSlice = idl.methods.get('get_slice')!;
  let before: { idl: CompiledIdl; encode: Encode } | undefined;
  if (args.before !== undefined) {
    const dist = resolve(args.before, 'dist/src');
    const lib = (await import(pathToFileURL(`${dist}/thrift/idl/cassandra-idl.js`).href)) as { loadCassandraIdl: typeof loadCassandraIdl };
    const transport = (await import(pathToFileURL(`${dist}/transport/thrift/index.js`).href)) as { ThriftWriter: typeof ThriftWriter };
    before = { idl: lib.loadCassandraIdl(), encode: inOneGo(transport.ThriftWriter) };
    for (const s of Object.values(slices)) {
      if (!firstStep(getSlice, s).equals(before.encode(before.idl.methods.get('get_slice')!, s))) throw new Error('the two builds encode different bytes');
    }
  }
  const rounds: Record<string, number[]> = {};
  const add = (name: string, ns: number) => (rounds[name] ??= []).push(ns);
  for (let r = 0; r < ROUNDS; r++) {
    for (const [name, s] of Object.entries(slices)) {
      // Alternating which build goes first, so neither always runs on the other's garbage.
      const runs: [string, () => number][] = [[`${name}: steps`, () => nsPerReply(firstStep, getSlice, s)]];
      if (before !== undefined) runs.push([`${name}: before`, () => nsPerReply(before.encode, before.idl.methods.get('get_slice')!, s)]);
      if (r % 2 === 1) runs.reverse();
      for (const [label, run] of runs) add(label, run());
    }
  }
  const small = Object.fromEntries(Object.entries(rounds).map(([k, v]) => [k, summary(v)]));
  for (const [k, v] of Object.entries(small)) console.log(`get_slice of ${k}: ${v.fastest} ns fastest, ${v.median} ns median a reply`);
  const large = [];
  for (let r = 0; r < 5; r++) large.push(replySteps(idl.methods.get('get_range_slices')!));
  for (const l of large) console.log(`20,001 KeySlices: ${l.steps} steps, longest ${l.longestMs.toFixed(1)} ms, ${l.totalMs.toFixed(1)} ms in all, ${l.bytes} bytes`);
  console.log(JSON.stringify({ small, large }));
}

await main();

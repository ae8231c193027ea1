/**
 * soak — a real `ilium start` under steady load for a long time, judged at the end (issue 16):
 *
 *   npm run soak -- --minutes 30 [--address 127.0.0.1] [--fraction 0.8] [--inflight 64] [--open-loop]
 *   npm run soak -- --seconds 60          (the short version test/soak/soak.test.ts runs)
 *
 * 1. Capacity: bench:cql's workload (bench/cql-kv.ts: prepared INSERTs and SELECTs of ~100-byte
 *    rows through the npm cassandra-driver), half writes, half reads of acknowledged keys
 *    (soak/kv-mix.ts), as fast as `--inflight` workers go (bench/cql-load.ts), for
 *    `--capacity-seconds` after a warm-up of half that.
 * 2. The soak: the same mix paced at `--fraction` (80%) of that capacity — closed loop with
 *    pacing: request i is due at i / rate s, at most `--inflight` wait, latency from the send; with
 *    `--open-loop` latency counts from the due time (a stall then shows in every request queued
 *    behind it; on a shared machine a neighbour's burst does too) — for the run's length, cut
 *    into windows (a minute each in a
 *    run of 12 minutes or more, a twelfth of the run otherwise, at least 5 s; `--window-seconds`).
 *    After every window nodetool flushes (size-tiered compaction follows on its own) and reads
 *    the SSTable count; `nodetool compact`, `snapshot` and `clearsnapshot` run at set points
 *    (soak/soak-upkeep.ts). The node's RSS is sampled once a second from /proc.
 *    Every window prints a line: time, ops/s, p50/p99, errors, RSS (with the V8 heap used/total
 *    nodetool info last gave), SSTables.
 * 3. The verdict (soak/soak-verdict.ts): RSS within ±10% of its median over the last two thirds,
 *    p99 of the last three windows within 2× of the first three steady ones, zero errors, and the
 *    node stopping cleanly (exit code 0 on SIGTERM). Exit code 0 when all hold, 1 otherwise.
 *
 * Progress goes to stderr, window lines and the verdict to stdout; the last line is one JSON
 * object (the windows and the verdict) for scripts and the test.
 */
import { loadavg } from 'node:os';
import { createRealEnv } from '../src/env/index.js';
import { startIliumProcess } from '../test/support/ilium-process.js';
import { connectKv, createKvTable } from './cql-kv.js';
import { type LoadResult, runLoad } from './cql-load.js';
import { rssMiB } from './cql-servers.js';
import { parseScriptArgs } from '../test/support/script-args.js';
import { KvMix } from './soak/kv-mix.js';
import { SoakUpkeep } from './soak/soak-upkeep.js';
import { DEFAULT_LIMITS, type SoakWindow, WINDOWS_MIN, judgeSoak } from './soak/soak-verdict.js';

const args = parseScriptArgs('soak', 'usage: npm run soak -- --minutes M | --seconds S [--window-seconds W] [--capacity-seconds C] [--fraction 0.8] [--inflight 64] [--connections 1] [--keys 100000] [--address A] [--open-loop] [--rss-tolerance 0.1] [--p99-ratio 2]', {
  minutes: { type: 'string' },
  seconds: { type: 'string' },
  'window-seconds': { type: 'string' },
  'capacity-seconds': { type: 'string', default: '10' },
  fraction: { type: 'string', default: '0.8' },
  inflight: { type: 'string', default: '64' },
  connections: { type: 'string', default: '1' },
  keys: { type: 'string', default: '100000' },
  address: { type: 'string' },
  'open-loop': { type: 'boolean', default: false },
  'rss-tolerance': { type: 'string', default: String(DEFAULT_LIMITS.rssTolerance) },
  'p99-ratio': { type: 'string', default: String(DEFAULT_LIMITS.p99Ratio) },
});

function positive(name: string, text: string | undefined): number {
  const n = Number(text);
  if (!(n > 0) || !Number.isFinite(n)) {
    process.stderr.write(`soak: --${name} must be a positive number, got ${text}\n`);
    process.exit(2);
  }
  return n;
}

const RUN_S = args.seconds !== undefined ? positive('seconds', args.seconds) : positive('minutes', args.minutes ?? '30') * 60;
const WINDOW_S = args['window-seconds'] !== undefined ? positive('window-seconds', args['window-seconds']) : Math.max(5, Math.min(60, RUN_S / 12));
const WINDOWS = Math.round(RUN_S / WINDOW_S);
const CAPACITY_S = positive('capacity-seconds', args['capacity-seconds']);
const FRACTION = positive('fraction', args.fraction);
const INFLIGHT = positive('inflight', args.inflight);
const LIMITS = { rssTolerance: positive('rss-tolerance', args['rss-tolerance']), p99Ratio: positive('p99-ratio', args['p99-ratio']) };
if (WINDOWS < WINDOWS_MIN) {
  process.stderr.write(`soak: ${RUN_S} s in windows of ${WINDOW_S} s is ${WINDOWS} windows; the verdict needs at least ${WINDOWS_MIN}\n`);
  process.exit(2);
}

const progress = (s: string): void => void process.stderr.write(`${s}\n`);
const out = (s: string): void => void process.stdout.write(`${s}\n`);
const load1 = (): number => Math.round(loadavg()[0]! * 100) / 100;
const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** The mix as fast as `--inflight` workers go, after a warm-up of half as long. */
async function measureCapacity(mix: KvMix): Promise<LoadResult> {
  progress(`soak: measuring capacity (${CAPACITY_S / 2} s warm-up, ${CAPACITY_S} s measured, ${INFLIGHT} in flight, load ${load1()})`);
  await runLoad({ seconds: CAPACITY_S / 2, inflight: INFLIGHT, op: mix.op });
  return runLoad({ seconds: CAPACITY_S, inflight: INFLIGHT, op: mix.op });
}

/** The paced run: a line and the upkeep's commands after every window; resolves with the windows. */
async function soak(mix: KvMix, rate: number, upkeep: SoakUpkeep, samples: number[]): Promise<SoakWindow[]> {
  const windows: SoakWindow[] = [];
  samples.length = 0;
  const began = performance.now();
  const seconds = (): number => Math.round((performance.now() - began) / 1000);
  await runLoad({
    seconds: WINDOWS * WINDOW_S,
    inflight: INFLIGHT,
    pace: { ratePerSec: rate, openLoop: args['open-loop'] },
    op: mix.op,
    progress: (s) => process.stderr.write(`\r${seconds()}/${WINDOWS * WINDOW_S} s: ${s.opsPerSec}/s, p99 ${s.p99Ms} ms, errors ${s.errors}, RSS ${samples.at(-1)} MiB\x1b[K`),
    window: {
      seconds: WINDOW_S,
      done: (w) => {
        const rss = samples.splice(0);
        const win: SoakWindow = { endS: seconds(), opsPerSec: w.opsPerSec, p50Ms: w.p50Ms, p99Ms: w.p99Ms, errors: w.errors, rssMiB: median(rss) };
        windows.push(win);
        process.stderr.write('\r\x1b[K');
        out(
          `${String(win.endS).padStart(5)} s  ${String(win.opsPerSec).padStart(6)} ops/s  p50 ${win.p50Ms} ms  p99 ${win.p99Ms} ms  errors ${win.errors}${w.firstError === undefined ? '' : ` (${w.firstError})`}  ` +
            `RSS ${win.rssMiB} MiB (max ${Math.max(...rss)}, heap ${upkeep.heapMB ?? '?'} MB)  SSTables ${upkeep.sstables ?? '?'}  upkeep errors ${upkeep.errors}  load ${load1()}`,
        );
        upkeep.afterWindow(windows.length, WINDOWS);
      },
    },
  });
  process.stderr.write('\r\x1b[K');
  return windows;
}

async function main(): Promise<number> {
  progress(`soak: starting a node${args.address === undefined ? '' : ` on ${args.address}`}`);
  // nodetool's port on the node's own address too (admin_address is 127.0.0.1 by default).
  const node = await startIliumProcess(args.address === undefined ? {} : { address: args.address, configYaml: `admin_address: ${args.address}\n` });
  const client = await connectKv(node.host, node.port, positive('connections', args.connections));
  const samples: number[] = [];
  const sampler = setInterval(() => {
    const rss = rssMiB(node.pid);
    if (rss !== undefined) samples.push(rss);
  }, 1000);
  try {
    await createKvTable(client);
    const mix = new KvMix(client, positive('keys', args.keys));
    const capacity = await measureCapacity(mix);
    const rate = Math.max(1, Math.round(capacity.opsPerSec * FRACTION));
    out(`capacity ${capacity.opsPerSec} ops/s (p50 ${capacity.p50Ms} ms, p99 ${capacity.p99Ms} ms, ${capacity.errors} errors); soaking at ${rate} ops/s (${FRACTION * 100}%) for ${RUN_S} s in ${WINDOWS} windows of ${WINDOW_S} s, RSS ${rssMiB(node.pid)} MiB`);
    // The admin port is on admin_address: the node's own address here, 127.0.0.1 by default.
    const upkeep = new SoakUpkeep(createRealEnv(), args.address ?? '127.0.0.1', node.adminPort!);
    const windows = await soak(mix, rate, upkeep, samples);
    await upkeep.settled();
    await client.shutdown();
    const code = await node.stop();
    // Errors outside the windows count too: the capacity run's, nodetool's, an unclean stop.
    const verdict = judgeSoak(windows, capacity.errors + upkeep.errors + (code === 0 ? 0 : 1), LIMITS);
    out(`upkeep: ${[...upkeep.done].map(([c, n]) => `${c} ×${n}`).join(', ')}${upkeep.firstError === undefined ? '' : `; first failure: ${upkeep.firstError}`}`);
    out(`node stopped with exit code ${code}${code === 0 ? '' : ` (an error):\n${node.output().slice(-2000)}`}`);
    for (const line of verdict.lines) out(line);
    out(verdict.pass ? 'soak PASSED' : 'soak FAILED');
    out(JSON.stringify({ soak: { runS: RUN_S, windowS: WINDOW_S, capacityOpsPerSec: capacity.opsPerSec, rate, limits: LIMITS }, windows, upkeep: Object.fromEntries(upkeep.done), nodeExitCode: code, verdict }));
    return verdict.pass ? 0 : 1;
  } finally {
    clearInterval(sampler);
    await client.shutdown().catch(() => undefined);
    node.dispose();
  }
}

process.exitCode = await main();

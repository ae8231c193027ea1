/**
 * bench:gc-pauses — the main thread's garbage-collection pauses of `ilium start` under a write
 * load, for each young-generation size asked (`--semi=16,64`: `--max-semi-space-size` in MiB,
 * given after the flags `ilium start` runs with, so it wins). Each run: a fresh node with
 * `--trace-gc`, `ilium stress write --client native` (128 in flight over 2 connections) for
 * `--seconds`, and `--background-after` seconds in, a flush then a compaction of the stress
 * keyspace through the node's admin API (what bench:cql's phases add too). The node's trace lines
 * of its main isolate (the first one to report: workers' isolates report under their own address)
 * give each pause; printed per setting: scavenges and their p50/p90/p99/max, how many exceeded
 * 5 ms, total GC time, mark-compacts over 5 ms, and the run's writes/s and node CPU per
 * operation. Settings take turns for `--rounds`.
 *
 *   node dist/bench/gc-pauses.js [--semi=16,64] [--seconds=12] [--rounds=2] [--background-after=5]
 *                                [--address=127.0.0.1]
 *
 * Progress on stderr; the last line of stdout is one JSON object.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startIliumProcess } from '../test/support/ilium-process.js';
import type { StressSummary } from '../src/tools/stress/stress-summary.js';

const { values: args } = parseArgs({
  options: {
    semi: { type: 'string', default: '16,64' },
    seconds: { type: 'string', default: '12' },
    rounds: { type: 'string', default: '2' },
    'background-after': { type: 'string', default: '5' },
    address: { type: 'string', default: '127.0.0.1' },
  },
});
const CLI = fileURLToPath(new URL('../src/tools/ilium.js', import.meta.url));
const SETTINGS = args.semi.split(',').map(Number);

interface RunFigures {
  readonly semiMiB: number;
  readonly scavenges: readonly number[];
  readonly markCompacts: readonly number[];
  readonly writesPerSec: number;
  readonly nodeCpuUsPerOp: number | undefined;
}

const progress = (s: string) => process.stderr.write(`${s}\n`);

/** The pauses (ms) of the first isolate's trace lines, by kind. */
function pausesOf(output: string): { scavenges: number[]; markCompacts: number[] } {
  const scavenges: number[] = [];
  const markCompacts: number[] = [];
  let main: string | undefined;
  for (const m of output.matchAll(/\[\d+:(0x[0-9a-f]+)\]\s+\d+ ms: (Scavenge|Mark-Compact)[^,\n]*?,\s*([\d.]+)\s*\/\s*[\d.]+\s*ms/g)) {
    main ??= m[1];
    if (m[1] !== main) continue;
    (m[2] === 'Scavenge' ? scavenges : markCompacts).push(Number(m[3]));
  }
  return { scavenges, markCompacts };
}

function runStress(host: string, port: number, pid: number): Promise<StressSummary> {
  const child = spawn(process.execPath, [CLI, 'stress', 'write', '--client', 'native', '--host', host, '--port', String(port), '--duration', `${args.seconds}s`, '--warmup', '1s', '--concurrency', '128', '--connections', '2', '--server-pid', String(pid), '--json', '-'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  return new Promise((resolve, reject) => {
    child.on('close', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code !== 0) reject(new Error(`ilium stress exited with ${code}: ${out.slice(-500)}`));
      else resolve(JSON.parse(last) as StressSummary);
    });
  });
}

async function run(semiMiB: number): Promise<RunFigures> {
  const node = await startIliumProcess({ address: args.address, nodeArgs: [`--max-semi-space-size=${semiMiB}`, '--trace-gc'] });
  try {
    const background = (async () => {
      await new Promise((r) => setTimeout(r, Number(args['background-after']) * 1000));
      for (const command of ['flush', 'compact']) {
        const r = await fetch(`${node.httpUrl}/api/v1/${command}`, { method: 'POST', body: JSON.stringify({ args: ['ilium_stress'] }) });
        if (r.status !== 200) throw new Error(`${command}: ${await r.text()}`);
      }
    })();
    const summary = await runStress(node.host, node.port, node.pid);
    await background;
    const { scavenges, markCompacts } = pausesOf(node.output());
    return { semiMiB, scavenges, markCompacts, writesPerSec: summary.total.opsPerSec, nodeCpuUsPerOp: summary.cpu?.serverUsPerOp };
  } finally {
    await node.stop();
    node.dispose();
  }
}

const at = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const ms = (x: number): string => x.toFixed(1);

const runs: RunFigures[] = [];
for (let r = 0; r < Number(args.rounds); r++) {
  for (const semi of r % 2 === 0 ? SETTINGS : [...SETTINGS].reverse()) {
    progress(`round ${r + 1}: ${semi} MiB semi-spaces`);
    runs.push(await run(semi));
  }
}
const summary = runs.map((f) => {
  const s = [...f.scavenges].sort((a, b) => a - b);
  return {
    semiMiB: f.semiMiB,
    scavenges: s.length,
    p50Ms: at(s, 0.5),
    p90Ms: at(s, 0.9),
    p99Ms: at(s, 0.99),
    maxMs: s[s.length - 1] ?? 0,
    scavengesOver5Ms: s.filter((x) => x > 5).length,
    gcMs: Math.round(s.reduce((a, b) => a + b, 0) + f.markCompacts.reduce((a, b) => a + b, 0)),
    markCompactsOver5Ms: f.markCompacts.filter((x) => x > 5).length,
    writesPerSec: f.writesPerSec,
    nodeCpuUsPerOp: f.nodeCpuUsPerOp,
  };
});
for (const f of summary) {
  process.stdout.write(
    `${String(f.semiMiB).padStart(3)} MiB: ${f.scavenges} scavenges p50 ${ms(f.p50Ms)} p90 ${ms(f.p90Ms)} p99 ${ms(f.p99Ms)} max ${ms(f.maxMs)} ms, ${f.scavengesOver5Ms} over 5 ms, ` +
      `GC ${f.gcMs} ms, ${f.markCompactsOver5Ms} mark-compacts over 5 ms; ${f.writesPerSec} writes/s, node ${f.nodeCpuUsPerOp ?? '?'} µs/op\n`,
  );
}
process.stdout.write(`${JSON.stringify({ bench: 'gc-pauses', date: new Date().toISOString(), seconds: Number(args.seconds), runs: summary })}\n`);

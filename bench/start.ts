/**
 * `npm run bench:start`: how fast `ilium start` is ready and how much memory an idle node holds,
 * on a fresh data directory each time (issue 18 item 7: goals 300 ms and 60 MiB), against the
 * floor of a Node process that does nothing (`node -e`), measured in the same run and interleaved.
 *
 *   node dist/bench/start.js [--runs 10] [--address 127.0.0.1] [--idle-ms 1000] [--before <other build's dist/src/tools/ilium.js or bin/ilium.js>]
 *
 * This build runs as users run it, through `bin/ilium.js` (the bundle in dist/bundle/ when it is
 * fresh: scripts/bundle-cli.js); `--before` a `bin/ilium.js` runs that bin, any other path runs
 * that `ilium.js` with node and the server flags.
 * Ready: wall time from spawn to the startup line (this process's clock, module loading included).
 * Idle RSS: VmRSS (/proc) `--idle-ms` after the ready line. Medians of `--runs` starts; the last
 * line is JSON.
 */
import { spawn } from 'node:child_process';
import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startIliumProcess } from '../test/support/ilium-process.js';
import { rssBytes } from '../test/support/process-stats.js';
import { SERVER_NODE_FLAGS } from '../src/tools/server-flags.js';

const { values } = parseArgs({ options: { runs: { type: 'string' }, address: { type: 'string' }, 'idle-ms': { type: 'string' }, before: { type: 'string' } } });
const runs = Number(values.runs ?? 10);
const address = values.address ?? '127.0.0.1';
const idleMs = Number(values['idle-ms'] ?? 1000);
const MiB = 1024 * 1024;

interface Sample {
  readonly readyMs: number;
  readonly rssMiB: number;
  /** Opening the node alone (`nodeStartMs` of the `started` log event): the rest of `readyMs` is Node and module loading. */
  readonly nodeStartMs?: number;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The floor: `node` with the same flags, printing a line at once and then idling. */
async function floorOnce(): Promise<Sample> {
  const began = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '-e', "process.stdout.write('ready\\n'); setInterval(() => {}, 1 << 30)"], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  const readyMs = performance.now() - began;
  await sleep(idleMs);
  const rssMiB = rssBytes(child.pid!) / MiB;
  child.kill('SIGKILL');
  return { readyMs, rssMiB };
}

/** This checkout's launcher (dist/bench/start.js → bin/ilium.js). */
const OWN_BIN = fileURLToPath(new URL('../../bin/ilium.js', import.meta.url));

/** `path` run as a bin (with its own `#!` node flags) when it is one, else as a CLI script. */
async function iliumOnce(path: string): Promise<Sample> {
  const isBin = basename(dirname(path)) === 'bin';
  const node = await startIliumProcess({ address, ...(isBin ? { bin: path } : { cli: path }) });
  try {
    await sleep(idleMs);
    const rssMiB = rssBytes(node.pid) / MiB;
    const code = await node.stop();
    if (code !== 0) throw new Error(`ilium start exited with ${code}:\n${node.output()}`);
    const nodeStart = /"nodeStartMs":(\d+)/.exec(node.output());
    return { readyMs: node.spawnToReadyMs, rssMiB, ...(nodeStart === null ? {} : { nodeStartMs: Number(nodeStart[1]) }) };
  } finally {
    node.dispose();
  }
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const kinds: Array<[string, () => Promise<Sample>]> = [['floor', floorOnce], ['ilium', () => iliumOnce(OWN_BIN)]];
if (values.before !== undefined) kinds.push(['before', () => iliumOnce(values.before!)]);
const samples = new Map<string, Sample[]>(kinds.map(([k]) => [k, []]));
for (let i = 0; i < runs; i++) {
  for (const [kind, once] of kinds) {
    const s = await once();
    samples.get(kind)!.push(s);
    const opening = s.nodeStartMs === undefined ? '' : ` (node opened in ${s.nodeStartMs} ms)`;
    console.log(`${kind.padEnd(6)} run ${i + 1}: ready ${s.readyMs.toFixed(0)} ms${opening}, idle RSS ${s.rssMiB.toFixed(1)} MiB`);
  }
}
const summary: Record<string, number | string> = { runs, address, idleMs };
for (const [kind, xs] of samples) {
  const readyMs = Math.round(median(xs.map((s) => s.readyMs)));
  const rssMiB = Math.round(median(xs.map((s) => s.rssMiB)) * 10) / 10;
  console.log(`${kind.padEnd(6)} median: ready ${readyMs} ms, idle RSS ${rssMiB} MiB`);
  summary[`${kind}ReadyMs`] = readyMs;
  summary[`${kind}RssMiB`] = rssMiB;
  const opened = xs.flatMap((s) => (s.nodeStartMs === undefined ? [] : [s.nodeStartMs]));
  if (opened.length > 0) summary[`${kind}NodeStartMs`] = Math.round(median(opened));
}
summary.goalReadyMs = 300;
summary.goalRssMiB = 60;
console.log(JSON.stringify(summary));

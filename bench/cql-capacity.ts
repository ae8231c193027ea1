/**
 * bench:capacity — a node's prepared writes/s and reads/s on one core, beside the do-nothing stub
 * server's (cql-stub-server.ts: our transport, no work) measured in the same run, driven by
 * `ilium stress --client native` (our codec, precomputed EXECUTE frames, pipelined) so that the
 * server, not the client, is what runs out of CPU. Where `taskset` exists the server runs on
 * core 0 (all its threads) and the client on core 1; without it both float (said in the output).
 *
 *   npm run bench:capacity [-- --seconds=10 --warmup=2 --rounds=1 --concurrency=128 --connections=2
 *                              --partitions=100000 --address=127.0.0.1 --stub-address=127.0.0.1]
 *
 * Each round runs, per server (the order flips each round): a write run, then a read run over the
 * rows written. Figures are medians over the rounds: ops/s, p50/p99, CPU µs per operation of the
 * server (/proc) and of the client (its own process.cpuUsage), with the machine's load average.
 * Progress goes to stderr; the summary to stdout, its last line one JSON object with the ratios
 * ilium/stub.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type BenchServer, startIlium, startStub } from './cql-servers.js';
import type { StressSummary } from '../src/tools/stress/stress-summary.js';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '128' },
    connections: { type: 'string', default: '2' },
    partitions: { type: 'string', default: '100000' },
    address: { type: 'string' },
    'stub-address': { type: 'string' },
  },
});
const ROUNDS = Number(args.rounds);
/** 10-byte-ish keys (bigint + int) and a 90-byte value: bench:cql's ~100-byte rows. */
const ROW_SIZE = 90;
const CLI = fileURLToPath(new URL('../src/tools/ilium.js', import.meta.url));
const SERVER_CORE = '0';
const CLIENT_CORE = '1';

const progress = (s: string): void => void process.stderr.write(`\r${s}\x1b[K`);
const load1 = (): number => Math.round(loadavg()[0]! * 100) / 100;

/** Whether `taskset` runs here (util-linux) and there are two cores to pin to. */
function tasksetUsable(): boolean {
  return cpus().length >= 2 && spawnSync('taskset', ['-c', SERVER_CORE, 'true']).status === 0;
}

/** Pins every thread of `pid` to `core`. */
function pin(pid: number, core: string): void {
  const r = spawnSync('taskset', ['-a', '-p', '-c', core, String(pid)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`taskset -a -p -c ${core} ${pid}: ${r.stderr}`);
}

interface Phase {
  readonly opsPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly serverCpuUs: number;
  readonly clientCpuUs: number;
  readonly errors: number;
  readonly notFound: number;
  readonly load: [number, number];
}

/** One `ilium stress` run against `server`, the client pinned when `pinned`. */
async function stress(server: BenchServer, workload: 'write' | 'read', partitions: number, pinned: boolean): Promise<Phase> {
  const argv = [
    CLI, 'stress', workload, '--client', 'native', '--host', server.host, '--port', String(server.port),
    '--duration', `${args.seconds}s`, '--warmup', `${args.warmup}s`, '--concurrency', args.concurrency!, '--connections', args.connections!,
    '--partitions', String(partitions), '--row-size', String(ROW_SIZE), '--server-pid', String(server.pid), '--keyspace', 'capacity', '--json', '-',
  ];
  const [cmd, cmdArgs] = pinned ? ['taskset', ['-c', CLIENT_CORE, process.execPath, ...argv]] : [process.execPath, argv];
  const load0 = load1();
  const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const p = spawn(cmd, cmdArgs as string[], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      const last = err.split(/[\r\n]/).filter((l) => l.trim() !== '').pop();
      if (last !== undefined) progress(`${server.name} ${workload}: ${last.trim()}`);
    });
    p.on('close', (c) => resolve({ code: c, stdout: out, stderr: err }));
  });
  if (code !== 0) throw new Error(`ilium stress ${workload} against ${server.name} exited with ${code}:\n${stderr.slice(-2000)}`);
  const s = JSON.parse(stdout.trim().split('\n').pop()!) as StressSummary;
  return {
    opsPerSec: Math.round(s.total.opsPerSec),
    p50Ms: s.total.p50Ms,
    p99Ms: s.total.p99Ms,
    serverCpuUs: s.cpu?.serverUsPerOp ?? NaN,
    clientCpuUs: s.cpu?.clientUsPerOp ?? NaN,
    errors: s.total.errors,
    notFound: s.total.notFound,
    load: [load0, load1()],
  };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
type Summary = Omit<Phase, 'load'> & { rounds: Phase[] };

function summarize(rounds: Phase[]): Summary {
  const m = (f: (p: Phase) => number): number => median(rounds.map(f));
  return {
    opsPerSec: m((r) => r.opsPerSec),
    p50Ms: m((r) => r.p50Ms),
    p99Ms: m((r) => r.p99Ms),
    serverCpuUs: m((r) => r.serverCpuUs),
    clientCpuUs: m((r) => r.clientCpuUs),
    errors: rounds.reduce((a, r) => a + r.errors, 0),
    notFound: rounds.reduce((a, r) => a + r.notFound, 0),
    rounds,
  };
}

async function main(): Promise<void> {
  const pinned = tasksetUsable();
  const loadAtStart = loadavg().map((x) => Math.round(x * 100) / 100);
  const servers: BenchServer[] = [];
  try {
    progress('starting the stub server and an Ilium node');
    servers.push(await startStub(args['stub-address']));
    servers.push(await startIlium('ilium', [], undefined, args.address === undefined ? {} : { address: args.address }));
    if (pinned) for (const s of servers) pin(s.pid, SERVER_CORE);
    const results = new Map(servers.map((s) => [s.name, { writes: [] as Phase[], reads: [] as Phase[] }]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of round % 2 === 0 ? servers : [...servers].reverse()) {
        const writes = await stress(s, 'write', Number(args.partitions), pinned);
        // reads ask for rows the writes put there (the write workload walks the population in order)
        const written = Math.max(1, Math.min(Number(args.partitions), Math.round(writes.opsPerSec * Number(args.seconds))));
        results.get(s.name)!.writes.push(writes);
        results.get(s.name)!.reads.push(await stress(s, 'read', written, pinned));
      }
    }
    progress('');
    report(results, pinned, loadAtStart);
  } finally {
    for (const s of servers) {
      await s.stop().catch((e: unknown) => process.stderr.write(`${String(e)}\n`));
      s.dispose();
    }
  }
}

function report(results: Map<string, { writes: Phase[]; reads: Phase[] }>, pinned: boolean, loadAtStart: number[]): void {
  const out: Record<string, unknown> = {
    bench: 'capacity',
    date: new Date().toISOString(),
    machine: `${cpus().length} × ${cpus()[0]?.model ?? '?'}, node ${process.version}`,
    pinning: pinned ? `server on core ${SERVER_CORE}, client on core ${CLIENT_CORE} (taskset)` : 'none (no taskset or one core)',
    loadAtStart,
    loadAtEnd: loadavg().map((x) => Math.round(x * 100) / 100),
    config: { seconds: Number(args.seconds), warmup: Number(args.warmup), rounds: ROUNDS, concurrency: Number(args.concurrency), connections: Number(args.connections), partitions: Number(args.partitions), rowSize: ROW_SIZE },
  };
  const sums = new Map([...results].map(([name, r]) => [name, { writes: summarize(r.writes), reads: summarize(r.reads) }]));
  for (const [name, s] of sums) {
    for (const kind of ['writes', 'reads'] as const) {
      const f = s[kind];
      process.stdout.write(
        `${name.padEnd(8)} ${kind.padEnd(6)} ${f.opsPerSec.toLocaleString().padStart(9)}/s  p50 ${f.p50Ms.toFixed(2)} ms  p99 ${f.p99Ms.toFixed(2)} ms  ` +
          `CPU/op server ${f.serverCpuUs} µs client ${f.clientCpuUs} µs${f.errors > 0 ? `  ${f.errors} ERRORS` : ''}${f.notFound > 0 ? `  ${f.notFound} not found` : ''}  ` +
          `(load ${f.rounds.map((r) => r.load.join('→')).join('; ')})\n`,
      );
    }
    out[name === 'baseline' ? 'stub' : name] = { writes: s.writes, reads: s.reads };
  }
  const ratio = (a: number, b: number): number => Math.round((a / b) * 100) / 100;
  const ours = sums.get('ilium')!;
  const stub = sums.get('baseline')!;
  const ratios = {
    writes: ratio(ours.writes.opsPerSec, stub.writes.opsPerSec),
    reads: ratio(ours.reads.opsPerSec, stub.reads.opsPerSec),
    serverCpuWrites: ratio(ours.writes.serverCpuUs, stub.writes.serverCpuUs),
    serverCpuReads: ratio(ours.reads.serverCpuUs, stub.reads.serverCpuUs),
  };
  out['ratios'] = ratios;
  process.stdout.write(`ratios ilium/stub: throughput writes ${ratios.writes}, reads ${ratios.reads}; server CPU per op writes ${ratios.serverCpuWrites}, reads ${ratios.serverCpuReads}\n`);
  process.stdout.write(`${pinned ? 'pinned' : 'NOT pinned'}: ${String(out['pinning'])}\n`);
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

await main();

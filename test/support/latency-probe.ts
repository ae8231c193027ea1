/**
 * A latency probe in its own process: `startLatencyProbe(host, port, cql)` runs this file as a
 * child that connects an npm cassandra-driver client and sends `cql` one request after another
 * (a short pause between), printing one line per answer: `<start ms since epoch> <latency ms>`.
 * Being a separate process, the probe's timings are the server's: the test process's own work
 * (encoding a huge batch, decoding a huge page) cannot delay them.
 *
 *   const probe = await startLatencyProbe(host, port, 'SELECT v FROM ks.small WHERE k = 1');
 *   … the large request …
 *   const during = probe.between(t0, t1);   // latencies of probes that started in [t0, t1]
 *   await probe.stop();
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import cassandra from 'cassandra-driver';

export interface LatencyProbe {
  /** Latencies (ms) of the probes started in [fromMs, toMs]; a probe still waiting at `toMs` counts as its wait so far. */
  between(fromMs: number, toMs: number): number[];
  stop(): Promise<void>;
}

const PAUSE_MS = 20;

export async function startLatencyProbe(host: string, port: number, cql: string): Promise<LatencyProbe> {
  const child: ChildProcess = spawn(process.execPath, [fileURLToPath(import.meta.url), host, String(port), cql], { stdio: ['ignore', 'pipe', 'inherit'] });
  const samples: { startMs: number; ms: number }[] = [];
  let pendingSince: number | null = null;
  let buffered = '';
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`latency probe exited (${code}) before it was ready`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      let nl: number;
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        if (line === 'ready') resolve();
        else if (line.startsWith('start ')) pendingSince = Number(line.slice(6));
        else {
          const [startMs, ms] = line.split(' ').map(Number);
          samples.push({ startMs: startMs!, ms: ms! });
          pendingSince = null;
        }
      }
    });
  });
  child.removeAllListeners('exit');
  return {
    between(fromMs, toMs) {
      const out = samples.filter((s) => s.startMs >= fromMs && s.startMs <= toMs).map((s) => s.ms);
      if (pendingSince !== null && pendingSince <= toMs) out.push(toMs - Math.max(pendingSince, fromMs));
      return out;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The child: probe until killed. */
async function probeMain(host: string, port: string, cql: string): Promise<void> {
  const client = new cassandra.Client({ contactPoints: [`${host}:${port}`], localDataCenter: 'datacenter1', socketOptions: { readTimeout: 60_000 } });
  await client.connect();
  await client.execute(cql, [], { prepare: true });
  process.stdout.write('ready\n');
  for (;;) {
    const startMs = Date.now();
    process.stdout.write(`start ${startMs}\n`);
    const t0 = performance.now();
    await client.execute(cql, [], { prepare: true });
    process.stdout.write(`${startMs} ${(performance.now() - t0).toFixed(1)}\n`);
    await new Promise((r) => setTimeout(r, PAUSE_MS));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [host, port, cql] = process.argv.slice(2);
  probeMain(host!, port!, cql!).catch((e: unknown) => {
    process.stderr.write(`latency probe: ${String(e)}\n`);
    process.exit(1);
  });
}

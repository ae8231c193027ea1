/**
 * The server's half of bench:cql alone, in one process, without the network or the driver: a
 * real node (`IliumNode`, periodic commit log, temporary directory) and one `CqlConnection` over
 * a socket stand-in. Bursts of `--inflight` EXECUTE frames — encoded beforehand as the npm
 * driver sends them: LOCAL_ONE, values, skip-metadata, page size 5000, a client timestamp — are
 * handed to the connection as one chunk; the burst is done when every response was written.
 * Everything between the socket's bytes in and bytes out is measured: framing, decoding, the
 * query processor, statement execution, the engine, result encoding. The figure is the main
 * thread's CPU time per request (from /proc: a busy shared machine inflates it far less than
 * wall time), and the requests/s one core would serve at that cost; flushes and compactions
 * run on the engine's worker thread and are not counted. Run it under `node --cpu-prof` for a
 * profile free of the client's and the kernel's share.
 *
 *   node dist/bench/cql-server-path.js [--ops=200000] [--inflight=128] [--rounds=3] [--keys=100000]
 *
 * Last line: one JSON object.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { resolveNodeConfig } from '../src/config/index.js';
import type { NetSocket, NetSocketEvents } from '../src/env/index.js';
import { IliumNode } from '../src/server/index.js';
import {
  AllowAllAuthenticator,
  CqlConnection,
  RecordingLogger,
  type Request,
  decodeResponse,
  encodeRequestFrame,
  readHeader,
} from '../src/transport/index.js';

const { values: args } = parseArgs({
  options: {
    ops: { type: 'string', default: '200000' },
    inflight: { type: 'string', default: '128' },
    rounds: { type: 'string', default: '5' },
    keys: { type: 'string', default: '100000' },
  },
});
const OPS = Number(args.ops);
const INFLIGHT = Number(args.inflight);
const ROUNDS = Number(args.rounds);
const KEYS = Number(args.keys);
const HEADER = 9;

/** A NetSocket stand-in: the test pushes bytes in; written frames are counted. */
class BenchSocket implements NetSocket {
  readonly remoteAddress = { host: '127.0.0.1', port: 50000 };
  readonly localAddress = { host: '127.0.0.1', port: 9042 };
  readonly closed = false;
  readonly pendingWriteBytes = 0;
  private onData: ((chunk: Buffer) => void) | undefined;
  private frames: Buffer[] = [];
  private waiting: { count: number; resolve: (frames: Buffer[]) => void } | undefined;

  on<E extends keyof NetSocketEvents>(event: E, listener: NetSocketEvents[E]): void {
    if (event === 'data') this.onData = listener as (chunk: Buffer) => void;
  }

  write(data: Uint8Array): boolean {
    this.frames.push(data as Buffer);
    if (this.waiting !== undefined && this.frames.length >= this.waiting.count) {
      const w = this.waiting;
      this.waiting = undefined;
      w.resolve(this.take());
    }
    return true;
  }

  /** Sends `chunk` in; resolves with the next `count` frames written. */
  exchange(chunk: Buffer, count: number): Promise<Buffer[]> {
    const done = new Promise<Buffer[]>((resolve) => (this.waiting = { count, resolve }));
    this.onData!(chunk);
    return done;
  }

  private take(): Buffer[] {
    const out = this.frames;
    this.frames = [];
    return out;
  }

  end(): void {}
  destroy(): void {}
  pause(): void {}
  resume(): void {}
  setNoDelay(): void {}
}

/**
 * CPU time of this process's main thread (user + system) in µs, from /proc (10 ms ticks): the
 * thread that runs the whole request path. Flushes and compactions run on a worker thread, at
 * times that vary from run to run; counting them would make the figure noisy.
 */
function mainThreadCpuUs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

const frame = (r: Request, stream: number): Buffer => encodeRequestFrame(r, { stream });
const response = (f: Buffer) => decodeResponse(readHeader(f), f.subarray(HEADER)).response;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ilium-bench-path-'));
  const { config } = resolveNodeConfig({ data_file_directories: [join(dir, 'data')], start_native_transport: false });
  const node = await IliumNode.start({ config });
  try {
    const socket = new BenchSocket();
    new CqlConnection(socket, {
      handler: node.processor,
      authenticator: new AllowAllAuthenticator(),
      logger: new RecordingLogger(),
      random: node.env.random,
      maxFrameBytes: 16 << 20,
      maxInFlight: 1024,
      cqlVersions: ['3.4.5'],
      onClosed: () => undefined,
    });
    const one = async (r: Request) => {
      const res = response((await socket.exchange(frame(r, 1), 1))[0]!);
      if (res.opcode === 'ERROR') throw new Error(`${r.opcode}: ${res.error.message}`);
      return res;
    };
    await one({ opcode: 'STARTUP', options: new Map([['CQL_VERSION', '3.0.0']]) });
    const query = (q: string) => one({ opcode: 'QUERY', query: q, params: { consistency: 'ONE', values: [], skipMetadata: false } });
    await query("CREATE KEYSPACE bench WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await query('CREATE TABLE bench.kv (k text PRIMARY KEY, v blob)');
    const prepare = async (q: string): Promise<Buffer> => {
      const r = await one({ opcode: 'PREPARE', query: q });
      if (r.opcode !== 'RESULT' || r.result.kind !== 'prepared') throw new Error(`PREPARE ${q}: ${JSON.stringify(r)}`);
      return r.result.id;
    };
    const insertId = await prepare('INSERT INTO bench.kv (k, v) VALUES (?, ?)');
    const selectId = await prepare('SELECT v FROM bench.kv WHERE k = ?');

    const value = Buffer.alloc(90, 0x61);
    const key = (i: number): Buffer => Buffer.from(`k${String(i % KEYS).padStart(9, '0')}`);
    const params = (values: Buffer[]) => ({ consistency: 'LOCAL_ONE' as const, values, skipMetadata: true, pageSize: 5000, timestamp: BigInt(Date.now()) * 1000n });
    /** Bursts of INFLIGHT frames, each burst one chunk (encoded before the clock starts). */
    const bursts = (make: (i: number) => Request): Buffer[] => {
      const out: Buffer[] = [];
      for (let i = 0; i < OPS; i += INFLIGHT) {
        const frames: Buffer[] = [];
        for (let j = 0; j < INFLIGHT && i + j < OPS; j++) frames.push(frame(make(i + j), j + 2));
        out.push(Buffer.concat(frames));
      }
      return out;
    };
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    /** CPU µs per request on the main thread (the flush and compaction worker's share is not counted). */
    const run = async (chunks: Buffer[], check: (f: Buffer) => void): Promise<number> => {
      const cpu0 = mainThreadCpuUs();
      let n = 0;
      for (const c of chunks) {
        let count = 0;
        for (let at = 0; at < c.length; at += HEADER + c.readInt32BE(at + 5)) count++;
        const frames = await socket.exchange(c, count);
        n += frames.length;
        check(frames[frames.length - 1]!);
      }
      return (mainThreadCpuUs() - cpu0) / n;
    };
    const isVoid = (f: Buffer) => {
      const r = response(f);
      if (r.opcode !== 'RESULT' || r.result.kind !== 'void') throw new Error(`an INSERT answered ${JSON.stringify(r)}`);
    };
    const oneRow = (f: Buffer) => {
      const r = response(f);
      if (r.opcode !== 'RESULT' || r.result.kind !== 'rows' || r.result.rows.length !== 1) throw new Error(`a SELECT answered ${JSON.stringify(r)}`);
    };
    const writesUs: number[] = [];
    const readsUs: number[] = [];
    let written = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const w = bursts((i) => ({ opcode: 'EXECUTE', id: insertId, params: params([key(written + i), value]) }));
      writesUs.push(await run(w, isVoid));
      written += OPS;
      const r = bursts(() => ({ opcode: 'EXECUTE', id: selectId, params: params([key(random(Math.min(written, KEYS)))]) }));
      readsUs.push(await run(r, oneRow));
      process.stderr.write(`round ${round + 1}/${ROUNDS}: writes ${writesUs[round]!.toFixed(2)} µs, reads ${readsUs[round]!.toFixed(2)} µs CPU per request\n`);
    }
    const median = (xs: number[]): number => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! * 100) / 100;
    const out = { bench: 'cql-server-path', ops: OPS, inflight: INFLIGHT, rounds: ROUNDS, writesUsPerOp: median(writesUs), readsUsPerOp: median(readsUs), writesPerSec: Math.round(1e6 / median(writesUs)), readsPerSec: Math.round(1e6 / median(readsUs)) };
    process.stdout.write(`server path, CPU per request: writes ${out.writesUsPerOp} µs (${out.writesPerSec.toLocaleString()}/s per core), reads ${out.readsUsPerOp} µs (${out.readsPerSec.toLocaleString()}/s per core)\n`);
    process.stdout.write(`${JSON.stringify(out)}\n`);
  } finally {
    await node.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();

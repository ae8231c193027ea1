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
 * Four shapes (`--shapes`, all by default): `insert` and `select`, bench:cql's prepared
 * single-row INSERT and single-partition SELECT on a text key; and the Twitter workload's
 * (bench/compare): `batch`, a tweet — one LOGGED BATCH of `--batch-rows` prepared INSERTs, each
 * to a partition of its own (the tweet, its userline entry, followers' timeline entries) — and
 * `in`, a timeline page's multiget — `SELECT id, user_id, body FROM tweets WHERE id IN ?` with
 * `--batch-rows` ids of tweets written. The figure is CPU µs per request (per batch, per IN).
 *
 *   node dist/bench/cql-server-path.js [--ops=200000] [--inflight=128] [--rounds=5] [--keys=100000]
 *        [--shapes=insert,select,batch,in] [--batch-ops=ops/10] [--batch-rows=20]
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
  PreAuthBudget,
  DEFAULT_CQL_SERVER_OPTIONS,
  RecordingLogger,
  type Request,
  RequestDataLimits,
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
    'batch-ops': { type: 'string' },
    'batch-rows': { type: 'string', default: '20' },
    shapes: { type: 'string', default: 'insert,select,batch,in' },
  },
});
type Shape = 'insert' | 'select' | 'batch' | 'in';
const SHAPES = new Set(args.shapes.split(',').map((s) => s.trim()) as Shape[]);
for (const s of SHAPES) if (!['insert', 'select', 'batch', 'in'].includes(s)) throw new Error(`--shapes: unknown shape ${s}`);
const OPS = Number(args.ops);
const INFLIGHT = Number(args.inflight);
const ROUNDS = Number(args.rounds);
const KEYS = Number(args.keys);
/** Batches and IN reads are ~20× a single-row request: a tenth as many by default. */
const BATCH_OPS = Number(args['batch-ops'] ?? Math.ceil(OPS / 10));
const BATCH_ROWS = Number(args['batch-rows']);
if (SHAPES.has('in') && BATCH_OPS < BATCH_ROWS) throw new Error(`--shapes=in reads ${BATCH_ROWS} distinct tweets: --batch-ops must write at least that many`);
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
  later(fn: () => void): void {
    setImmediate(fn);
  }
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
  const { config } = resolveNodeConfig({ data_file_directories: [join(dir, 'data')], start_native_transport: false, start_rpc: false });
  const node = await IliumNode.start({ config });
  try {
    const socket = new BenchSocket();
    new CqlConnection(socket, {
      handler: node.processor,
      authenticator: new AllowAllAuthenticator(),
      logger: new RecordingLogger(),
      random: node.env.random,
      maxFrameBytes: 16 << 20,
      preAuthFrameBytes: 256 << 10,
      preAuthBudget: new PreAuthBudget(8 << 20),
      maxInFlight: 1024,
      requestData: new RequestDataLimits({ bytesMax: DEFAULT_CQL_SERVER_OPTIONS.nativeTransportMaxRequestDataInFlightBytes, perIpBytesMax: DEFAULT_CQL_SERVER_OPTIONS.nativeTransportMaxRequestDataInFlightPerIpBytes }),
      requestsPerTurn: DEFAULT_CQL_SERVER_OPTIONS.requestsPerTurn,
      allowOlderProtocols: true,
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
    await query('CREATE TABLE bench.tweets (id bigint PRIMARY KEY, user_id int, body text, ts bigint)');
    await query('CREATE TABLE bench.userline (user_id int, ts bigint, tweet_id bigint, PRIMARY KEY (user_id, ts)) WITH CLUSTERING ORDER BY (ts DESC)');
    await query('CREATE TABLE bench.timeline (user_id int, ts bigint, tweet_id bigint, PRIMARY KEY (user_id, ts)) WITH CLUSTERING ORDER BY (ts DESC)');
    const insertId = await prepare('INSERT INTO bench.kv (k, v) VALUES (?, ?)');
    const selectId = await prepare('SELECT v FROM bench.kv WHERE k = ?');
    const tweetId = await prepare('INSERT INTO bench.tweets (id, user_id, body, ts) VALUES (?, ?, ?, ?)');
    const userlineId = await prepare('INSERT INTO bench.userline (user_id, ts, tweet_id) VALUES (?, ?, ?)');
    const timelineId = await prepare('INSERT INTO bench.timeline (user_id, ts, tweet_id) VALUES (?, ?, ?)');
    const tweetsInId = await prepare('SELECT id, user_id, body FROM bench.tweets WHERE id IN ?');

    const value = Buffer.alloc(90, 0x61);
    const body = Buffer.from('x'.repeat(100));
    const key = (i: number): Buffer => Buffer.from(`k${String(i % KEYS).padStart(9, '0')}`);
    const int = (n: number): Buffer => {
      const b = Buffer.alloc(4);
      b.writeInt32BE(n);
      return b;
    };
    const bigint = (n: number): Buffer => {
      const b = Buffer.alloc(8);
      b.writeBigInt64BE(BigInt(n));
      return b;
    };
    /** A list<bigint> value as the driver sends it (v4: [int] count, then [int] length + bytes each). */
    const bigintList = (ns: number[]): Buffer => {
      const b = Buffer.alloc(4 + 12 * ns.length);
      b.writeInt32BE(ns.length);
      ns.forEach((n, i) => {
        b.writeInt32BE(8, 4 + 12 * i);
        b.writeBigInt64BE(BigInt(n), 8 + 12 * i);
      });
      return b;
    };
    const params = (values: Buffer[]) => ({ consistency: 'LOCAL_ONE' as const, values, skipMetadata: true, pageSize: 5000, timestamp: BigInt(Date.now()) * 1000n });
    /** Bursts of INFLIGHT frames, each burst one chunk (encoded before the clock starts). */
    const bursts = (ops: number, make: (i: number) => Request): Buffer[] => {
      const out: Buffer[] = [];
      for (let i = 0; i < ops; i += INFLIGHT) {
        const frames: Buffer[] = [];
        for (let j = 0; j < INFLIGHT && i + j < ops; j++) frames.push(frame(make(i + j), j + 2));
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
      if (r.opcode !== 'RESULT' || r.result.kind !== 'void') throw new Error(`a write answered ${JSON.stringify(r)}`);
    };
    const rows = (n: number) => (f: Buffer) => {
      const r = response(f);
      if (r.opcode !== 'RESULT' || r.result.kind !== 'rows' || r.result.rows.length !== n) throw new Error(`a SELECT answered ${JSON.stringify(r)}`);
    };
    /**
     * The Twitter workload's shapes (bench/compare): a tweet is one LOGGED BATCH of the tweet, its
     * userline entry and BATCH_ROWS - 2 followers' timeline entries, every row a partition of its
     * own; a timeline page reads BATCH_ROWS tweets back by id with `IN ?`.
     */
    const USERS = 1000;
    let tweets = 0;
    const tweetBatch = (n: number): Request => {
      const id = tweets + n;
      const ts = bigint(1_700_000_000_000 + id);
      const author = (id * 7) % USERS;
      const statements: { kind: 'prepared'; id: Buffer; values: Buffer[] }[] = [
        { kind: 'prepared', id: tweetId, values: [bigint(id), int(author), body, ts] },
        { kind: 'prepared', id: userlineId, values: [int(author), ts, bigint(id)] },
      ];
      for (let f = 1; f <= BATCH_ROWS - 2; f++) statements.push({ kind: 'prepared', id: timelineId, values: [int((author + f * 37) % USERS), ts, bigint(id)] });
      return { opcode: 'BATCH', type: 'LOGGED', statements, consistency: 'LOCAL_ONE', timestamp: BigInt(Date.now()) * 1000n };
    };
    const inRead = (): Request => {
      const ids: number[] = [];
      while (ids.length < BATCH_ROWS) {
        const id = random(tweets);
        if (!ids.includes(id)) ids.push(id);
      }
      return { opcode: 'EXECUTE', id: tweetsInId, params: params([bigintList(ids)]) };
    };
    const figures: Record<Shape, number[]> = { insert: [], select: [], batch: [], in: [] };
    let written = 0;
    for (let round = 0; round < ROUNDS; round++) {
      if (SHAPES.has('insert') || SHAPES.has('select')) {
        const w = bursts(OPS, (i) => ({ opcode: 'EXECUTE', id: insertId, params: params([key(written + i), value]) }));
        const us = await run(w, isVoid);
        if (SHAPES.has('insert')) figures.insert.push(us);
        written += OPS;
      }
      if (SHAPES.has('select')) {
        const r = bursts(OPS, () => ({ opcode: 'EXECUTE', id: selectId, params: params([key(random(Math.min(written, KEYS)))]) }));
        figures.select.push(await run(r, rows(1)));
      }
      if (SHAPES.has('batch') || SHAPES.has('in')) {
        const b = bursts(BATCH_OPS, tweetBatch);
        const us = await run(b, isVoid);
        if (SHAPES.has('batch')) figures.batch.push(us);
        tweets += BATCH_OPS;
      }
      if (SHAPES.has('in')) figures.in.push(await run(bursts(BATCH_OPS, inRead), rows(BATCH_ROWS)));
      const line = [...SHAPES].map((s) => `${s} ${figures[s][round]!.toFixed(2)} µs`).join(', ');
      process.stderr.write(`round ${round + 1}/${ROUNDS}: ${line} CPU per request\n`);
    }
    const median = (xs: number[]): number => (xs.length === 0 ? NaN : Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! * 100) / 100);
    const out = {
      bench: 'cql-server-path',
      ops: OPS,
      batchOps: BATCH_OPS,
      batchRows: BATCH_ROWS,
      inflight: INFLIGHT,
      rounds: ROUNDS,
      writesUsPerOp: median(figures.insert),
      readsUsPerOp: median(figures.select),
      batchUsPerOp: median(figures.batch),
      inUsPerOp: median(figures.in),
      writesPerSec: Math.round(1e6 / median(figures.insert)),
      readsPerSec: Math.round(1e6 / median(figures.select)),
    };
    const say = (name: string, us: number) => (Number.isNaN(us) ? '' : `${name} ${us} µs (${Math.round(1e6 / us).toLocaleString()}/s per core)`);
    process.stdout.write(
      `server path, CPU per request: ${[say('writes', out.writesUsPerOp), say('reads', out.readsUsPerOp), say(`batch of ${BATCH_ROWS}`, out.batchUsPerOp), say(`IN of ${BATCH_ROWS}`, out.inUsPerOp)].filter((s) => s !== '').join(', ')}\n`,
    );
    process.stdout.write(`${JSON.stringify(out)}\n`);
  } finally {
    await node.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();

/**
 * bench:cql-in-process — what each layer above the engine costs per partition read, in one
 * process, without the protocol or the network: a real node (`IliumNode`, temporary directory)
 * holding 4,000 tweets in its memtable (the Twitter shapes of bench/cql-server-path.ts), read
 *
 *   engine     `StorageEngine.read` of one partition (the baseline, measured in the same run)
 *   proxy      the node's coordinator (`StorageProxy.read`), which on one node hands to the engine
 *   select     a prepared `SELECT … WHERE id = ?` through the query session
 *   in         a prepared `SELECT … WHERE id IN ?` of 20 ids, per id
 *   batch      a LOGGED BATCH of 20 prepared INSERTs (a tweet, 19 timeline rows), per row
 *
 * The figure is the process's CPU time per partition (µs) and its ratio to the engine's read.
 *
 *   layers     a prepared single-row write and read split by layer — protocol decode, statement
 *              (bind and execute), coordinator, engine, result encode — in CPU µs and bytes
 *              allocated per operation (request-layers.ts says how); the bench re-runs itself
 *              under node's --expose-gc and a large young generation for the allocation figures
 *
 *   node dist/bench/cql-in-process.js [--ops=100000] [--shapes=engine,proxy,select,in,batch,layers] [--address=127.0.0.1]
 *
 * `--address`: the node's listen address (its messaging port) and own seed, 127.0.0.1 by default.
 *
 * Last line: one JSON object.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { resolveNodeConfig } from '../src/config/index.js';
import { IliumNode } from '../src/server/index.js';
import type { BatchSpec } from '../src/transport/index.js';
import { CollectingContext } from '../src/transport/server/request-context.js';
import { type Layers, LAYER_NODE_FLAGS, formatLayers, hasLayerFlags, measureLayers } from './request-layers.js';
import { spawnSync } from 'node:child_process';

const { values: args } = parseArgs({ options: { ops: { type: 'string', default: '100000' }, shapes: { type: 'string', default: 'engine,proxy,select,in,batch,layers' }, address: { type: 'string', default: '127.0.0.1' } } });
const OPS = Number(args.ops);
const SHAPES = new Set(args.shapes.split(','));
const TWEETS = 4000;
if (SHAPES.has('layers') && !hasLayerFlags()) {
  const r = spawnSync(process.execPath, [...LAYER_NODE_FLAGS, ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}

const big = (n: number): Buffer => {
  const b = Buffer.alloc(8);
  b.writeBigInt64BE(BigInt(n));
  return b;
};
const int = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
/** A list<bigint> value as drivers send it: [int] count, then [int] length + bytes each. */
const bigList = (ns: readonly number[]): Buffer => {
  const b = Buffer.alloc(4 + 12 * ns.length);
  b.writeInt32BE(ns.length);
  ns.forEach((n, i) => {
    b.writeInt32BE(8, 4 + 12 * i);
    b.writeBigInt64BE(BigInt(n), 8 + 12 * i);
  });
  return b;
};
const params = (values: Buffer[]) => ({ consistency: 'LOCAL_ONE' as const, values, skipMetadata: true, pageSize: 5000, timestamp: BigInt(Date.now()) * 1000n });
const ctx = () => new CollectingContext(false, undefined);

/** CPU µs per partition of `ops` calls of `fn` touching `per` partitions each, after a warm-up of a tenth. */
async function measure(ops: number, per: number, fn: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < ops / 10; i++) await fn(i);
  const t0 = process.cpuUsage();
  for (let i = 0; i < ops; i++) await fn(i);
  const t = process.cpuUsage(t0);
  return Math.round(((t.user + t.system) / ops / per) * 100) / 100;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ilium-bench-inproc-'));
  const { config } = resolveNodeConfig({ data_file_directories: [join(dir, 'data')], start_native_transport: false, start_rpc: false, start_admin: false, listen_address: args.address, rpc_address: args.address, seeds: [args.address] });
  const node = await IliumNode.start({ config });
  try {
    const s = node.processor.newSession({ remoteAddress: { host: '127.0.0.1', port: 1 }, protocolVersion: 4, startupOptions: new Map() });
    const query = (q: string) => s.query(q, params([]), ctx());
    const prepare = async (q: string) => (await s.prepare(q, undefined, ctx())).id;
    await query("CREATE KEYSPACE bench WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await query('CREATE TABLE bench.tweets (id bigint PRIMARY KEY, user_id int, body text, ts bigint)');
    await query('CREATE TABLE bench.timeline (user_id int, ts bigint, tweet_id bigint, PRIMARY KEY (user_id, ts)) WITH CLUSTERING ORDER BY (ts DESC)');
    const insertTweet = await prepare('INSERT INTO bench.tweets (id, user_id, body, ts) VALUES (?, ?, ?, ?)');
    const insertTimeline = await prepare('INSERT INTO bench.timeline (user_id, ts, tweet_id) VALUES (?, ?, ?)');
    const selectOne = await prepare('SELECT id, user_id, body FROM bench.tweets WHERE id = ?');
    const selectIn = await prepare('SELECT id, user_id, body FROM bench.tweets WHERE id IN ?');
    const body = Buffer.from('x'.repeat(100));
    for (let i = 0; i < TWEETS; i++) await s.execute(insertTweet, params([big(i), int(i % 100), body, big(i)]), ctx());
    const cf = node.keeper.schema.keyspace('bench')!.tables.find((t) => t.name === 'tweets')!;
    const whole = { slices: [{ start: Buffer.alloc(0), end: Buffer.from([0xff, 0xff, 0xff]) }], reversed: false };

    const out: Record<string, number> = {};
    const say = (name: string, us: number) => {
      out[name] = us;
      const ratio = out.engine === undefined ? '' : `  ${(us / out.engine).toFixed(2)}× the engine's read`;
      process.stdout.write(`${name.padEnd(7)} ${us.toFixed(2).padStart(7)} µs per partition${ratio}\n`);
    };
    if (SHAPES.has('engine')) say('engine', await measure(OPS, 1, async (i) => node.engine.read(cf.id, big(i % TWEETS), whole)));
    if (SHAPES.has('proxy')) say('proxy', await measure(OPS, 1, (i) => node.cluster.proxy.read(cf, big(i % TWEETS), whole, 'LOCAL_ONE', 0)));
    if (SHAPES.has('select')) say('select', await measure(OPS, 1, (i) => s.execute(selectOne, params([big(i % TWEETS)]), ctx())));
    const ids = (i: number) => Array.from({ length: 20 }, (_, j) => (i * 20 + j * 7) % TWEETS);
    if (SHAPES.has('in')) say('in', await measure(Math.ceil(OPS / 20), 20, (i) => s.execute(selectIn, params([bigList(ids(i))]), ctx())));
    let next = TWEETS;
    const tweet = (): BatchSpec => {
      const id = next++;
      const ts = big(1_700_000_000_000 + id);
      const statements = [{ kind: 'prepared' as const, id: insertTweet, values: [big(id), int(id % 1000), body, ts] }];
      for (let f = 1; f < 20; f++) statements.push({ kind: 'prepared', id: insertTimeline, values: [int((id + f * 37) % 1000), ts, big(id)] });
      return { type: 'LOGGED', statements, consistency: 'LOCAL_ONE', timestamp: BigInt(Date.now()) * 1000n };
    };
    if (SHAPES.has('batch')) say('batch', await measure(Math.ceil(OPS / 20), 20, () => s.batch(tweet(), ctx())));
    let layers: { write: Layers; read: Layers } | undefined;
    if (SHAPES.has('layers')) {
      layers = await measureLayers(node, Math.min(OPS, 20_000));
      process.stdout.write(formatLayers('prepared write', layers.write) + formatLayers('prepared read', layers.read));
    }
    process.stdout.write(`${JSON.stringify({ bench: 'cql-in-process', date: new Date().toISOString(), ops: OPS, usPerPartition: out, ...(layers === undefined ? {} : { layers }) })}\n`);
  } finally {
    await node.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();

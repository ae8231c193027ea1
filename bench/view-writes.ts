/**
 * The write cost of materialized views: prepared INSERTs per second over the npm driver into three
 * tables of one `ilium start` node — one without views, one with one view, one with two — printed
 * as ratios to the table without views, all measured in the same run, with the node's CPU per
 * insert (utime + stime from /proc, every thread) beside them: the steadier figure on a busy machine. Each base INSERT of a table
 * with views reads the row before, logs base and view updates in the node's batch log, writes the
 * base and each view, then removes the log entry (db/view/write-with-views.ts).
 *
 *   node dist/bench/view-writes.js [--inserts=N] [--rounds=R] [--inflight=C] [--address=A]
 *
 * Defaults: 10,000 inserts per table per round, 5 rounds (the tables' order alternates between
 * rounds), 32 requests in flight, the node on 127.0.0.1. Figures are medians over the rounds.
 */
import { parseArgs } from 'node:util';
import cassandra from 'cassandra-driver';
import { startIliumProcess } from '../test/support/ilium-process.js';
import { cpuMs } from './cql-servers.js';

const { values } = parseArgs({ options: { inserts: { type: 'string' }, rounds: { type: 'string' }, inflight: { type: 'string' }, address: { type: 'string' } } });
const inserts = Number(values.inserts ?? 10_000);
const rounds = Number(values.rounds ?? 5);
const inflight = Number(values.inflight ?? 32);
const address = values.address ?? '127.0.0.1';

const TABLES = [
  { name: 't0', views: 0 },
  { name: 't1', views: 1 },
  { name: 't2', views: 2 },
] as const;

async function setUp(client: cassandra.Client): Promise<void> {
  await client.execute("CREATE KEYSPACE vb WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  for (const t of TABLES) {
    await client.execute(`CREATE TABLE vb.${t.name} (k int PRIMARY KEY, a int, b int, v text)`);
    const views = [['a', 'by_a'], ['b', 'by_b']].slice(0, t.views);
    for (const [col, view] of views) {
      await client.execute(`CREATE MATERIALIZED VIEW vb.${t.name}_${view} AS SELECT k, ${col}, v FROM vb.${t.name} WHERE ${col} IS NOT NULL AND k IS NOT NULL PRIMARY KEY (${col}, k)`);
    }
  }
}

/** Inserts `inserts` rows (keys from `first`) with `inflight` outstanding; resolves with inserts/s. */
async function insertRate(client: cassandra.Client, table: string, first: number): Promise<number> {
  const query = `INSERT INTO vb.${table} (k, a, b, v) VALUES (?, ?, ?, ?)`;
  const value = 'x'.repeat(64);
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: inflight }, async () => {
    while (next < inserts) {
      const k = first + next++;
      await client.execute(query, [k, k % 1000, k % 977, value], { prepare: true });
    }
  }));
  return inserts / (Number(process.hrtime.bigint() - started) / 1e9);
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main(): Promise<void> {
  const node = await startIliumProcess({ address, configYaml: 'enable_materialized_views: true\n' });
  const client = new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1', isMetadataSyncEnabled: false, protocolOptions: { maxVersion: 4 }, socketOptions: { readTimeout: 60_000 } });
  try {
    await client.connect();
    await setUp(client);
    const rates = new Map<string, number[]>(TABLES.map((t) => [t.name, []]));
    const cpuPerInsertUs = new Map<string, number[]>(TABLES.map((t) => [t.name, []]));
    await insertRate(client, 't0', 10_000_000); // warm-up: connections, prepared statements, JIT
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? TABLES : [...TABLES].reverse();
      for (const t of order) {
        const cpuBefore = cpuMs(node.pid) ?? 0;
        rates.get(t.name)!.push(await insertRate(client, t.name, r * inserts));
        cpuPerInsertUs.get(t.name)!.push((((cpuMs(node.pid) ?? 0) - cpuBefore) * 1000) / inserts);
      }
    }
    const base = median(rates.get('t0')!);
    const baseCpu = median(cpuPerInsertUs.get('t0')!);
    console.log(`view write cost: ${inserts} inserts per table per round, ${rounds} rounds, ${inflight} in flight, node ${node.host}`);
    for (const t of TABLES) {
      const m = median(rates.get(t.name)!);
      const cpu = median(cpuPerInsertUs.get(t.name)!);
      console.log(`  ${t.views} view${t.views === 1 ? ' ' : 's'}: ${Math.round(m).toString().padStart(6)} inserts/s  ratio ${(m / base).toFixed(2)}  (rounds: ${rates.get(t.name)!.map((x) => Math.round(x)).join(', ')});  node CPU ${Math.round(cpu)} µs/insert  ratio ${(cpu / baseCpu).toFixed(2)}`);
    }
  } finally {
    await client.shutdown();
    await node.stop();
    node.dispose();
  }
}

await main();

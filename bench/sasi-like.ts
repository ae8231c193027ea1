/**
 * bench:sasi — what a SASI `LIKE` costs against a plain scan: Ilium's SASI index keeps no index
 * structure and answers `LIKE` by a paced filtering scan (docs/COMPATIBILITY.md "SASI indexes"),
 * so the claim to check is that it costs about what scanning the table costs. Against a real
 * `ilium start`, npm cassandra-driver, 20,000 rows in 2,000 partitions, every page fetched
 * (pages of 5000): the baseline reads the whole table (`SELECT k, c, p FROM t`), then
 * `p LIKE 'apple%'` (a PREFIX index, 8000 rows match) and `p LIKE '%ppl%'` (CONTAINS on another
 * column, 8000 rows match). Paired rounds (paired-variants.ts); the figure is whole queries per
 * second, all pages included, and with one query at a time its time (p50).
 *
 *   node dist/bench/sasi-like.js [--seconds=5 --rounds=3 --inflight=1 --address=127.0.0.1]
 */
import { parseArgs } from 'node:util';
import cassandra from 'cassandra-driver';
import { startIliumProcess } from '../test/support/ilium-process.js';
import { measureVariants, progress, report } from './paired-variants.js';

const { values: args } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, rounds: { type: 'string', default: '3' }, inflight: { type: 'string', default: '1' }, address: { type: 'string', default: '127.0.0.1' } } });
const SASI = 'org.apache.cassandra.index.sasi.SASIIndex';
const PARTITIONS = 2000;
const ROWS_PER_PARTITION = 10;
const FRUITS = ['apple', 'apricot', 'banana', 'cherry', 'apple pie'];

progress('starting ilium');
const node = await startIliumProcess({ address: args.address, configYaml: 'enable_sasi_indexes: true\n' });
const client = new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1' });
try {
  await client.connect();
  await client.execute("CREATE KEYSPACE b WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await client.execute('CREATE TABLE b.t (k int, c int, p text, q text, PRIMARY KEY (k, c))');
  await client.execute(`CREATE CUSTOM INDEX p_idx ON b.t (p) USING '${SASI}'`);
  await client.execute(`CREATE CUSTOM INDEX q_idx ON b.t (q) USING '${SASI}' WITH OPTIONS = {'mode': 'CONTAINS'}`);
  progress(`writing ${PARTITIONS * ROWS_PER_PARTITION} rows`);
  for (let k = 0; k < PARTITIONS; k += 20) {
    const writes: Promise<unknown>[] = [];
    for (let kk = k; kk < k + 20; kk++) {
      for (let c = 0; c < ROWS_PER_PARTITION; c++) {
        const fruit = FRUITS[(kk * ROWS_PER_PARTITION + c) % FRUITS.length]!;
        writes.push(client.execute('INSERT INTO b.t (k, c, p, q) VALUES (?, ?, ?, ?)', [kk, c, fruit, fruit], { prepare: true }));
      }
    }
    await Promise.all(writes);
  }
  const scan = (query: string, expected: number) => async () => {
    let rows = 0;
    for await (const _ of await client.execute(query, [], { prepare: true, fetchSize: 5000 })) rows++;
    if (rows !== expected) throw new Error(`${query}: ${rows} rows, expected ${expected}`);
  };
  const all = PARTITIONS * ROWS_PER_PARTITION;
  // 'apple' and 'apple pie' start with apple; 'apple', 'apple pie' hold 'ppl': 2 of 5 fruits each.
  const results = await measureVariants(
    [
      { name: 'plain scan', op: scan('SELECT k, c, p FROM b.t', all) },
      { name: "LIKE 'apple%'", op: scan("SELECT k, c, p FROM b.t WHERE p LIKE 'apple%'", (all * 2) / 5) },
      { name: "LIKE '%ppl%'", op: scan("SELECT k, c, q FROM b.t WHERE q LIKE '%ppl%'", (all * 2) / 5) },
    ],
    { seconds: Number(args.seconds), rounds: Number(args.rounds), inflight: Number(args.inflight) },
  );
  report('sasi', results, { rows: all });
} finally {
  await client.shutdown();
  await node.stop();
  node.dispose();
}

/**
 * bench:udf — what a JavaScript UDF costs in a SELECT: the same prepared single-partition SELECT
 * of 100 rows, once returning the column (`SELECT c, v …`, the baseline) and once applying a
 * LANGUAGE javascript function to it (`SELECT c, plus_one(v) …`), against a real `ilium start`
 * (user-defined functions on), with the npm cassandra-driver. Paired rounds (paired-variants.ts);
 * the ratio is the UDF SELECT's requests per second over the plain one's, and the per-call cost
 * is derived from the two: (1/udf − 1/plain) / 100 rows.
 *
 *   node dist/bench/udf-call.js [--seconds=5 --rounds=3 --inflight=32 --address=127.0.0.1]
 */
import { parseArgs } from 'node:util';
import cassandra from 'cassandra-driver';
import { startIliumProcess } from '../test/support/ilium-process.js';
import { measureVariants, progress, report } from './paired-variants.js';

const { values: args } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, rounds: { type: 'string', default: '3' }, inflight: { type: 'string', default: '32' }, address: { type: 'string', default: '127.0.0.1' } } });
const ROWS = 100;
const PARTITIONS = 50;

progress('starting ilium');
const node = await startIliumProcess({ address: args.address, configYaml: 'enable_user_defined_functions: true\nenable_scripted_user_defined_functions: true\n' });
const client = new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1' });
try {
  await client.connect();
  await client.execute("CREATE KEYSPACE b WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await client.execute('CREATE TABLE b.t (k int, c int, v int, PRIMARY KEY (k, c))');
  await client.execute("CREATE FUNCTION b.plus_one (v int) RETURNS NULL ON NULL INPUT RETURNS int LANGUAGE javascript AS 'v + 1'");
  progress(`writing ${PARTITIONS * ROWS} rows`);
  for (let k = 0; k < PARTITIONS; k++) {
    await Promise.all(Array.from({ length: ROWS }, (_, c) => client.execute('INSERT INTO b.t (k, c, v) VALUES (?, ?, ?)', [k, c, c], { prepare: true })));
  }
  const select = (query: string) => async (i: number) => {
    const rs = await client.execute(query, [i % PARTITIONS], { prepare: true });
    if (rs.rows.length !== ROWS) throw new Error(`${rs.rows.length} rows`);
  };
  const results = await measureVariants(
    [
      { name: 'plain', op: select('SELECT c, v FROM b.t WHERE k = ?') },
      { name: 'udf', op: select('SELECT c, b.plus_one(v) FROM b.t WHERE k = ?') },
    ],
    { seconds: Number(args.seconds), rounds: Number(args.rounds), inflight: Number(args.inflight) },
  );
  const [plain, udf] = results as [(typeof results)[0], (typeof results)[0]];
  // Seconds per request, spread over its rows: what one call adds (the machine's CPU is the limit).
  const perCallUs = Math.round(((1 / udf.opsPerSec - 1 / plain.opsPerSec) / ROWS) * 1e6 * 100) / 100;
  process.stdout.write(`one UDF call adds ~${perCallUs} µs of node time (${ROWS} rows per SELECT)\n`);
  report('udf', results, { rowsPerSelect: ROWS, perCallUs });
} finally {
  await client.shutdown();
  await node.stop();
  node.dispose();
}

/**
 * User-defined functions on a ring of three real processes (127.0.25.21–23): a function and an
 * aggregate created through one node reach the others with the schema (schema sync), each node
 * runs them in its own sandbox, and DROP travels the same way.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import { type ConfiguredCluster, eventually, startConfiguredCluster } from '../support/test-cluster.js';

let ring: ConfiguredCluster;
let clients: readonly cassandra.Client[] = [];

before(async () => {
  ring = await startConfiguredCluster('127.0.25.21', 3, 'enable_user_defined_functions: true\nenable_scripted_user_defined_functions: true\n');
  ({ clients } = ring);
});

after(async () => {
  await ring?.stop();
});

test('a UDF and a UDA made on one node are known and run on every node; DROP reaches them all', async () => {
  const [first] = clients;
  await first!.execute("CREATE KEYSPACE ring WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
  await first!.execute('CREATE TABLE ring.t (k int, c int, v int, PRIMARY KEY (k, c))');
  await first!.execute("CREATE FUNCTION ring.twice(x int) RETURNS NULL ON NULL INPUT RETURNS int LANGUAGE javascript AS 'x * 2'");
  await first!.execute("CREATE FUNCTION ring.plus(s int, x int) RETURNS NULL ON NULL INPUT RETURNS int LANGUAGE javascript AS 's + x'");
  await first!.execute('CREATE AGGREGATE ring.total(int) SFUNC plus STYPE int INITCOND 0');
  for (let i = 1; i <= 4; i++) await first!.execute('INSERT INTO ring.t (k, c, v) VALUES (1, ?, ?)', [i, i * 10], { prepare: true, consistency: cassandra.types.consistencies.all });
  for (const c of clients) {
    const r = await eventually('the function on every node', async () => {
      try {
        return (await c.execute('SELECT ring.twice(v) AS d, ring.total(v) AS s FROM ring.t WHERE k = 1 GROUP BY k', [], { consistency: cassandra.types.consistencies.all })).first();
      } catch {
        return undefined;
      }
    });
    assert.deepEqual([r['d'], r['s']], [20, 100]);
    const fns = await c.execute("SELECT function_name FROM system_schema.functions WHERE keyspace_name = 'ring'");
    assert.deepEqual(fns.rows.map((x) => x['function_name']).sort(), ['plus', 'twice']);
  }
  await first!.execute('DROP AGGREGATE ring.total');
  for (const c of clients) {
    await eventually('the aggregate dropped everywhere', async () => ((await c.execute("SELECT * FROM system_schema.aggregates WHERE keyspace_name = 'ring'")).rows.length === 0 ? true : undefined));
  }
});

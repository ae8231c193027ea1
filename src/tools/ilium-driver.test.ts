/**
 * A real `ilium start` process and the DataStax Node.js driver (npm cassandra-driver), a client
 * no one here wrote: connect (system.local, system.peers, system_schema.*), DDL, USE, typed
 * error codes, prepared statements, named values, UNPREPARED after the prepared cache evicted a
 * statement (the driver re-prepares by itself), SIGTERM (exit 0) and a restart that still has
 * the data.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import { createRealEnv } from '../env/index.js';
import { ErrorCode } from '../errors/index.js';
import { CqlWireClient } from '../../test/support/cql-wire-client.js';
import { type IliumProcess, startIliumProcess } from '../../test/support/ilium-process.js';

function driver(node: IliumProcess, options: Partial<cassandra.ClientOptions> = {}): cassandra.Client {
  return new cassandra.Client({
    contactPoints: [`${node.host}:${node.port}`],
    localDataCenter: 'datacenter1',
    pooling: { coreConnectionsPerHost: { [cassandra.types.distance.local]: 1 } },
    ...options,
  });
}

/** The server error code a driver call failed with. */
async function codeOf(p: Promise<unknown>): Promise<number> {
  try {
    await p;
  } catch (e) {
    return (e as { code: number }).code;
  }
  assert.fail('expected the request to fail');
}

test('cassandra-driver against ilium start: connect, DDL, USE, errors, prepared and named values, UNPREPARED, SIGTERM and restart', async () => {
  const node = await startIliumProcess({ configYaml: 'prepared_statements_cache_max_entries: 2\n' });
  let restarted: IliumProcess | undefined;
  try {
    const client = driver(node);
    try {
      await client.connect();
      assert.equal(client.getState().getConnectedHosts().length, 1);
      const local = await client.execute("SELECT cluster_name, data_center, partitioner FROM system.local WHERE key = 'local'");
      assert.deepEqual({ ...local.first() }, { cluster_name: 'Test Cluster', data_center: 'datacenter1', partitioner: 'org.apache.cassandra.dht.Murmur3Partitioner' });

      await client.execute("CREATE KEYSPACE app WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      await client.execute('CREATE TABLE app.users (id int PRIMARY KEY, name text, email text)');
      assert.ok(client.metadata.keyspaces['app'], 'the driver learned the keyspace (schema event + system_schema)');

      // Errors keep Cassandra's codes.
      assert.equal(await codeOf(client.execute('SELEC * FROM app.users')), ErrorCode.SYNTAX_ERROR);
      assert.equal(await codeOf(client.execute('SELECT * FROM app.nope')), ErrorCode.INVALID);
      assert.equal(await codeOf(client.execute('CREATE TABLE app.users (id int PRIMARY KEY)')), ErrorCode.ALREADY_EXISTS);

      // Prepared statements, with the driver's types from our metadata.
      const insert = 'INSERT INTO app.users (id, name, email) VALUES (?, ?, ?)';
      for (const [id, name] of [[1, 'ann'], [2, 'bob'], [3, 'cy']] as const) await client.execute(insert, [id, name, `${name}@example.com`], { prepare: true });
      const one = await client.execute('SELECT name, email FROM app.users WHERE id = ?', [2], { prepare: true });
      assert.deepEqual({ ...one.first() }, { name: 'bob', email: 'bob@example.com' });

      // USE, then unqualified names; named values on a simple statement.
      await client.execute('USE app');
      await client.execute('UPDATE users SET email = :email WHERE id = :id', { id: 1, email: 'ann@ilium.example' }, { prepare: true });
      await client.execute("UPDATE users SET name = :name WHERE id = 3", { name: 'cyd' });
      const all = await client.execute('SELECT id, name, email FROM users');
      assert.deepEqual(
        all.rows.map((r) => [r['id'], r['name'], r['email']]).sort((a, b) => (a[0] as number) - (b[0] as number)),
        [[1, 'ann', 'ann@ilium.example'], [2, 'bob', 'bob@example.com'], [3, 'cyd', 'cy@example.com']],
      );

      // Paging: the driver hands our paging state back for the next page.
      const first = await client.execute('SELECT id FROM users', [], { fetchSize: 2 });
      assert.equal(first.rows.length, 2);
      assert.ok(first.pageState !== null && first.pageState !== undefined, 'more pages follow');
      const rest = await client.execute('SELECT id FROM users', [], { fetchSize: 2, pageState: first.pageState });
      assert.deepEqual([...first.rows, ...rest.rows].map((r) => r['id'] as number).sort(), [1, 2, 3]);

      // The cache holds two statements: preparing two more evicts the INSERT. The server answers
      // UNPREPARED (seen on the wire), and the driver re-prepares and retries on its own.
      const wire = await CqlWireClient.connect(createRealEnv().net, { host: node.host, port: node.port });
      await wire.startup();
      const prepared = await wire.request({ opcode: 'PREPARE', query: insert });
      assert.ok(prepared.response.opcode === 'RESULT' && prepared.response.result.kind === 'prepared');
      const insertId = prepared.response.result.id;
      await client.execute('SELECT id FROM app.users WHERE id = ?', [1], { prepare: true });
      await client.execute('SELECT email FROM app.users WHERE id = ?', [1], { prepare: true });
      const evicted = await wire.request({ opcode: 'EXECUTE', id: insertId, params: { consistency: 'ONE', values: [], skipMetadata: false } });
      assert.ok(evicted.response.opcode === 'ERROR');
      assert.equal(evicted.response.error.code, ErrorCode.UNPREPARED);
      wire.close();
      await client.execute(insert, [4, 'dee', 'dee@example.com'], { prepare: true });
      assert.equal((await client.execute('SELECT name FROM app.users WHERE id = 4')).first()['name'], 'dee');
    } finally {
      await client.shutdown();
    }
    assert.equal(await node.stop(), 0, 'SIGTERM: clean shutdown');

    // The flushed data is there after a restart on the same directory.
    restarted = await startIliumProcess({ dataDir: node.dataDir });
    const again = driver(restarted, { keyspace: 'app' });
    try {
      await again.connect();
      assert.equal((await again.execute('SELECT count(*) AS n FROM users')).first()['n'].toNumber(), 4);
    } finally {
      await again.shutdown();
    }
    assert.equal(await restarted.stop(), 0);
  } finally {
    restarted?.dispose();
    node.dispose();
  }
});

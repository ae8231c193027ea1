/**
 * The DataStax Node.js driver (npm cassandra-driver, a devDependency) against CqlServer on real
 * loopback TCP with the fake query layer: version negotiation (the driver starts above v4 and
 * must step down on our "Invalid or unsupported protocol version" answer), connection, metadata,
 * simple and prepared queries, paging, errors, authentication. The driver has no frame
 * compression (its client options have no compression setting), so compression is covered by
 * our own codec in the server and fuzz tests.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import { createRealEnv } from '../env/index.js';
import { CqlServer } from './server/cql-server.js';
import { PasswordAuthenticator } from './server/password-authenticator.js';
import { RecordingLogger } from './server/transport-logger.js';
import { FakeCqlHandler } from '../../test/support/fake-cql-handler.js';
import type { CqlServerOptions } from './server/server-options.js';

async function withServer(
  options: Partial<CqlServerOptions>,
  clientOptions: Partial<cassandra.ClientOptions>,
  body: (client: cassandra.Client, fake: FakeCqlHandler) => Promise<void>,
): Promise<void> {
  const fake = new FakeCqlHandler();
  const server = new CqlServer(createRealEnv(), fake, { host: '127.0.0.1', port: 0, logger: new RecordingLogger(), ...options });
  const { port } = await server.start();
  const client = new cassandra.Client({
    contactPoints: [`127.0.0.1:${port}`],
    localDataCenter: 'datacenter1',
    pooling: { coreConnectionsPerHost: { [cassandra.types.distance.local]: 1 } },
    ...clientOptions,
  });
  try {
    await client.connect();
    await body(client, fake);
  } finally {
    await client.shutdown();
    await server.close();
  }
}

test('the driver negotiates down to v4, connects with metadata sync, and runs simple and prepared queries', async () => {
  await withServer({}, {}, async (client, fake) => {
    assert.equal((client as unknown as { controlConnection: { protocolVersion: number } }).controlConnection.protocolVersion, 4);
    assert.ok(client.metadata.keyspaces['ks'], 'keyspace metadata read from system_schema.keyspaces');
    const local = await client.execute("SELECT * FROM system.local WHERE key='local'");
    assert.equal(local.first().get('cluster_name'), 'Ilium Test Cluster');
    await client.execute('INSERT INTO ks.kv (k, v) VALUES (?, ?)', ['a', 'alpha'], { prepare: true });
    await client.execute('INSERT INTO ks.kv (k, v) VALUES (?, ?)', ['b', 'beta']);
    assert.equal(fake.store.get('a'), 'alpha');
    assert.equal(fake.store.get('b'), 'beta');
    const one = await client.execute('SELECT k, v FROM ks.kv WHERE k = ?', ['b'], { prepare: true });
    assert.equal(one.rowLength, 1);
    assert.equal(one.first().get('v'), 'beta');
    const again = await client.execute('SELECT k, v FROM ks.kv WHERE k = ?', ['a'], { prepare: true });
    assert.equal(again.first().get('v'), 'alpha', 'prepared statement reused (skip_metadata path)');
  });
});

test('the installed driver (4.10) has no protocol v5: maxVersion 5 is refused by the driver itself, so it stays on v4', () => {
  // lib/types/protocol-version.js: isSupportedCassandra(v) is v1..v4; v5 is "not supported by the driver".
  assert.throws(() => new cassandra.Client({ contactPoints: ['127.0.0.1'], localDataCenter: 'datacenter1', protocolOptions: { maxVersion: 5 } }), /maxVersion provided \(5\) is invalid/);
});

test('the driver pages, sees warnings and tracing ids, and gets typed errors', async () => {
  const noRetry = { retry: new cassandra.policies.retry.FallthroughRetryPolicy() };
  const options = { isMetadataSyncEnabled: false, protocolOptions: { maxVersion: 4 }, policies: noRetry };
  await withServer({}, options, async (client, fake) => {
    for (let i = 0; i < 25; i++) fake.store.set(`k${String(i).padStart(2, '0')}`, `v${i}`);
    let rows = 0;
    let pages = 0;
    let pageState: string | undefined;
    do {
      const rs = await client.execute('SELECT k, v FROM kv', [], { fetchSize: 10, ...(pageState ? { pageState } : {}) });
      rows += rs.rowLength;
      pages++;
      pageState = rs.pageState ?? undefined;
    } while (pageState);
    assert.equal(rows, 25);
    assert.equal(pages, 3);
    const warned = await client.execute('WARN careful');
    assert.deepEqual(warned.info.warnings, ['careful']);
    const traced = await client.execute("SELECT * FROM system.local WHERE key='local'", [], { traceQuery: true });
    assert.ok(traced.info.traceId, 'a tracing id');
    await assert.rejects(client.execute('FAIL UNAVAILABLE'), (e: cassandra.errors.ResponseError) => {
      assert.equal(e.code, cassandra.types.responseErrorCodes.unavailableException);
      assert.equal((e as unknown as { required: number }).required, 2);
      return true;
    });
    await assert.rejects(client.execute('FAIL SYNTAX'), (e: cassandra.errors.ResponseError) => {
      assert.equal(e.code, cassandra.types.responseErrorCodes.syntaxError);
      return true;
    });
  });
});

test('the driver authenticates with PlainTextAuthProvider; a wrong password is refused', async () => {
  const authenticator = new PasswordAuthenticator(new Map([['cassandra', 'cassandra']]));
  await withServer(
    { authenticator },
    { isMetadataSyncEnabled: false, authProvider: new cassandra.auth.PlainTextAuthProvider('cassandra', 'cassandra') },
    async (client, fake) => {
      const rs = await client.execute("SELECT * FROM system.local WHERE key='local'");
      assert.equal(rs.rowLength, 1);
      assert.ok(fake.sessions.every((s) => s.client.user === 'cassandra'));
    },
  );
  await assert.rejects(
    withServer(
      { authenticator },
      { isMetadataSyncEnabled: false, authProvider: new cassandra.auth.PlainTextAuthProvider('cassandra', 'wrong') },
      async () => {},
    ),
    /incorrect|NoHostAvailable|All host\(s\) tried/i,
  );
});

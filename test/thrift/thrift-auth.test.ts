/**
 * login() against a node with PasswordAuthenticator (the default superuser cassandra/cassandra in system_auth), with
 * the generated Node client: AuthenticationException for wrong or incomplete credentials, data
 * and schema calls refused until a login succeeds, and the same user accepted over CQL.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import { SIMPLE_STRATEGY, type ThriftTestNode, nowMicros, startThriftNode, thriftRejects } from './thrift-test-node.js';

let node: ThriftTestNode;

before(async () => {
  // The default superuser is made after superuser_setup_delay_ms, as Cassandra does: at once here, then awaited.
  node = await startThriftNode('127.0.0.56', 'authenticator: PasswordAuthenticator\n', ['-Dcassandra.superuser_setup_delay_ms=0']);
  const { client } = await node.connect();
  for (let i = 0; ; i++) {
    try {
      await client.login({ credentials: { username: 'cassandra', password: 'cassandra' } });
      break;
    } catch (e) {
      if (i >= 100) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
});
after(async () => {
  await node?.close();
});

test('login with PasswordAuthenticator: refusals, then the same user over Thrift and CQL', async () => {
  const { client: c } = await node.connect();
  const ksDef = { name: 'AuthKs', strategy_class: SIMPLE_STRATEGY, replication_factor: 1, cf_defs: [{ keyspace: 'AuthKs', name: 'Cf', comparator_type: 'UTF8Type' }] };
  assert.equal(await c.describe_version(), node.js.types.VERSION, 'describe calls need no login');
  await thriftRejects(c.system_add_keyspace(ksDef), 'InvalidRequestException', 'not logged in');
  await thriftRejects(c.login({ credentials: { username: 'cassandra', password: 'wrong' } }), 'AuthenticationException');
  await thriftRejects(c.login({ credentials: { username: 'nobody', password: 'cassandra' } }), 'AuthenticationException');
  await thriftRejects(c.login({ credentials: { username: 'cassandra' } }), 'AuthenticationException', 'password');
  await thriftRejects(c.system_add_keyspace(ksDef), 'InvalidRequestException', 'not logged in');

  await c.login({ credentials: { username: 'cassandra', password: 'cassandra' } });
  await c.system_add_keyspace(ksDef);
  await c.set_keyspace('AuthKs');
  await c.insert('k', { column_family: 'Cf' }, { name: 'who', value: 'cassandra', timestamp: nowMicros() }, node.ONE);

  // Another connection is not logged in by this one's login.
  const { client: other } = await node.connect();
  await thriftRejects(other.get_slice('k', { column_family: 'Cf' }, { slice_range: { start: '', finish: '', reversed: false, count: 10 } }, node.ONE), 'InvalidRequestException');

  const cql = new cassandra.Client({
    contactPoints: [`${node.host}:${node.process.port}`],
    localDataCenter: 'datacenter1',
    authProvider: new cassandra.auth.PlainTextAuthProvider('cassandra', 'cassandra'),
  });
  try {
    await cql.connect();
    const rs = await cql.execute('SELECT column1, value FROM "AuthKs"."Cf"');
    assert.deepEqual(rs.rows.map((r) => [r['column1'], r['value'].toString()]), [['who', 'cassandra']]);
  } finally {
    await cql.shutdown();
  }
});

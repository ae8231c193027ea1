/**
 * Per-function permissions and CassandraNetworkAuthorizer against a real `ilium start` process
 * (127.0.31.1, `data_center: dc7`, PasswordAuthenticator, CassandraAuthorizer,
 * CassandraNetworkAuthorizer, JavaScript UDFs on, validity windows 0) through the npm
 * cassandra-driver, and the TS API's Thrift login:
 *
 * - GRANT EXECUTE ON FUNCTION ks.f(int): refused before, allowed after, listed by LIST
 *   PERMISSIONS, gone once the function is dropped;
 * - ACCESS TO DATACENTERS {'dc7'} lets a role in; a role whose row names another data centre is
 *   refused on each request ("You do not have access to this datacenter (dc7)", Unauthorized) and
 *   at the Thrift login; LIST USERS shows the data centres; DROP ROLE takes the row away.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import { connect } from '../../src/api/remote/connect.js';
import { type IliumProcess, startIliumProcess } from '../support/ilium-process.js';
import { SUPERUSER_AT_ONCE } from '../support/default-superuser.js';

const ADDRESS = '127.0.31.1';
const DC = 'dc7';
const YAML = [
  'authenticator: PasswordAuthenticator',
  'authorizer: CassandraAuthorizer',
  'network_authorizer: CassandraNetworkAuthorizer',
  'roles_validity_in_ms: 0',
  'permissions_validity_in_ms: 0',
  'credentials_validity_in_ms: 0',
  `data_center: ${DC}`,
  'enable_user_defined_functions: true',
  'enable_scripted_user_defined_functions: true',
  '',
].join('\n');

let node: IliumProcess;
let admin: cassandra.Client;

function clientAs(user: string, password: string): cassandra.Client {
  return new cassandra.Client({
    contactPoints: [`${node.host}:${node.port}`],
    localDataCenter: DC,
    authProvider: new cassandra.auth.PlainTextAuthProvider(user, password),
    policies: { retry: new cassandra.policies.retry.FallthroughRetryPolicy() },
  });
}

const UNAUTHORIZED = 0x2100;
const refused = (message: string) => (e: unknown) => (e as { code?: number }).code === UNAUTHORIZED && (e as Error).message === message;
const rowsOf = async (c: cassandra.Client, cql: string): Promise<string[]> => (await c.execute(cql)).rows.map((r) => r.values().map(String).join(' | '));

before(async () => {
  node = await startIliumProcess({ address: ADDRESS, configYaml: YAML, args: ['--seeds', ADDRESS, SUPERUSER_AT_ONCE], readyTimeoutMs: 60_000 });
  // The default superuser (made at once, SUPERUSER_AT_ONCE): wait for its login, from data centre dc7.
  for (let i = 0; ; i++) {
    const c = clientAs('cassandra', 'cassandra');
    try {
      await c.connect();
      break;
    } catch (e) {
      if (i > 150) throw e;
    } finally {
      await c.shutdown();
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  admin = clientAs('cassandra', 'cassandra');
  await admin.connect();
});

after(async () => {
  await admin?.shutdown();
  if (node !== undefined) {
    await node.stop();
    node.dispose();
  }
});

test('GRANT EXECUTE ON FUNCTION ks.f(int): refused, granted, listed, gone with the function', { timeout: 60_000 }, async () => {
  await admin.execute("CREATE KEYSPACE fks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await admin.execute('CREATE TABLE fks.t (k int PRIMARY KEY, v int)');
  await admin.execute('INSERT INTO fks.t (k, v) VALUES (1, 41)');
  await admin.execute("CREATE FUNCTION fks.inc(x int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS 'x + 1'");
  await admin.execute("CREATE ROLE bob WITH PASSWORD = 'b' AND LOGIN = true");
  await admin.execute('GRANT SELECT ON KEYSPACE fks TO bob');
  const bob = clientAs('bob', 'b');
  try {
    await bob.connect();
    await assert.rejects(bob.execute('SELECT fks.inc(v) FROM fks.t WHERE k = 1'), refused('User bob has no EXECUTE permission on <function fks.inc(int)> or any of its parents'));
    await admin.execute('GRANT EXECUTE ON FUNCTION fks.inc(int) TO bob');
    assert.equal((await bob.execute('SELECT fks.inc(v) AS r FROM fks.t WHERE k = 1')).first().get('r'), 42);
    assert.deepEqual(await rowsOf(admin, 'LIST ALL PERMISSIONS ON FUNCTION fks.inc(int) OF bob'), ['bob | bob | <function fks.inc(int)> | EXECUTE']);
    await admin.execute('DROP FUNCTION fks.inc(int)');
    assert.deepEqual((await rowsOf(admin, 'LIST ALL PERMISSIONS OF bob')).filter((r) => r.includes('function')), []);
    assert.deepEqual((await rowsOf(admin, 'SELECT resource FROM system_auth.role_permissions')).filter((r) => r.startsWith('functions/fks/')), []);
  } finally {
    await bob.shutdown();
  }
});

test('ACCESS TO DATACENTERS: a role kept out of dc7 is refused on CQL requests and at the Thrift login', { timeout: 60_000 }, async () => {
  await admin.execute(`CREATE ROLE ana WITH PASSWORD = 'a' AND LOGIN = true AND ACCESS TO DATACENTERS {'${DC}'}`);
  await assert.rejects(admin.execute("CREATE ROLE zed WITH LOGIN = true AND ACCESS TO DATACENTERS {'dc8'}"), (e: unknown) => (e as Error).message === "Invalid value(s) for DATACENTERS '[dc8]',All values must be valid datacenters");
  assert.ok((await rowsOf(admin, 'LIST USERS')).includes(`ana | false | ${DC}`));
  const ana = clientAs('ana', 'a');
  try {
    await ana.connect();
    await ana.execute('SELECT release_version FROM system.local');
    // As a node of data centre dc8 would have stored it: this ring has only dc7.
    await admin.execute("UPDATE system_auth.network_permissions SET dcs = {'dc8'} WHERE role = 'ana'");
    const refusal = refused(`You do not have access to this datacenter (${DC})`);
    await assert.rejects(ana.execute('SELECT release_version FROM system.local'), refusal);
    // A new session cannot even read system.local: the driver's connect fails with that error.
    const again = clientAs('ana', 'a');
    await assert.rejects(again.connect(), (e: unknown) => String((e as Error).message).includes(`You do not have access to this datacenter (${DC})`) || JSON.stringify((e as { innerErrors?: unknown }).innerErrors ?? {}).includes('You do not have access to this datacenter'));
    await again.shutdown();
    await assert.rejects(
      connect({ contactPoints: [`${node.host}:${node.thriftPort!}`], protocol: 'thrift', credentials: { username: 'ana', password: 'a' } }),
      (e: unknown) => String((e as Error).message).includes(`You do not have access to this datacenter (${DC})`),
    );
    await admin.execute('ALTER ROLE ana WITH ACCESS TO ALL DATACENTERS');
    await ana.execute('SELECT release_version FROM system.local');
    await admin.execute('DROP ROLE ana');
    assert.deepEqual(await rowsOf(admin, "SELECT role FROM system_auth.network_permissions WHERE role = 'ana'"), []);
  } finally {
    await ana.shutdown();
  }
});

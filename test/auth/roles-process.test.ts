/**
 * Roles end to end on a real `ilium start` with `authenticator: PasswordAuthenticator`: the
 * default superuser appears (superuser_setup_delay_ms shortened to 0), npm cassandra-driver logs
 * in as cassandra/cassandra and creates alice, a new driver logs in as alice, a wrong password
 * and a role without LOGIN are refused with Cassandra's messages, LIST ROLES prints Cassandra's
 * columns, Debian's python3-cassandra and a Thrift login() log in as alice too, and system_auth
 * is listed in system_schema with its replication changeable by ALTER KEYSPACE.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, test } from 'node:test';
import cassandra from 'cassandra-driver';
import { connectThrift } from '../../src/thrift/client/connect-thrift.js';
import { clientAs } from '../support/default-superuser.js';
import { type IliumProcess, startIliumProcess } from '../support/ilium-process.js';

const ADDRESS = '127.0.0.60';
const PYTHON = '/usr/bin/python3';
let node: IliumProcess;

function client(user: string, password: string): cassandra.Client {
  return clientAs(node.host, node.port, user, password);
}

async function loginError(user: string, password: string): Promise<string> {
  const c = client(user, password);
  try {
    await c.connect();
    return 'connected';
  } catch (e) {
    const inner = Object.values((e as { innerErrors?: Record<string, Error> }).innerErrors ?? {})[0];
    return (inner ?? (e as Error)).message;
  } finally {
    await c.shutdown();
  }
}

before(async () => {
  node = await startIliumProcess({
    address: ADDRESS,
    configYaml: 'authenticator: PasswordAuthenticator\n',
    args: ['--seeds', ADDRESS, '-Dcassandra.superuser_setup_delay_ms=0'],
    readyTimeoutMs: 60_000,
  });
  // The default superuser is written shortly after start (as Cassandra does, after its delay).
  for (let i = 0; (await loginError('cassandra', 'cassandra')) !== 'connected'; i++) {
    if (i >= 100) throw new Error(`cassandra/cassandra never accepted:\n${node.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
});
after(async () => {
  if (node === undefined) return;
  await node.stop();
  node.dispose();
});

test('roles through npm cassandra-driver: default superuser, CREATE ROLE, login as alice, refusals, LIST ROLES', { timeout: 120_000 }, async () => {
  assert.match(node.output(), /default_superuser_created/, 'the creation is logged as a warning');
  const admin = client('cassandra', 'cassandra');
  await admin.connect();
  try {
    await admin.execute("CREATE ROLE alice WITH PASSWORD = 'pw' AND LOGIN = true");
    await admin.execute("CREATE ROLE nologin WITH PASSWORD = 'x'");
    await assert.rejects(admin.execute("CREATE ROLE alice WITH PASSWORD = 'pw'"), /alice already exists/);
    const roles = await admin.execute('LIST ROLES');
    assert.deepEqual(roles.columns.map((c) => c.name), ['role', 'super', 'login', 'options']);
    assert.deepEqual(roles.rows.map((r) => [r['role'], r['super'], r['login']]), [['alice', false, true], ['cassandra', true, true], ['nologin', false, false]]);
    const ks = await admin.execute("SELECT table_name FROM system_schema.tables WHERE keyspace_name = 'system_auth'");
    assert.deepEqual(ks.rows.map((r) => r['table_name']).sort(), ['network_permissions', 'resource_role_permissons_index', 'role_members', 'role_permissions', 'roles']);
    await admin.execute("ALTER KEYSPACE system_auth WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  } finally {
    await admin.shutdown();
  }

  const alice = client('alice', 'pw');
  await alice.connect();
  try {
    const rs = await alice.execute("SELECT role, can_login FROM system_auth.roles WHERE role = 'alice'");
    assert.deepEqual(rs.rows.map((r) => [r['role'], r['can_login']]), [['alice', true]]);
    await assert.rejects(alice.execute('CREATE ROLE eve'), /User alice does not have sufficient privileges to perform the requested operation$/);
  } finally {
    await alice.shutdown();
  }
  assert.match(await loginError('alice', 'wrong'), /Provided username alice and\/or password are incorrect/);
  assert.match(await loginError('nologin', 'x'), /nologin is not permitted to log in/);
});

test('python3-cassandra logs in as alice', { timeout: 60_000, skip: spawnSync(PYTHON, ['-c', 'import cassandra.cluster']).status === 0 ? false : 'python3-cassandra is not installed' }, () => {
  const script = [
    'import sys',
    'from cassandra.cluster import Cluster',
    'from cassandra.auth import PlainTextAuthProvider',
    'c = Cluster([sys.argv[1]], port=int(sys.argv[2]), auth_provider=PlainTextAuthProvider(username="alice", password="pw"))',
    's = c.connect()',
    'print(s.execute("SELECT role FROM system_auth.roles WHERE role = %s", ["alice"]).one().role)',
    'c.shutdown()',
  ].join('\n');
  const r = spawnSync(PYTHON, ['-c', script, node.host, String(node.port)], { encoding: 'utf8', timeout: 50_000 });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), 'alice');
});

test('a Thrift login() as alice; a wrong password is an AuthenticationException', { timeout: 30_000 }, async () => {
  assert.ok(node.thriftPort !== undefined);
  const c = await connectThrift({ host: node.host, port: node.thriftPort });
  try {
    await assert.rejects(c.login({ credentials: new Map([['username', 'alice'], ['password', 'nope']]) }), /Provided username alice and\/or password are incorrect/);
    await c.login({ credentials: new Map([['username', 'alice'], ['password', 'pw']]) });
  } finally {
    await c.close();
  }
});

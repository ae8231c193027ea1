/**
 * Permissions end to end on a real `ilium start` (127.0.0.80) with `authenticator:
 * PasswordAuthenticator` and `authorizer: CassandraAuthorizer` (permissions_validity_in_ms and
 * roles_validity_in_ms 0, so a change is seen at once): through npm cassandra-driver, a
 * non-superuser alice is refused SELECT on a table with Unauthorized (0x2100) and Cassandra's
 * message, allowed after GRANT SELECT, refused after REVOKE; allowed again through a granted role;
 * LIST PERMISSIONS answers Cassandra's columns and rows; DDL needs CREATE / ALTER / DROP and a
 * grant needs AUTHORIZE (a creator holds both on what it made). Through Debian's python3-cassandra
 * (a process per step) carol is refused, granted and refused again. Over Thrift (Ilium's client,
 * login()) the same grants decide, refusals as InvalidRequestException with Cassandra's message.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, test } from 'node:test';
import cassandra from 'cassandra-driver';
import { connectThrift } from '../../src/thrift/client/connect-thrift.js';
import { SUPERUSER_AT_ONCE, defaultSuperuserReady, clientAs } from '../support/default-superuser.js';
import { type IliumProcess, startIliumProcess } from '../support/ilium-process.js';

const ADDRESS = '127.0.0.80';
const PYTHON = '/usr/bin/python3';
let node: IliumProcess;

function client(user: string, password: string): cassandra.Client {
  return clientAs(node.host, node.port, user, password);
}

const unauthorized = (message: string) => (e: unknown) => {
  const err = e as { code?: number; message?: string };
  assert.equal(err.code, 0x2100);
  assert.equal(err.message, message);
  return true;
};

before(async () => {
  node = await startIliumProcess({
    address: ADDRESS,
    configYaml: 'authenticator: PasswordAuthenticator\nauthorizer: CassandraAuthorizer\npermissions_validity_in_ms: 0\nroles_validity_in_ms: 0\n',
    args: ['--seeds', ADDRESS, SUPERUSER_AT_ONCE],
    readyTimeoutMs: 60_000,
  });
  await defaultSuperuserReady(node.host, node.port);
});
after(async () => {
  if (node === undefined) return;
  await node.stop();
  node.dispose();
});

test('GRANT, REVOKE, role inheritance and LIST PERMISSIONS through npm cassandra-driver', { timeout: 120_000 }, async () => {
  const admin = client('cassandra', 'cassandra');
  await admin.connect();
  const alice = client('alice', 'pw');
  try {
    await admin.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await admin.execute('CREATE TABLE ks.t (k int PRIMARY KEY, v int)');
    await admin.execute('INSERT INTO ks.t (k, v) VALUES (1, 10)');
    await admin.execute("CREATE ROLE alice WITH PASSWORD = 'pw' AND LOGIN = true");
    await admin.execute('CREATE ROLE readers');

    await alice.connect(); // the driver reads system tables on connect: allowed to everyone
    const select = 'SELECT v FROM ks.t WHERE k = 1';
    await assert.rejects(alice.execute(select), unauthorized('User alice has no SELECT permission on <table ks.t> or any of its parents'));
    await admin.execute('GRANT SELECT ON TABLE ks.t TO alice');
    assert.equal((await alice.execute(select)).rows[0]!['v'], 10);
    assert.equal((await alice.execute(select, [], { prepare: true })).rows[0]!['v'], 10);
    await assert.rejects(alice.execute('INSERT INTO ks.t (k, v) VALUES (2, 2)'), unauthorized('User alice has no MODIFY permission on <table ks.t> or any of its parents'));
    await admin.execute('REVOKE SELECT ON TABLE ks.t FROM alice');
    await assert.rejects(alice.execute(select), unauthorized('User alice has no SELECT permission on <table ks.t> or any of its parents'));
    await assert.rejects(alice.execute(select, [], { prepare: true }), unauthorized('User alice has no SELECT permission on <table ks.t> or any of its parents'));

    await admin.execute('GRANT SELECT ON KEYSPACE ks TO readers');
    await admin.execute('GRANT readers TO alice');
    assert.equal((await alice.execute(select)).rows[0]!['v'], 10);

    const all = await admin.execute('LIST ALL PERMISSIONS OF alice');
    assert.deepEqual(all.columns.map((c) => c.name), ['role', 'username', 'resource', 'permission']);
    assert.deepEqual(all.rows.map((r) => [r['role'], r['username'], r['resource'], r['permission']]), [['readers', 'readers', '<keyspace ks>', 'SELECT']]);
    const onTable = await admin.execute('LIST SELECT ON ks.t');
    assert.deepEqual(onTable.rows.map((r) => `${r['role']} ${r['resource']} ${r['permission']}`), [
      'cassandra <keyspace ks> SELECT', 'cassandra <table ks.t> SELECT', 'readers <keyspace ks> SELECT',
    ]);
    await assert.rejects(alice.execute('LIST ALL'), unauthorized("You are not authorized to view everyone's permissions"));

    await admin.execute('REVOKE readers FROM alice');
    await assert.rejects(alice.execute(select), unauthorized('User alice has no SELECT permission on <table ks.t> or any of its parents'));
  } finally {
    await alice.shutdown();
    await admin.shutdown();
  }
});

test('DDL needs CREATE, ALTER and DROP, a grant needs AUTHORIZE; the creator holds all on its table (npm cassandra-driver)', { timeout: 120_000 }, async () => {
  const admin = client('cassandra', 'cassandra');
  await admin.connect();
  const dave = client('dave', 'd');
  try {
    await admin.execute("CREATE ROLE dave WITH PASSWORD = 'd' AND LOGIN = true");
    await dave.connect();
    const create = 'CREATE TABLE ks.dave_t (k int PRIMARY KEY, v int)';
    await assert.rejects(dave.execute(create), unauthorized('User dave has no CREATE permission on <keyspace ks> or any of its parents'));
    await admin.execute('GRANT CREATE ON KEYSPACE ks TO dave');
    await dave.execute(create);
    await dave.execute('INSERT INTO ks.dave_t (k, v) VALUES (1, 1)');
    await dave.execute('ALTER TABLE ks.dave_t ADD w int');
    await assert.rejects(dave.execute('ALTER TABLE ks.t ADD w int'), unauthorized('User dave has no ALTER permission on <table ks.t> or any of its parents'));
    await assert.rejects(dave.execute('DROP TABLE ks.t'), unauthorized('User dave has no DROP permission on <table ks.t> or any of its parents'));
    await assert.rejects(dave.execute('GRANT SELECT ON ks.t TO alice'), unauthorized('User dave has no AUTHORIZE permission on <table ks.t> or any of its parents'));
    await dave.execute('GRANT SELECT ON ks.dave_t TO alice');
    const listed = await admin.execute('LIST ALL ON ks.dave_t NORECURSIVE');
    assert.deepEqual(listed.rows.map((r) => `${r['role']} ${r['permission']}`), [
      'alice SELECT', 'dave ALTER', 'dave DROP', 'dave SELECT', 'dave MODIFY', 'dave AUTHORIZE',
    ]);
    await dave.execute('DROP TABLE ks.dave_t');
  } finally {
    await dave.shutdown();
    await admin.shutdown();
  }
});

test('python3-cassandra: refused, allowed after GRANT, refused after REVOKE', { timeout: 120_000, skip: spawnSync(PYTHON, ['-c', 'import cassandra.cluster']).status === 0 ? false : 'python3-cassandra is not installed' }, async () => {
  const admin = client('cassandra', 'cassandra');
  await admin.connect();
  // One process per step: it logs in as carol and prints the row's v, or the error as the driver words it.
  const script = [
    'import sys',
    'from cassandra.cluster import Cluster',
    'from cassandra.auth import PlainTextAuthProvider',
    'c = Cluster([sys.argv[1]], port=int(sys.argv[2]), auth_provider=PlainTextAuthProvider(username="carol", password="c"))',
    's = c.connect()',
    'try:',
    '    print(s.execute("SELECT v FROM ks.t WHERE k = 1").one().v)',
    'except Exception as e:',
    '    print(type(e).__name__ + ": " + str(e))',
    'c.shutdown()',
  ].join('\n');
  const selectAsCarol = (): string => {
    const r = spawnSync(PYTHON, ['-c', script, node.host, String(node.port)], { encoding: 'utf8', timeout: 50_000 });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout.trim();
  };
  const refused = 'Unauthorized: Error from server: code=2100 [Unauthorized] message="User carol has no SELECT permission on <table ks.t> or any of its parents"';
  try {
    await admin.execute("CREATE ROLE carol WITH PASSWORD = 'c' AND LOGIN = true");
    assert.equal(selectAsCarol(), refused);
    await admin.execute('GRANT SELECT ON ks.t TO carol');
    assert.equal(selectAsCarol(), '10');
    await admin.execute('REVOKE SELECT ON ks.t FROM carol');
    assert.equal(selectAsCarol(), refused);
  } finally {
    await admin.shutdown();
  }
});

test('Thrift calls are checked against the same permissions', { timeout: 120_000 }, async () => {
  const admin = client('cassandra', 'cassandra');
  await admin.connect();
  const root = await connectThrift({ host: node.host, port: node.thriftPort! });
  const c = await connectThrift({ host: node.host, port: node.thriftPort! });
  try {
    await admin.execute("CREATE ROLE IF NOT EXISTS bob WITH PASSWORD = 'b' AND LOGIN = true");
    const key = Buffer.from('row1');
    await root.login({ credentials: new Map([['username', 'cassandra'], ['password', 'cassandra']]) });
    await root.setKeyspace('ks');
    await root.systemAddColumnFamily({ keyspace: 'ks', name: 'cf', comparatorType: 'BytesType' });
    await root.insert(key, { columnFamily: 'cf' }, { name: Buffer.from('c'), value: Buffer.from('v'), timestamp: 1n }, 'ONE');
    await c.login({ credentials: new Map([['username', 'bob'], ['password', 'b']]) });
    await c.setKeyspace('ks');
    const read = () => c.getSlice(key, { columnFamily: 'cf' }, { sliceRange: { start: Buffer.alloc(0), finish: Buffer.alloc(0), reversed: false, count: 10 } }, 'ONE');
    await assert.rejects(read(), (e: unknown) => (e as Error).message.includes('User bob has no SELECT permission on <table ks.cf> or any of its parents'));
    await admin.execute('GRANT SELECT ON KEYSPACE ks TO bob');
    assert.equal((await read()).length, 1);
    await assert.rejects(c.systemDropKeyspace('ks'), (e: unknown) => (e as Error).message.includes('User bob has no DROP permission on <keyspace ks> or any of its parents'));
    await admin.execute('REVOKE SELECT ON KEYSPACE ks FROM bob');
    await assert.rejects(read(), (e: unknown) => (e as Error).message.includes('has no SELECT permission'));
  } finally {
    await c.close();
    await root.close();
    await admin.shutdown();
  }
});

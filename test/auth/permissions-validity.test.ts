/**
 * GRANT and REVOKE across two real `ilium start` processes (127.0.48.1, its own seed, and
 * 127.0.48.2 seeded by it) with PasswordAuthenticator, CassandraAuthorizer and
 * permissions_validity_in_ms / roles_validity_in_ms 3000: a REVOKE run on node 1 refuses alice at
 * once there, and on node 2 — which cached her permission when she used it — within the validity
 * window, as Cassandra's PermissionsCache does (issue 15: "refused again after REVOKE, within the
 * validity window"). Likewise a role revoked from alice (roles_validity_in_ms: Cassandra's
 * RolesCache) and a new password: the old one is refused at once on node 1 and within
 * credentials_validity_in_ms on node 2 (Cassandra's CredentialsCache). Clients: npm
 * cassandra-driver, each pinned to one node.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import cassandra from 'cassandra-driver';
import { SUPERUSER_AT_ONCE, defaultSuperuserReady } from '../support/default-superuser.js';
import { type IliumProcess, startIliumProcess } from '../support/ilium-process.js';
import { eventually } from '../support/test-cluster.js';

const SEED = '127.0.48.1';
const SECOND = '127.0.48.2';
const VALIDITY_MS = 3000;
const nodes: IliumProcess[] = [];

function nodeYaml(address: string): string {
  return [
    `rpc_address: ${address}`, `listen_address: ${address}`, 'auto_bootstrap: false', 'ring_delay_ms: 1500',
    'seed_provider:', '  - class_name: org.apache.cassandra.locator.SimpleSeedProvider', '    parameters:', `      - seeds: "${SEED}"`,
    'authenticator: PasswordAuthenticator', 'authorizer: CassandraAuthorizer',
    `permissions_validity_in_ms: ${VALIDITY_MS}`, `roles_validity_in_ms: ${VALIDITY_MS}`, `credentials_validity_in_ms: ${VALIDITY_MS}`, '',
  ].join('\n');
}

/** A client of that node only, logged in as `user`. */
function clientOf(node: IliumProcess, user: string, password: string): cassandra.Client {
  const at = `${node.host}:${node.port}`;
  return new cassandra.Client({
    contactPoints: [at],
    localDataCenter: 'datacenter1',
    authProvider: new cassandra.auth.PlainTextAuthProvider(user, password),
    policies: { loadBalancing: new cassandra.policies.loadBalancing.AllowListPolicy(new cassandra.policies.loadBalancing.RoundRobinPolicy(), [at]) },
  });
}

const REFUSAL = 'User alice has no SELECT permission on <table ks.t> or any of its parents';
const isRefusal = (e: unknown): boolean => (e as { code?: number }).code === 0x2100 && (e as Error).message === REFUSAL;

before(async () => {
  nodes.push(await startIliumProcess({ configYaml: nodeYaml(SEED), args: [SUPERUSER_AT_ONCE], readyTimeoutMs: 60_000 }));
  nodes.push(await startIliumProcess({ configYaml: nodeYaml(SECOND), args: [SUPERUSER_AT_ONCE], readyTimeoutMs: 60_000 }));
  for (const n of nodes) await defaultSuperuserReady(n.host, n.port, 40_000);
});
after(async () => {
  for (const n of nodes) {
    await n.stop();
    n.dispose();
  }
});

test('a REVOKE on node 1 refuses at once there and within permissions_validity_in_ms on node 2', { timeout: 180_000 }, async () => {
  const [one, two] = nodes as [IliumProcess, IliumProcess];
  const admin = clientOf(one, 'cassandra', 'cassandra');
  await admin.connect();
  const aliceOne = clientOf(one, 'alice', 'pw');
  const aliceTwo = clientOf(two, 'alice', 'pw');
  try {
    await eventually('node 2 in node 1\'s peers', async () => ((await admin.execute('SELECT peer FROM system.peers')).rows.some((r) => String(r['peer']) === SECOND) ? true : undefined), 40_000);
    await admin.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 2}");
    await admin.execute('CREATE TABLE ks.t (k int PRIMARY KEY, v int)');
    // At ALL once node 2 has the table (schema changes reach it by gossip).
    const insert = () => admin.execute('INSERT INTO ks.t (k, v) VALUES (1, 10)', [], { consistency: cassandra.types.consistencies.all });
    await eventually('the row written on both nodes', async () => insert().then(() => true, () => undefined), 20_000);
    await admin.execute("CREATE ROLE alice WITH PASSWORD = 'pw' AND LOGIN = true");
    await admin.execute('GRANT SELECT ON ks.t TO alice');
    // Node 2 may not see the role until its schema and system_auth rows arrive: retry the login.
    await eventually('alice logs in on node 2', async () => aliceTwo.connect().then(() => true, () => undefined), 20_000);
    await aliceOne.connect();
    const select = 'SELECT v FROM ks.t WHERE k = 1';
    assert.equal((await aliceOne.execute(select)).rows[0]!['v'], 10);
    assert.equal((await aliceTwo.execute(select)).rows[0]!['v'], 10); // node 2 now caches what alice holds

    await admin.execute('REVOKE SELECT ON ks.t FROM alice');
    const revokedAt = Date.now();
    await assert.rejects(aliceOne.execute(select), isRefusal, 'the node that ran the REVOKE refuses at once');
    const refusedAfterMs = await refusedAfter(aliceTwo, select, revokedAt);
    console.log(`node 2 refused alice ${refusedAfterMs} ms after the REVOKE on node 1 (permissions_validity_in_ms ${VALIDITY_MS})`);
    assert.ok(refusedAfterMs >= 0, 'node 2 never refused alice after the REVOKE');
    // The window, plus the time the REVOKE's write and one poll take on a loaded 2-core machine.
    assert.ok(refusedAfterMs <= VALIDITY_MS + 1500, `node 2 refused only after ${refusedAfterMs} ms`);
  } finally {
    await aliceOne.shutdown();
    await aliceTwo.shutdown();
    await admin.shutdown();
  }
});

/** Polls `select` as alice on node 2 until it is refused: the milliseconds since `from`, or -1 past the window and 5 s. */
async function refusedAfter(client: cassandra.Client, select: string, from: number): Promise<number> {
  while (Date.now() - from < VALIDITY_MS + 5000) {
    try {
      await client.execute(select);
    } catch (e) {
      assert.ok(isRefusal(e), String(e));
      return Date.now() - from;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return -1;
}

test('a role revoked on node 1 (its grants with it) is refused at once there and within roles_validity_in_ms on node 2', { timeout: 120_000 }, async () => {
  const [one, two] = nodes as [IliumProcess, IliumProcess];
  const admin = clientOf(one, 'cassandra', 'cassandra');
  const aliceOne = clientOf(one, 'alice', 'pw');
  const aliceTwo = clientOf(two, 'alice', 'pw');
  try {
    await admin.connect();
    await admin.execute('CREATE ROLE readers');
    await admin.execute('GRANT SELECT ON KEYSPACE ks TO readers');
    await admin.execute('GRANT readers TO alice');
    await aliceOne.connect();
    await aliceTwo.connect();
    const select = 'SELECT v FROM ks.t WHERE k = 1';
    // Node 2 may still hold alice's refusal and roles from the test before: wait for the grant there.
    await eventually('node 2 serves alice through readers', async () => aliceTwo.execute(select).then(() => true, () => undefined), VALIDITY_MS + 5000);
    await admin.execute('REVOKE readers FROM alice');
    const revokedAt = Date.now();
    await assert.rejects(aliceOne.execute(select), isRefusal, 'the node that ran the REVOKE refuses at once');
    const ms = await refusedAfter(aliceTwo, select, revokedAt);
    console.log(`node 2 refused alice ${ms} ms after readers was revoked from her on node 1 (roles_validity_in_ms ${VALIDITY_MS})`);
    assert.ok(ms >= 0 && ms <= VALIDITY_MS + 1500, `refused after ${ms} ms`);
  } finally {
    await aliceOne.shutdown();
    await aliceTwo.shutdown();
    await admin.shutdown();
  }
});

/** Whether `user` / `password` can log in on `node` now (a fresh connection: a fresh login). */
async function logsIn(node: IliumProcess, user: string, password: string): Promise<boolean> {
  const c = clientOf(node, user, password);
  try {
    await c.connect();
    return true;
  } catch (e) {
    // The driver's NoHostAvailableError names the node's AuthenticationError in its message.
    if (!/Provided username \S+ and\/or password are incorrect/.test((e as Error).message)) throw e;
    return false;
  } finally {
    await c.shutdown();
  }
}

test('a new password: the old one is refused at once on node 1 and within credentials_validity_in_ms on node 2', { timeout: 120_000 }, async () => {
  const [one, two] = nodes as [IliumProcess, IliumProcess];
  const admin = clientOf(one, 'cassandra', 'cassandra');
  await admin.connect();
  try {
    assert.ok(await logsIn(two, 'alice', 'pw'), 'node 2 now caches alice\'s salted hash');
    await admin.execute("ALTER ROLE alice WITH PASSWORD = 'pw2'");
    const changedAt = Date.now();
    assert.equal(await logsIn(one, 'alice', 'pw'), false, 'the node that ran the ALTER refuses the old password at once');
    assert.ok(await logsIn(one, 'alice', 'pw2'));
    let refusedAfterMs = -1;
    while (Date.now() - changedAt < VALIDITY_MS + 5000) {
      if (!(await logsIn(two, 'alice', 'pw'))) {
        refusedAfterMs = Date.now() - changedAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log(`node 2 refused alice's old password ${refusedAfterMs} ms after the ALTER on node 1 (credentials_validity_in_ms ${VALIDITY_MS})`);
    assert.ok(refusedAfterMs >= 0 && refusedAfterMs <= VALIDITY_MS + 1500, `refused after ${refusedAfterMs} ms`);
    assert.ok(await logsIn(two, 'alice', 'pw2'));
  } finally {
    await admin.shutdown();
  }
});

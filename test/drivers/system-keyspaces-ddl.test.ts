// Schema changes of system keyspaces through the npm driver against `ilium start` (127.0.50.30, no
// authenticator, as Cassandra's default), refused as Cassandra 4.0 refuses them: cassandra-dtest's
// system_keyspaces_test expects Unauthorized in every case below, with the messages of
// ClientState.preventSystemKSSchemaModification; ALTER KEYSPACE of a replicated one is allowed.
// Virtual keyspaces answer AlterSchemaStatement's InvalidRequest.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import cassandra from 'cassandra-driver';
import { type IliumProcess, startIliumProcess } from '../support/ilium-process.js';

const ADDRESS = '127.0.50.30';
const UNAUTHORIZED = 0x2100;
const INVALID = 0x2200;
let node: IliumProcess;
let client: cassandra.Client;

before(async () => {
  node = await startIliumProcess({ address: ADDRESS });
  client = new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1' });
  await client.connect();
});

after(async () => {
  await client?.shutdown();
  if (node !== undefined) {
    assert.equal(await node.stop(), 0, node.output().slice(-2000));
    node.dispose();
  }
});

const refused = (code: number, message: string) => (e: unknown) => {
  const err = e as { code?: number; message?: string };
  assert.equal(err.code, code, String(e));
  assert.equal(err.message, message);
  return true;
};

test('local system keyspaces (system, system_schema): ALTER / DROP KEYSPACE and table DDL are Unauthorized "<ks> keyspace is not user-modifiable."', async () => {
  for (const [ks, table] of [['system', 'local'], ['system_schema', 'tables']] as const) {
    const no = refused(UNAUTHORIZED, `${ks} keyspace is not user-modifiable.`);
    await assert.rejects(client.execute(`ALTER KEYSPACE ${ks} WITH replication = {'class': 'NetworkTopologyStrategy', 'datacenter1': '1'}`), no);
    await assert.rejects(client.execute(`DROP KEYSPACE ${ks}`), no);
    await assert.rejects(client.execute(`CREATE TABLE ${ks}.new_table (id int PRIMARY KEY)`), no);
    await assert.rejects(client.execute(`ALTER TABLE ${ks}.${table} WITH comment = ''`), no);
    await assert.rejects(client.execute(`DROP TABLE ${ks}.${table}`), no);
  }
});

test('replicated system keyspaces: ALTER KEYSPACE works; DROP KEYSPACE and table DDL are Unauthorized "Cannot <PERMISSION> <resource>"', async () => {
  const cases = [['system_auth', 'roles'], ['system_distributed', 'repair_history'], ['system_traces', 'sessions']] as const;
  for (const [ks] of cases) await client.execute(`ALTER KEYSPACE ${ks} WITH replication = {'class': 'NetworkTopologyStrategy', 'datacenter1': '1'}`);
  const rs = await client.execute("SELECT replication FROM system_schema.keyspaces WHERE keyspace_name IN ('system_auth', 'system_distributed', 'system_traces')");
  assert.deepEqual(rs.rows.map((r) => r['replication']), cases.map(() => ({ class: 'org.apache.cassandra.locator.NetworkTopologyStrategy', datacenter1: '1' })));
  for (const [ks, table] of cases) {
    await assert.rejects(client.execute(`DROP KEYSPACE ${ks}`), refused(UNAUTHORIZED, `Cannot DROP <keyspace ${ks}>`));
    await assert.rejects(client.execute(`CREATE TABLE ${ks}.new_table (id int PRIMARY KEY)`), refused(UNAUTHORIZED, `Cannot CREATE <keyspace ${ks}>`));
    await assert.rejects(client.execute(`ALTER TABLE ${ks}.${table} WITH comment = ''`), refused(UNAUTHORIZED, `Cannot ALTER <table ${ks}.${table}>`));
    await assert.rejects(client.execute(`DROP TABLE ${ks}.${table}`), refused(UNAUTHORIZED, `Cannot DROP <table ${ks}.${table}>`));
  }
  // CREATE KEYSPACE of one: it exists already, as Cassandra's CreateKeyspaceStatement answers.
  await assert.rejects(client.execute("CREATE KEYSPACE system_auth WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}"), /Cannot add existing keyspace "system_auth"/);
  await client.execute("CREATE KEYSPACE IF NOT EXISTS system_auth WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await client.execute("ALTER KEYSPACE system_auth WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
});

test('virtual keyspaces: InvalidRequest "Virtual keyspace \'<ks>\' is not user-modifiable"', async () => {
  for (const ks of ['system_views', 'system_virtual_schema']) {
    await assert.rejects(client.execute(`CREATE TABLE ${ks}.new_table (id int PRIMARY KEY)`), refused(INVALID, `Virtual keyspace '${ks}' is not user-modifiable`));
  }
});

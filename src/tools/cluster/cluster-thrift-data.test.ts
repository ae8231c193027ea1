/**
 * The seeds' interface on a ring: Thrift data calls go through the coordinator, at the call's
 * consistency level, like CQL's. Three `ilium start` processes (127.0.0.245–247), a keyspace at
 * RF=3 made over Thrift by a client Debian's thrift-compiler generated from our IDL:
 * - QUORUM writes through node 1; node 2 killed -9; QUORUM reads through node 3 return every one;
 * - ONE writes while node 2 is down reach it by hints once it is back;
 * - get_range_slices and get_indexed_slices (a KEYS index) give the same rows through every node;
 * - the same rows and the same table through the TS API's remote Thrift mode and through CQL;
 * - a level the live replicas cannot meet is UnavailableException, before anything is written.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import cassandra from 'cassandra-driver';
import { connect } from '../../api/index.js';
import { allUp, eventually, pinned, startTestCluster, tableEverywhere, type TestCluster } from '../../../test/support/test-cluster.js';
import { runIliumCommand } from '../../../test/support/ilium-process.js';
import { generateThriftClients, type GeneratedClients } from '../../../test/thrift/thrift-codegen.js';
import { type CassandraClient, type TKeySlice, type ThriftConnection, type ThriftJs, loadThriftJs } from '../../../test/thrift/thrift-js-client.js';

const BASE = '127.0.0.245';
const KS = 'ThriftRing';
const CF = 'Users';

let cluster: TestCluster;
let gen: GeneratedClients;
let js: ThriftJs;
const open: ThriftConnection[] = [];

before(async () => {
  gen = generateThriftClients();
  js = loadThriftJs(gen.nodeDir);
  cluster = await startTestCluster(BASE, 3);
  await allUp(cluster);
  const c = await client(0);
  await c.system_add_keyspace({
    name: KS,
    strategy_class: 'org.apache.cassandra.locator.SimpleStrategy',
    strategy_options: { replication_factor: '3' },
    replication_factor: 3,
    cf_defs: [{
      keyspace: KS,
      name: CF,
      comparator_type: 'UTF8Type',
      key_validation_class: 'UTF8Type',
      default_validation_class: 'UTF8Type',
      column_metadata: [
        { name: 'name', validation_class: 'UTF8Type' },
        { name: 'state', validation_class: 'UTF8Type', index_type: js.types.IndexType['KEYS']!, index_name: 'users_state' },
      ],
    }],
  } as never);
  await tableEverywhere(cluster, KS, CF);
});

after(async () => {
  for (const c of open) c.close();
  await cluster?.stop();
  gen?.cleanup();
});

/** A generated client on node i (0-based), in the keyspace. */
async function client(i: number): Promise<CassandraClient> {
  const conn = await js.connect(cluster.addresses[i]!, 9160);
  open.push(conn);
  try {
    await conn.client.set_keyspace(KS);
  } catch {
    // The keyspace is made by the first client; later ones set it below.
  }
  return conn.client;
}

const level = (name: string): number => js.types.ConsistencyLevel[name]!;
const micros = (): number => Date.now() * 1000;
const ALL_COLUMNS = { slice_range: { start: '', finish: '', reversed: false, count: 100 } };
const user = (i: number) => `u${String(i).padStart(3, '0')}`;
const stateOf = (i: number) => (i % 2 === 0 ? 'UT' : 'CA');

async function write(c: CassandraClient, i: number, cl: string): Promise<void> {
  const ts = micros();
  await c.batch_mutate({
    [user(i)]: {
      [CF]: [
        { column_or_supercolumn: { column: { name: 'name', value: `User ${i}`, timestamp: ts } } },
        { column_or_supercolumn: { column: { name: 'state', value: stateOf(i), timestamp: ts } } },
      ],
    },
  }, level(cl));
}

const keysOf = (slices: TKeySlice[]) => slices.filter((s) => s.columns.length > 0).map((s) => s.key.toString()).sort();

test('Thrift on a ring of three: QUORUM survives kill -9, ONE is hinted, ranges and indexes agree on every node, with the API and CQL', () => explained(async () => {
  const [c1, , c3] = [await client(0), null, await client(2)];
  const quorum = Array.from({ length: 60 }, (_, i) => i);
  for (const i of quorum) await write(c1, i, 'QUORUM');

  // Node 2 dies without a word.
  const pid = Number(readFileSync(join(cluster.dir, 'node2', 'pid'), 'utf8'));
  process.kill(pid, 'SIGKILL');
  await eventually('node 2 seen down by nodes 1 and 3', async () => {
    for (const a of [cluster.addresses[0]!, cluster.addresses[2]!]) {
      const r = await cluster.nodetool(a, 'status');
      if (!new RegExp(`^DN {2}${cluster.addresses[1]!.replaceAll('.', '\\.')} `, 'm').test(r.stdout)) return undefined;
    }
    return true;
  }, 40_000);

  // Every QUORUM write reads back at QUORUM through node 3: one by one, and as one multiget.
  for (const i of quorum) {
    const got = await c3.get_slice(user(i), { column_family: CF }, ALL_COLUMNS, level('QUORUM'));
    assert.deepEqual(got.map((c) => [c.column!.name.toString(), c.column!.value.toString()]), [['name', `User ${i}`], ['state', stateOf(i)]], user(i));
  }
  const many = await c3.multiget_slice(quorum.map(user), { column_family: CF }, ALL_COLUMNS, level('QUORUM'));
  assert.equal(Object.keys(many).length, quorum.length);
  assert.equal(await c3.get_count(user(7), { column_family: CF }, ALL_COLUMNS, level('QUORUM')), 2);
  // ALL cannot be met with a replica down: UnavailableException, for reads and for writes.
  await assert.rejects(c3.get_slice(user(1), { column_family: CF }, ALL_COLUMNS, level('ALL')), (e: { name?: string }) => e.name === 'UnavailableException');
  await assert.rejects(c3.insert('never', { column_family: CF }, { name: 'name', value: 'x', timestamp: micros() }, level('ALL')), (e: { name?: string }) => e.name === 'UnavailableException');
  // Range scans and index queries too: every range needs all three replicas at ALL.
  await assert.rejects(c3.get_range_slices({ column_family: CF }, ALL_COLUMNS, { start_key: '', end_key: '', count: 10 }, level('ALL')), (e: { name?: string }) => e.name === 'UnavailableException');
  await assert.rejects(
    c3.get_indexed_slices({ column_family: CF }, { expressions: [{ column_name: 'state', op: js.types.IndexOperator['EQ']!, value: 'UT' }], start_key: '', count: 10 }, ALL_COLUMNS, level('ALL')),
    (e: { name?: string }) => e.name === 'UnavailableException',
  );
  const viaCqlDown = pinned(cluster.addresses[0]!);
  try {
    const noRetry = { consistency: cassandra.types.consistencies.all, retry: new cassandra.policies.retry.FallthroughRetryPolicy() };
    await assert.rejects(viaCqlDown.execute(`SELECT key FROM "${KS}"."${CF}"`, [], noRetry), (e: unknown) => (e as { code?: number }).code === 0x1000, 'a CQL scan at ALL');
    await assert.rejects(viaCqlDown.execute(`SELECT key FROM "${KS}"."${CF}" WHERE state = 'UT'`, [], noRetry), (e: unknown) => (e as { code?: number }).code === 0x1000, 'a CQL index query at ALL');
  } finally {
    await viaCqlDown.shutdown();
  }

  // Written at ONE while node 2 is down: kept as hints for it by the coordinator.
  const hinted = Array.from({ length: 30 }, (_, i) => 100 + i);
  for (const i of hinted) await write(c1, i, 'ONE');

  // The TS API's remote Thrift mode (QUORUM) and CQL write the same table meanwhile.
  const api = await connect({ protocol: 'thrift', contactPoints: [cluster.addresses[2]!], consistency: 'QUORUM' });
  const cql = pinned(cluster.addresses[0]!);
  try {
    await api.keyspace(KS).insert(CF, user(200), { name: 'User 200', state: stateOf(200) });
    await cql.execute(`INSERT INTO "${KS}"."${CF}" (key, name, state) VALUES (?, ?, ?)`, [user(201), 'User 201', stateOf(201)], { prepare: true, consistency: cassandra.types.consistencies.quorum });
    const viaApi = await api.keyspace(KS).get(CF, user(201));
    assert.equal((viaApi as Map<unknown, unknown>).get('name'), 'User 201', 'a CQL write read through the API at QUORUM');
  } finally {
    await cql.shutdown();
  }

  // Node 2 comes back; the hints reach it: a read at ONE through node 2 answers from its own copy.
  const restarted = await runIliumCommand(['cluster', 'start', '-n', '3', '--base-address', BASE, '--dir', cluster.dir]);
  assert.equal(restarted.code, 0, restarted.stderr + restarted.stdout);
  await allUp(cluster);
  const c2 = await client(1);
  await eventually('the writes node 2 missed, delivered to it by hints', async () => {
    for (const i of hinted) {
      const got = await c2.get_slice(user(i), { column_family: CF }, ALL_COLUMNS, level('ONE'));
      if (got.length !== 2) return undefined;
    }
    return true;
  }, 60_000);

  // Ranges and indexes: the same rows through every node, at QUORUM.
  const everyone = [...quorum, ...hinted, 200, 201].map(user).sort();
  const utah = [...quorum, ...hinted, 200, 201].filter((i) => stateOf(i) === 'UT').map(user).sort();
  const clients = [c1, c2, c3];
  for (const [n, c] of clients.entries()) {
    const range = await c.get_range_slices({ column_family: CF }, ALL_COLUMNS, { start_token: '-9223372036854775808', end_token: '-9223372036854775808', count: 1000 }, level('QUORUM'));
    assert.deepEqual(keysOf(range), everyone, `get_range_slices through node ${n + 1}`);
    const paged = await pageByKeys(c, 25);
    assert.deepEqual(paged, everyone, `get_range_slices paged by key through node ${n + 1}`);
    const indexed = await c.get_indexed_slices(
      { column_family: CF },
      { expressions: [{ column_name: 'state', op: js.types.IndexOperator['EQ']!, value: 'UT' }], start_key: '', count: 1000 },
      ALL_COLUMNS,
      level('QUORUM'),
    );
    assert.deepEqual(keysOf(indexed), utah, `get_indexed_slices through node ${n + 1}`);
  }

  // The API's remote Thrift mode and CQL see the same rows through other nodes.
  try {
    const range = await api.keyspace(KS).getRange(CF, { count: 1000 });
    assert.deepEqual([...range.keys()].map(String).sort(), everyone, 'the API over Thrift');
    const indexed = await api.keyspace(KS).getIndexedSlices(CF, [{ column: 'state', value: 'UT' }]);
    assert.deepEqual([...indexed.keys()].map(String).sort(), utah, 'the API index query over Thrift');
  } finally {
    await api.close();
  }
  const viaCql = pinned(cluster.addresses[1]!);
  try {
    const rs = await viaCql.execute(`SELECT key FROM "${KS}"."${CF}"`, [], { consistency: cassandra.types.consistencies.quorum, fetchSize: 1000 });
    assert.deepEqual(rs.rows.map((r) => String(r['key'])).sort(), everyone, 'CQL through node 2');
  } finally {
    await viaCql.shutdown();
  }
}));

/** Thrift exceptions carry their reason in `why`: make it the message a failure prints. */
async function explained(fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (e) {
    const why = (e as { why?: unknown }).why;
    if (typeof why === 'string') throw new Error(`${(e as Error).name}: ${why}`, { cause: e });
    throw e;
  }
}

/** Key-paged range scan as 0.7 clients page (the next page starts at the last key seen). */
async function pageByKeys(c: CassandraClient, pageRows: number): Promise<string[]> {
  const out: string[] = [];
  let start = '';
  for (;;) {
    const page = await c.get_range_slices({ column_family: CF }, ALL_COLUMNS, { start_key: start, end_key: '', count: pageRows }, level('QUORUM'));
    const fresh = start === '' ? page : page.slice(1);
    for (const s of fresh) if (s.columns.length > 0) out.push(s.key.toString());
    if (page.length < pageRows) return out.sort();
    start = page[page.length - 1]!.key.toString();
  }
}

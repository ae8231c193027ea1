/** The CQL layer over the coordinator (service/StorageProxy): statements unchanged, on one node exactly as over the local store, on three nodes through any coordinator. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TEST_NODE_INFO } from '../../../test/support/cql-test-node.js';
import { simAwait } from '../../../test/support/net-sim.js';
import { createCqlContext } from '../create-cql-context.js';
import { type CqlResult, newClientState, queryOptions } from './index.js';
import { parseStatement } from '../parser/index.js';
import { prepareStatement } from '../prepare.js';
import type { Consistency } from '../../locator/index.js';
import type { DataStore } from './data-store.js';
import { SimCluster, type SimClusterNode, partitioner } from '../../../test/support/service/sim-cluster.js';

function cqlOn(c: SimCluster, n: SimClusterNode, data: DataStore) {
  const ctx = createCqlContext({ env: c.env, keeper: n.keeper, ops: n.ops, partitioner, node: () => TEST_NODE_INFO, data });
  const state = newClientState(undefined, () => undefined);
  return (cql: string, consistency: Consistency = 'QUORUM'): Promise<CqlResult> => simAwait(c.env, prepareStatement(parseStatement(cql), ctx, state.keyspace).execute(state, queryOptions([], { consistency })));
}

function text(r: CqlResult): string[] {
  if (r.kind !== 'rows') return [r.kind];
  return r.rows.map((row) => row.map((v) => (v === null ? 'null' : v.toString('hex'))).join('|'));
}

const SCRIPT = [
  "CREATE KEYSPACE cq WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
  'CREATE TABLE cq.t (k int, c int, v text, s text static, PRIMARY KEY (k, c))',
  'CREATE TABLE cq.counts (k int PRIMARY KEY, n counter)',
  "INSERT INTO cq.t (k, c, v, s) VALUES (1, 1, 'a', 'S')",
  "INSERT INTO cq.t (k, c, v) VALUES (1, 2, 'b')",
  "INSERT INTO cq.t (k, c, v) VALUES (2, 1, 'c') USING TTL 1000",
  "INSERT INTO cq.t (k, c, v) VALUES (3, 1, 'd') IF NOT EXISTS",
  "INSERT INTO cq.t (k, c, v) VALUES (3, 1, 'e') IF NOT EXISTS",
  'UPDATE cq.counts SET n = n + 5 WHERE k = 1',
  'UPDATE cq.counts SET n = n - 2 WHERE k = 1',
  'DELETE v FROM cq.t WHERE k = 1 AND c = 2',
  'SELECT * FROM cq.t',
  'SELECT * FROM cq.t WHERE k = 1 ORDER BY c DESC LIMIT 1',
  'SELECT k, c, v FROM cq.t PER PARTITION LIMIT 1',
  'SELECT n FROM cq.counts WHERE k = 1',
  'TRUNCATE cq.counts',
  'SELECT * FROM cq.counts',
];

test('one node: the CQL layer gives the same answers over StorageProxy as over the local store', async () => {
  const viaProxy = await SimCluster.start({ seed: 51, nodes: 1, replication: { class: 'SimpleStrategy', options: { replication_factor: '1' } } });
  const viaLocal = await SimCluster.start({ seed: 51, nodes: 1, replication: { class: 'SimpleStrategy', options: { replication_factor: '1' } } });
  const p = cqlOn(viaProxy, viaProxy.node(0), viaProxy.node(0).proxy);
  const l = cqlOn(viaLocal, viaLocal.node(0), viaLocal.node(0).local);
  for (const stmt of SCRIPT) assert.deepEqual(text(await p(stmt)), text(await l(stmt)), stmt);
  assert.ok(text(await p('SELECT * FROM cq.t')).length === 4);
  await viaProxy.close();
  await viaLocal.close();
});

test('three nodes, RF=3: CQL writes through one coordinator are read through the others', async () => {
  const c = await SimCluster.start({ seed: 52, nodes: 3, replication: { class: 'SimpleStrategy', options: { replication_factor: '3' } } });
  const run = c.nodes.map((n) => cqlOn(c, n, n.proxy));
  await run[0]!("CREATE KEYSPACE cq WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
  await run[0]!('CREATE TABLE cq.t (k int, c int, v text, PRIMARY KEY (k, c))');
  // Schema agreement is not this layer's job: hand the definition to the other nodes.
  for (const n of c.nodes.slice(1)) await simAwait(c.env, n.keeper.addKeyspace(c.node(0).keeper.schema.getKeyspace('cq')));
  for (let k = 0; k < 10; k++) for (let cc = 0; cc < 3; cc++) await run[k % 3]!(`INSERT INTO cq.t (k, c, v) VALUES (${k}, ${cc}, 'v${k}.${cc}')`);
  const all = text(await run[1]!('SELECT * FROM cq.t', 'ALL'));
  assert.equal(all.length, 30);
  assert.deepEqual(text(await run[2]!('SELECT * FROM cq.t', 'ONE')), all);
  assert.deepEqual(text(await run[2]!('SELECT v FROM cq.t WHERE k = 4 ORDER BY c DESC LIMIT 2', 'QUORUM')), [Buffer.from('v4.2').toString('hex'), Buffer.from('v4.1').toString('hex')]);
  await run[1]!('DELETE FROM cq.t WHERE k = 4 AND c = 2');
  assert.deepEqual(text(await run[0]!('SELECT v FROM cq.t WHERE k = 4 ORDER BY c DESC LIMIT 2', 'QUORUM')), [Buffer.from('v4.1').toString('hex'), Buffer.from('v4.0').toString('hex')]);
  await run[2]!('TRUNCATE cq.t');
  assert.deepEqual(text(await run[0]!('SELECT * FROM cq.t', 'ONE')), []);
  await c.close();
});

test('three nodes, RF=3: conditional statements run Paxos — concurrent IF NOT EXISTS through every coordinator apply once; IF conditions chain; SELECT at SERIAL', async () => {
  const c = await SimCluster.start({ seed: 53, nodes: 3, replication: { class: 'SimpleStrategy', options: { replication_factor: '3' } } });
  const run = c.nodes.map((n) => cqlOn(c, n, n.proxy));
  await run[0]!("CREATE KEYSPACE cq WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
  await run[0]!('CREATE TABLE cq.t (k int, c int, v text, PRIMARY KEY (k, c))');
  for (const n of c.nodes.slice(1)) await simAwait(c.env, n.keeper.addKeyspace(c.node(0).keeper.schema.getKeyspace('cq')));
  const applied = (r: CqlResult) => r.kind === 'rows' && r.rows[0]![0]!.equals(Buffer.from([1]));
  const inserts = await Promise.all(run.map((r, i) => r(`INSERT INTO cq.t (k, c, v) VALUES (1, 1, 'from-${i}') IF NOT EXISTS`)));
  const winners = inserts.map((r, i) => (applied(r) ? i : -1)).filter((i) => i >= 0);
  assert.equal(winners.length, 1, 'exactly one INSERT IF NOT EXISTS applied');
  const winner = Buffer.from(`from-${winners[0]}`).toString('hex');
  assert.deepEqual(text(await run[1]!('SELECT v FROM cq.t WHERE k = 1 AND c = 1', 'SERIAL')), [winner]);
  // UPDATE … IF through another coordinator: the right expectation applies, a stale one does not.
  assert.ok(applied(await run[2]!(`UPDATE cq.t SET v = 'second' WHERE k = 1 AND c = 1 IF v = 'from-${winners[0]}'`)));
  const stale = await run[0]!(`UPDATE cq.t SET v = 'third' WHERE k = 1 AND c = 1 IF v = 'from-${winners[0]}'`);
  assert.ok(!applied(stale));
  assert.deepEqual(text(stale), [`00|${Buffer.from('second').toString('hex')}`], 'not applied, with the current value');
  assert.deepEqual(text(await run[0]!('SELECT v FROM cq.t WHERE k = 1 AND c = 1', 'ALL')), [Buffer.from('second').toString('hex')]);
  assert.ok(applied(await run[1]!('DELETE FROM cq.t WHERE k = 1 AND c = 1 IF EXISTS')));
  assert.deepEqual(text(await run[2]!('SELECT v FROM cq.t WHERE k = 1', 'SERIAL')), []);
  await c.close();
});

test('three nodes, RF=3: a LOGGED BATCH over several partitions goes through the batch log and leaves nothing in it', async () => {
  const c = await SimCluster.start({ seed: 54, nodes: 3, replication: { class: 'SimpleStrategy', options: { replication_factor: '3' } } });
  const run = c.nodes.map((n) => cqlOn(c, n, n.proxy));
  await run[0]!("CREATE KEYSPACE cq WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
  await run[0]!('CREATE TABLE cq.t (k int, c int, v text, PRIMARY KEY (k, c))');
  for (const n of c.nodes.slice(1)) await simAwait(c.env, n.keeper.addKeyspace(c.node(0).keeper.schema.getKeyspace('cq')));
  const stores: string[] = [];
  for (const n of c.nodes) {
    n.messaging.filters.add({
      name: 'spy',
      apply: (f) => {
        if (f.direction === 'send' && f.message.verb === 'BATCH_STORE') stores.push(String(f.to));
        return undefined;
      },
    });
  }
  await run[1]!("BEGIN BATCH INSERT INTO cq.t (k, c, v) VALUES (1, 1, 'a'); INSERT INTO cq.t (k, c, v) VALUES (2, 1, 'b'); UPDATE cq.t SET v = 'c' WHERE k = 3 AND c = 1; APPLY BATCH");
  assert.equal(text(await run[2]!('SELECT * FROM cq.t', 'ALL')).length, 3);
  assert.equal(stores.length, 2, 'stored on the two other nodes');
  await simAwait(c.env, new Promise<void>((r) => c.env.timers.setTimeout(r, 50)));
  for (const n of c.nodes) assert.equal(n.batchlog.list(10, c.nowSec()).length, 0);
  await c.close();
});

test('three nodes, RF=3: an IN on the partition key reads its partitions together, 32 at a time, through any coordinator', async () => {
  const c = await SimCluster.start({ seed: 55, nodes: 3, replication: { class: 'SimpleStrategy', options: { replication_factor: '3' } } });
  const run = c.nodes.map((n) => cqlOn(c, n, n.proxy));
  await run[0]!("CREATE KEYSPACE cq WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
  await run[0]!('CREATE TABLE cq.t (k int, c int, v text, PRIMARY KEY (k, c))');
  for (const n of c.nodes.slice(1)) await simAwait(c.env, n.keeper.addKeyspace(c.node(0).keeper.schema.getKeyspace('cq')));
  for (let k = 0; k < 40; k++) await run[k % 3]!(`INSERT INTO cq.t (k, c, v) VALUES (${k}, 1, 'v${k}')`);
  // A coordinator whose store records how many keys each readMany carried.
  const proxy = c.node(1).proxy;
  const batches: number[] = [];
  const spy: DataStore = Object.assign(Object.create(proxy) as DataStore, {
    readMany: (...args: Parameters<DataStore['readMany']>) => {
      batches.push(args[1].length);
      return proxy.readMany(...args);
    },
  });
  const viaSpy = cqlOn(c, c.node(1), spy);
  const ks = (n: number) => Array.from({ length: n }, (_, i) => n - 1 - i).join(', ');
  const v = (n: number) => Array.from({ length: n }, (_, i) => Buffer.from(`v${i}`).toString('hex'));
  assert.deepEqual(text(await viaSpy(`SELECT v FROM cq.t WHERE k IN (${ks(10)})`, 'QUORUM')), v(10));
  assert.deepEqual(batches, [10], 'ten partitions, one readMany');
  batches.length = 0;
  assert.deepEqual(text(await viaSpy(`SELECT v FROM cq.t WHERE k IN (${ks(40)})`, 'ALL')), v(40));
  assert.deepEqual(batches, [32, 8], 'forty partitions, 32 at a time');
  batches.length = 0;
  assert.deepEqual(text(await viaSpy('SELECT v FROM cq.t WHERE k = 7', 'ONE')), v(8).slice(7));
  assert.deepEqual(batches, [1], 'a single key is readMany of one key (one read path, issue 20 item 5)');
  await c.close();
});

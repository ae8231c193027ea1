/**
 * One data center and rack per node, whoever asks: three nodes configured with `data_center: dc1`
 * under the default SimpleSnitch are in dc1 for clients (system.local / system.peers), for replica
 * placement (a NetworkTopologyStrategy {'dc1': 2} keyspace serves QUORUM), for gossip (DC / RACK)
 * and for nodetool. A data center no node has is refused at CREATE KEYSPACE. A GossipingPropertyFileSnitch
 * node whose cassandra.yaml and cassandra-rackdc.properties disagree does not start.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Consistency } from '../cql/execution/index.js';
import { type CqlResult, newClientState, queryOptions } from '../cql/execution/index.js';
import { createSimEnv, type SimEnv } from '../env/index.js';
import { ConfigurationError } from '../errors/index.js';
import { runFor, simAwait } from '../../test/support/net-sim.js';
import { ringNodeConfig, startRingNode } from '../../test/support/ring-sim.js';
import { createNodeAdmin } from './admin/index.js';
import { IliumNode } from './ilium-node.js';
import { formatStatus } from '../tools/nodetool/nodetool-output.js';

function cql(env: SimEnv, node: IliumNode, query: string, consistency: Consistency = 'ONE'): Promise<CqlResult> {
  // A schema statement may refuse synchronously: a rejection either way.
  return simAwait(env, Promise.resolve().then(() => node.processor.prepareText(query, undefined).execute(newClientState(), queryOptions([], { consistency }))));
}

async function rows(env: SimEnv, node: IliumNode, query: string, consistency: Consistency = 'ONE'): Promise<unknown[][]> {
  const r = await cql(env, node, query, consistency);
  assert.equal(r.kind, 'rows');
  return r.kind === 'rows' ? r.rows.map((row) => row.map((v, i) => (v === null ? null : r.columns[i]!.type.compose(v)))) : [];
}

test('data_center dc1 under SimpleSnitch: clients, placement, gossip and nodetool all say dc1', async () => {
  const env = createSimEnv(17);
  const nodes: IliumNode[] = [];
  try {
    for (let i = 1; i <= 3; i++) nodes.push(await startRingNode(env, i, { data_center: 'dc1', rack: 'r1' }));
    await runFor(env, 5000);
    for (const n of nodes) {
      assert.deepEqual(await rows(env, n, "SELECT data_center, rack FROM system.local WHERE key = 'local'"), [['dc1', 'r1']]);
      assert.deepEqual(await rows(env, n, 'SELECT data_center, rack FROM system.peers'), [['dc1', 'r1'], ['dc1', 'r1']]);
      const ring = n.storage.ring();
      assert.equal(ring.normalEndpoints().length, 3);
      for (const e of ring.normalEndpoints()) {
        assert.deepEqual(ring.location(e), { datacenter: 'dc1', rack: 'r1' }, `placement of ${e}`);
        assert.equal(n.storage.endpointState(e)?.states.get('DC')?.value, 'dc1', `gossiped DC of ${e}`);
        assert.equal(n.storage.endpointState(e)?.states.get('RACK')?.value, 'r1', `gossiped RACK of ${e}`);
      }
      const status = formatStatus((await createNodeAdmin(n, 0)('status', [])) as never);
      assert.match(status, /^Datacenter: dc1$/m);
      assert.doesNotMatch(status, /datacenter1/);
    }
    const [n1, n2, n3] = nodes as [IliumNode, IliumNode, IliumNode];
    await cql(env, n1, "CREATE KEYSPACE app WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 2}");
    await runFor(env, 2000);
    await cql(env, n2, 'CREATE TABLE app.t (k int PRIMARY KEY, v text)');
    await runFor(env, 2000);
    await cql(env, n3, "INSERT INTO app.t (k, v) VALUES (1, 'one')", 'QUORUM');
    for (const n of nodes) assert.deepEqual(await rows(env, n, 'SELECT v FROM app.t WHERE k = 1', 'QUORUM'), [['one']]);
    assert.deepEqual(await rows(env, n1, 'SELECT count(*) FROM app.t', 'QUORUM'), [[1n]]);
    await assert.rejects(cql(env, n1, "CREATE KEYSPACE bad WITH replication = {'class': 'NetworkTopologyStrategy', 'nosuchdc': 1}"), (e: unknown) =>
      e instanceof ConfigurationError && e.message === 'Unrecognized strategy option {nosuchdc} passed to NetworkTopologyStrategy for keyspace bad');
    await assert.rejects(cql(env, n1, "CREATE KEYSPACE bad WITH replication = {'class': 'NetworkTopologyStrategy', 'datacenter1': 1}"), /Unrecognized strategy option \{datacenter1\}/);
  } finally {
    for (const n of nodes) await simAwait(env, n.close());
  }
});

test('GossipingPropertyFileSnitch: cassandra-rackdc.properties decides; disagreeing with data_center stops the start', async () => {
  const env = createSimEnv(18);
  const config = ringNodeConfig(1, { endpoint_snitch: 'GossipingPropertyFileSnitch', data_center: 'dc1' });
  await assert.rejects(simAwait(env, IliumNode.start({ env, config, rackDcProperties: 'dc=east\nrack=a\n' })), (e: unknown) =>
    e instanceof ConfigurationError && /data_center: dc1 .*cassandra-rackdc\.properties says dc=east/.test(e.message));
  const node = await simAwait(env, IliumNode.start({ env, config: ringNodeConfig(1, { endpoint_snitch: 'GossipingPropertyFileSnitch' }), rackDcProperties: 'dc=east\nrack=a\n' }));
  try {
    await runFor(env, 1000);
    assert.deepEqual(await rows(env, node, "SELECT data_center, rack FROM system.local WHERE key = 'local'"), [['east', 'a']]);
    assert.deepEqual(node.storage.ring().location(node.storage.localEndpoint), { datacenter: 'east', rack: 'a' });
  } finally {
    await simAwait(env, node.close());
  }
});

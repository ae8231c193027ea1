/**
 * Three IliumNodes in one process on the simulated Env form a ring through gossip: each lists the
 * other two in system.peers, CQL clients hear NEW_NODE / UP / DOWN, a schema made on node 1 reaches
 * node 3, a crashed node is marked down and back up after its restart (same host id and tokens).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type CqlResult, newClientState, queryOptions } from '../cql/execution/index.js';
import { createSimEnv, type SimEnv } from '../env/index.js';
import { endpoint } from '../locator/index.js';
import type { ServerEvent } from '../transport/index.js';
import { runFor, simAwait } from '../../test/support/net-sim.js';
import { startRingNode } from '../../test/support/ring-sim.js';
import type { IliumNode } from './ilium-node.js';
import { createNodeAdmin } from './admin/index.js';
import { formatGossipInfo, formatRing, formatStatus } from '../tools/nodetool/nodetool-output.js';

async function nodetool(node: IliumNode, command: string): Promise<string> {
  const result = (await createNodeAdmin(node, 0)(command, [])) as never;
  return command === 'status' ? formatStatus(result) : command === 'ring' ? formatRing(result) : formatGossipInfo(result);
}

function cql(env: SimEnv, node: IliumNode, query: string): Promise<CqlResult> {
  return simAwait(env, node.processor.prepareText(query, undefined).execute(newClientState(), queryOptions()));
}

async function rows(env: SimEnv, node: IliumNode, query: string): Promise<unknown[][]> {
  const r = await cql(env, node, query);
  assert.equal(r.kind, 'rows');
  return r.kind === 'rows' ? r.rows.map((row) => row.map((v, i) => (v === null ? null : r.columns[i]!.type.compose(v)))) : [];
}

const describe = (e: ServerEvent) => (e.type === 'SCHEMA_CHANGE' ? 'SCHEMA' : `${e.change} ${e.node.address}:${e.node.port}`);

test('three nodes on a SimEnv: peers, events, schema agreement, down and up', async () => {
  const env = createSimEnv(7);
  const nodes: IliumNode[] = [];
  const events: string[] = [];
  try {
    nodes.push(await startRingNode(env, 1));
    nodes[0]!.processor.publishTo((e) => events.push(describe(e)));
    nodes.push(await startRingNode(env, 2), await startRingNode(env, 3));
    const events3: string[] = [];
    nodes[2]!.processor.publishTo((e) => events3.push(describe(e)));
    await runFor(env, 5000);
    const [n1, n2, n3] = nodes as [IliumNode, IliumNode, IliumNode];

    for (const n of nodes) {
      assert.equal(n.storage.ring().normalEndpoints().length, 3, 'every node sees a ring of three');
      assert.equal(n.storage.liveEndpoints().length, 3);
      const peers = await rows(env, n, 'SELECT peer, host_id, tokens, data_center, schema_version FROM system.peers');
      assert.equal(peers.length, 2);
      for (const [peer, hostId, tokens, dc] of peers) {
        const other = nodes.find((x) => x.config.listen_address === peer)!;
        assert.ok(other !== undefined && other !== n);
        assert.equal(String(hostId), other.ctx.node().hostId.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-'));
        assert.deepEqual([...(tokens as Set<string>)].sort(), [...other.ctx.node().tokens].sort());
        assert.equal(dc, 'datacenter1');
      }
      const v2 = await rows(env, n, 'SELECT peer, native_port FROM system.peers_v2');
      assert.deepEqual(v2.map((r) => r[1]), [9042, 9042]);
    }
    assert.ok(events.includes('NEW_NODE 127.0.0.2:9042') && events.includes('NEW_NODE 127.0.0.3:9042'), events.join('; '));
    assert.ok(events.includes('UP 127.0.0.2:9042') && events.includes('UP 127.0.0.3:9042'), events.join('; '));

    // nodetool over gossip.
    const status = await nodetool(n2, 'status');
    const lines = status.split('\n').filter((l) => /^[UD][NJLM] /.test(l));
    assert.deepEqual(lines.map((l) => l.split(/\s+/).slice(0, 2).join(' ')), ['UN 127.0.0.1', 'UN 127.0.0.2', 'UN 127.0.0.3'], status);
    const owned = lines.map((l) => Number(/([\d.]+)%/.exec(l)![1]));
    assert.ok(Math.abs(owned.reduce((a, b) => a + b) - 100) < 0.5, status);
    assert.ok(lines.every((l) => /\s4\s/.test(l)), 'four tokens each');
    const ring = await nodetool(n1, 'ring');
    assert.equal(ring.split('\n').filter((l) => /^127\.0\.0\.\d/.test(l)).length, 12, ring);
    const gossip = await nodetool(n3, 'gossipinfo');
    assert.deepEqual(gossip.split('\n').filter((l) => l.startsWith('/')).sort(), ['/127.0.0.1:7000', '/127.0.0.2:7000', '/127.0.0.3:7000']);
    assert.match(gossip, /^ {2}STATUS_WITH_PORT:\d+:NORMAL,-?\d+$/m);
    assert.match(gossip, /^ {2}TOKENS:\d+:<hidden>$/m);

    // Schema agreement: made on node 1, visible on node 3; all versions equal.
    await cql(env, n1, "CREATE KEYSPACE app WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
    await cql(env, n1, 'CREATE TABLE app.users (id int PRIMARY KEY, name text)');
    await runFor(env, 3000);
    assert.ok(n3.keeper.schema.table('app', 'users') !== undefined, 'node 3 has the table');
    assert.ok(events3.includes('SCHEMA'), 'drivers on node 3 hear of the merged schema');
    assert.equal(n3.keeper.schema.table('app', 'users')!.id, n1.keeper.schema.table('app', 'users')!.id, 'same table id');
    assert.equal(n2.keeper.schema.version, n1.keeper.schema.version);
    assert.equal(n3.keeper.schema.version, n1.keeper.schema.version);
    assert.deepEqual([...n2.storage.schemaVersions()], [[n1.keeper.schema.version, ['127.0.0.1', '127.0.0.2', '127.0.0.3']]]);
    // A change on node 3 travels back; a drop travels as a tombstone.
    await cql(env, n3, 'ALTER TABLE app.users ADD email text');
    await cql(env, n2, "CREATE KEYSPACE tmp WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await runFor(env, 2000);
    await cql(env, n1, 'DROP KEYSPACE tmp');
    await runFor(env, 3000);
    for (const n of nodes) {
      assert.equal(n.keeper.schema.version, n3.keeper.schema.version);
      assert.ok(n.keeper.schema.keyspace('tmp') === undefined, 'the drop reached every node');
      assert.equal((await cql(env, n, 'SELECT email FROM app.users')).kind, 'rows', 'the column added on node 3 exists everywhere');
    }
    const peersOf1 = await rows(env, n1, 'SELECT schema_version FROM system.peers');
    assert.ok(peersOf1.every(([v]) => String(v) === n1.keeper.schema.version), 'system.peers shows the agreed version');

    // Crash node 3 (no announcement): marked down by the failure detector; DOWN event.
    const n3Endpoint = endpoint('127.0.0.3:7000');
    const identity = n3.identity;
    n3.storage.gossiper.stop();
    await n3.storage.messaging.shutdown();
    await runFor(env, 20_000);
    assert.equal(n1.storage.isAlive(n3Endpoint), false);
    assert.ok(n1.storage.downSinceMs(n3Endpoint)! <= env.clock.nowMs());
    assert.ok(events.includes('DOWN 127.0.0.3:9042'), events.join('; '));
    assert.deepEqual([...n1.storage.schemaVersions().get('UNREACHABLE') ?? []], ['127.0.0.3']);
    assert.equal(n1.storage.ring().normalEndpoints().length, 3, 'a down node keeps its tokens');
    assert.match(await nodetool(n1, 'status'), /^DN {2}127\.0\.0\.3 /m);
    await simAwait(env, n3.close());

    // Restart: same identity, marked up again.
    events.length = 0;
    nodes[2] = await startRingNode(env, 3);
    await runFor(env, 5000);
    assert.equal(n1.storage.isAlive(n3Endpoint), true);
    assert.equal(n1.storage.downSinceMs(n3Endpoint), undefined);
    assert.deepEqual(nodes[2].identity.hostId, identity.hostId);
    assert.ok(events.includes('UP 127.0.0.3:9042'), events.join('; '));
    assert.ok(!events.some((e) => e.startsWith('NEW_NODE')), 'a restart is no new node');
    assert.ok(nodes[2].keeper.schema.table('app', 'users') !== undefined);
    const appStamp = (n: IliumNode) => n.storage.schemaSync.keyspaceVersions().find((v) => v.name === 'app')!.stamp;
    assert.ok(appStamp(nodes[2]) > 0n && appStamp(nodes[2]) === appStamp(n1), 'keyspace stamps survive the restart');
    assert.ok(nodes[2].storage.schemaSync.keyspaceVersions().some((v) => v.name === 'tmp' && v.definition === null), 'and so do tombstones');

    // A clean stop is announced: node 1 marks node 2 down at once.
    await simAwait(env, n2.close());
    await runFor(env, 500);
    assert.equal(n1.storage.isAlive(endpoint('127.0.0.2:7000')), false);
    nodes.splice(1, 1);
  } finally {
    for (const n of nodes) await simAwait(env, n.close()).catch(() => undefined);
  }
});

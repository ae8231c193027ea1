/**
 * Topology changes of IliumNodes on one SimEnv: a fourth node bootstraps into a three-node ring
 * with data (RF 2) and holds every partition it replicates; a restart does not bootstrap again;
 * decommission streams its ranges to their new owners; removenode re-replicates a dead node's
 * ranges; refusals (RF, alive node).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type CqlResult, newClientState, queryOptions } from '../cql/execution/index.js';
import { createSimEnv, type SimEnv } from '../env/index.js';
import { REPAIR_QUERY } from '../repair/index.js';
import { runFor, simAwait } from '../../test/support/net-sim.js';
import { startRingNode } from '../../test/support/ring-sim.js';
import type { IliumNode } from './ilium-node.js';
import { createNodeAdmin } from './admin/index.js';
import { uuidText } from './node-identity.js';
import type { NodeLogger } from './node-logger.js';

function cql(env: SimEnv, node: IliumNode, query: string, consistency: 'ONE' | 'QUORUM' | 'ALL' = 'ONE'): Promise<CqlResult> {
  return simAwait(env, node.processor.prepareText(query, undefined).execute(newClientState(), queryOptions([], { consistency })));
}

/** The keys of app.kv this node holds in its own engine. */
function localKeys(node: IliumNode, table = 'kv'): Set<number> {
  const cf = node.keeper.schema.table('app', table)!;
  const parts = node.engine.scan(cf.id, undefined, undefined, REPAIR_QUERY, 1_000_000);
  return new Set(parts.map((p) => node.ctx.partitioner.keyFromPosition(p.position).readInt32BE(0)));
}

/** Every key is held by every one of its natural replicas on `view`'s ring. */
function assertReplicasHold(view: IliumNode, nodes: readonly IliumNode[], keys: readonly number[]): void {
  const ring = view.storage.ring();
  const placement = view.cluster.topology.rings.placement('app');
  const held = new Map(nodes.map((n) => [n.storage.localEndpoint as string, localKeys(n)]));
  for (const k of keys) {
    const key = Buffer.alloc(4);
    key.writeInt32BE(k);
    for (const e of placement.naturalEndpoints(view.ctx.partitioner.decorate(key).token, ring)) {
      assert.ok(held.get(e)?.has(k), `key ${k} on its replica ${e}`);
    }
  }
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

async function insert(env: SimEnv, node: IliumNode, keys: readonly number[], consistency: 'QUORUM' | 'ALL'): Promise<void> {
  for (const k of keys) await cql(env, node, `INSERT INTO app.kv (k, v) VALUES (${k}, 'v${k}')`, consistency);
}

async function countAt(env: SimEnv, node: IliumNode, keys: readonly number[], consistency: 'ONE' | 'QUORUM'): Promise<number> {
  let n = 0;
  for (const k of keys) {
    const r = await cql(env, node, `SELECT v FROM app.kv WHERE k = ${k}`, consistency);
    if (r.kind === 'rows' && r.rows.length === 1) n++;
  }
  return n;
}

function recordingLog(events: string[]): NodeLogger {
  return { debug: () => undefined, info: (e) => void events.push(e), warn: () => undefined, error: () => undefined };
}

test('bootstrap into a ring with data, restart without bootstrap, decommission, removenode', async () => {
  const env = createSimEnv(11);
  const nodes: IliumNode[] = [];
  try {
    nodes.push(await startRingNode(env, 1), await startRingNode(env, 2), await startRingNode(env, 3));
    await runFor(env, 3000);
    const [n1] = nodes as [IliumNode];
    await cql(env, n1, "CREATE KEYSPACE app WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 2}");
    await cql(env, n1, 'CREATE TABLE app.kv (k int PRIMARY KEY, v text)');
    await runFor(env, 2000);
    const before = range(0, 120);
    await insert(env, n1, before, 'ALL');

    // Node 4 bootstraps: BOOT seen by the others, then NORMAL; it holds every key it replicates.
    const events: string[] = [];
    const joinedEvents: string[] = [];
    const joining = startRingNode(env, 4, {}, recordingLog(joinedEvents));
    let sawJoining = false;
    for (let t = 0; t < 40 && !sawJoining; t++) {
      await runFor(env, 100);
      sawJoining = n1.storage.ring().bootstrappingEndpoints().includes('127.0.0.4:7000' as never);
    }
    assert.ok(sawJoining, 'node 1 sees node 4 joining');
    const status = (await createNodeAdmin(n1, 0)('status', [])) as { nodes: { address: string; state: string }[] }[] | { nodes: { address: string; state: string }[] };
    assert.match(JSON.stringify(status), /"state":"J"/, 'status shows UJ');
    const n4 = await joining;
    nodes.push(n4);
    assert.ok(joinedEvents.includes('bootstrap_completed'), joinedEvents.join(' '));
    assert.equal(n4.identity.bootstrapped, true);
    await runFor(env, 2000);
    for (const n of nodes) assert.equal(n.storage.ring().normalEndpoints().length, 4, 'a ring of four');
    assert.ok(localKeys(n4).size > 0, 'node 4 received data');
    assertReplicasHold(n1, nodes, before);

    // cleanup on nodes 1-3: each keeps exactly the keys it still replicates.
    const placement = n1.cluster.topology.rings.placement('app');
    let dropped = 0;
    for (const n of nodes.slice(0, 3)) {
      const had = localKeys(n).size;
      await simAwait(env, n.cleanup('app'));
      const kept = localKeys(n);
      dropped += had - kept.size;
      const mine = before.filter((k) => {
        const key = Buffer.alloc(4);
        key.writeInt32BE(k);
        return placement.naturalEndpoints(n1.ctx.partitioner.decorate(key).token, n1.storage.ring()).includes(n.storage.localEndpoint);
      });
      assert.deepEqual([...kept].sort((a, b) => a - b), mine, `cleanup kept what ${n.storage.localEndpoint} replicates`);
    }
    assert.ok(dropped > 0, 'cleanup dropped the ranges node 4 took');
    await assert.rejects(simAwait(env, n1.cleanup('nope')), /does not exist/);
    assertReplicasHold(n1, nodes, before);

    // Writes after the join; a restart of node 4 does not bootstrap again.
    const after = range(120, 160);
    await insert(env, n1, after, 'ALL');
    await simAwait(env, n4.close());
    const restartEvents: string[] = [];
    nodes[3] = await startRingNode(env, 4, {}, recordingLog(restartEvents));
    assert.ok(!restartEvents.includes('bootstrap_started'), 'no second bootstrap');
    await runFor(env, 3000);
    const all = [...before, ...after];
    assertReplicasHold(n1, nodes, all);

    // Decommission refused while a keyspace needs every node.
    await cql(env, n1, "CREATE KEYSPACE wide WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 4}");
    await runFor(env, 2000);
    await assert.rejects(simAwait(env, nodes[3]!.decommission()), /Not enough nodes to maintain replication factor in keyspace wide \(RF = 4, N = 3\)/);
    await cql(env, n1, 'DROP KEYSPACE wide');
    await runFor(env, 2000);

    // Decommission of node 4: LEFT, its ranges on their new owners, all readable at QUORUM.
    const leaving = nodes[3]!;
    const report = await simAwait(env, leaving.decommission());
    assert.ok(report.streams > 0 && report.partitions > 0, JSON.stringify(report));
    assert.equal(leaving.operationMode, 'DECOMMISSIONED');
    assert.equal(leaving.storage.isRunning, false);
    const info = (await createNodeAdmin(leaving, 0)('info', [])) as { mode: string; gossipActive: boolean; nativeTransportActive: boolean };
    assert.deepEqual([info.mode, info.gossipActive, info.nativeTransportActive], ['DECOMMISSIONED', false, false]);
    await runFor(env, 3000);
    nodes.pop();
    for (const n of nodes) assert.equal(n.storage.ring().normalEndpoints().length, 3, 'node 4 left every ring');
    assertReplicasHold(n1, nodes, all);
    assert.equal(await countAt(env, nodes[1]!, all, 'QUORUM'), all.length);
    await simAwait(env, leaving.close());
    await assert.rejects(startRingNode(env, 4), /This node was decommissioned and will not rejoin the ring/);

    // removenode: refused for a live node; node 3 crashes, node 1 removes it, RF restored.
    const n3 = nodes[2]!;
    const n3Id = uuidText(n3.identity.hostId);
    await assert.rejects(simAwait(env, n1.removeNode(uuidText(nodes[1]!.identity.hostId))), /is alive and owns this ID/);
    n3.storage.gossiper.stop();
    await simAwait(env, n3.storage.messaging.shutdown());
    await runFor(env, 20_000);
    assert.equal(n1.storage.isAlive(n3.storage.localEndpoint), false);
    const removed = await simAwait(env, n1.removeNode(n3Id));
    assert.deepEqual(removed.lost, []);
    await runFor(env, 3000);
    await simAwait(env, n3.close());
    nodes.pop();
    for (const n of nodes) assert.equal(n.storage.ring().normalEndpoints().length, 2, 'node 3 removed from every ring');
    assertReplicasHold(n1, nodes, all);
    assert.equal(await countAt(env, nodes[1]!, all, 'ONE'), all.length);
    void events;
  } finally {
    for (const n of nodes) await simAwait(env, n.close()).catch(() => undefined);
  }
});

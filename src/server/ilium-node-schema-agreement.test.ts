/**
 * Schema agreement does not wait for gossip rounds: three IliumNodes on a SimEnv gossiping only
 * every 5 s reach one schema version — in every node's schema (system.local) and in every node's
 * view of its peers (system.peers, read from gossip) — within a fraction of a round after a DDL,
 * after DDL on two nodes at once, and when a node's pushes are lost (the peers then pull, after the
 * pull delay). A pushed change is not pulled too when peers' gossip of it overtakes the push.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newClientState, queryOptions } from '../cql/execution/index.js';
import { createSimEnv, type SimEnv } from '../env/index.js';
import { runFor, simAwait } from '../../test/support/net-sim.js';
import { startRingNode } from '../../test/support/ring-sim.js';
import { PULL_DELAY_MS } from '../service/index.js';
import type { IliumNode } from './ilium-node.js';

const GOSSIP_MS = 5000;
/** Far below one gossip round: only the push and the immediate SYNs can make it. */
const AGREEMENT_MAX_MS = 300;
const STEP_MS = 5;

async function ddl(env: SimEnv, node: IliumNode, query: string): Promise<void> {
  await simAwait(env, node.processor.prepareText(query, undefined).execute(newClientState(), queryOptions()), 60_000, STEP_MS);
}

/** The one version every node holds and shows for each of its peers, or undefined while they differ. */
function agreedVersion(nodes: readonly IliumNode[]): string | undefined {
  const seen = new Set<string>();
  for (const n of nodes) {
    seen.add(n.keeper.schema.version);
    const peers = n.storage.peers();
    if (peers.length !== nodes.length - 1) return undefined;
    for (const p of peers) seen.add(p.schemaVersion ?? '');
  }
  return seen.size === 1 ? [...seen][0] : undefined;
}

/** Simulated ms until `agreedVersion`, failing past `AGREEMENT_MAX_MS`. */
async function msToAgreement(env: SimEnv, nodes: readonly IliumNode[], what: string, maxMs = AGREEMENT_MAX_MS): Promise<number> {
  for (let waited = 0; ; waited += STEP_MS) {
    if (agreedVersion(nodes) !== undefined) return waited;
    const views = nodes.map((n) => `${n.keeper.schema.version.slice(0, 8)} [${n.storage.peers().map((p) => p.schemaVersion?.slice(0, 8)).join(' ')}]`);
    assert.ok(waited < maxMs, `${what}: no agreement within ${maxMs} ms: ${views.join(', ')}`);
    await runFor(env, STEP_MS);
  }
}

async function startRing(env: SimEnv): Promise<IliumNode[]> {
  const nodes: IliumNode[] = [];
  for (let i = 1; i <= 3; i++) nodes.push(await startRingNode(env, i, { auto_bootstrap: false }, undefined, GOSSIP_MS));
  for (let waited = 0; agreedVersion(nodes) === undefined || nodes.some((n) => n.storage.liveEndpoints().length !== 3); waited += GOSSIP_MS) {
    assert.ok(waited < 120_000, 'the ring forms');
    await runFor(env, GOSSIP_MS);
  }
  return nodes;
}

test('with 5 s gossip rounds, every node and every system.peers row agree within 300 ms of a DDL', async () => {
  const env = createSimEnv(11);
  const nodes = await startRing(env);
  const [n1, n2, n3] = nodes as [IliumNode, IliumNode, IliumNode];
  try {
    const statements = [
      "CREATE KEYSPACE app WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}",
      'CREATE TABLE app.users (id int PRIMARY KEY, name text)',
      'ALTER TABLE app.users ADD email text',
      'DROP TABLE app.users',
    ];
    let pulls = 0;
    const removeCounters = nodes.map((n) => n.storage.messaging.filters.add({
      name: 'count-schema-pulls',
      apply: (ctx) => void (ctx.direction === 'send' && ctx.message.verb === 'SCHEMA_PULL' && pulls++),
    }));
    for (const s of statements) {
      await ddl(env, n1, s);
      await msToAgreement(env, nodes, s);
    }
    for (const remove of removeCounters) remove();
    assert.equal(pulls, 0, 'a pushed change is not pulled too');
    assert.ok(n3.keeper.schema.keyspace('app') !== undefined && n3.keeper.schema.table('app', 'users') === undefined);

    // DDL on two nodes at once: both changes everywhere, one version, no flapping afterwards.
    await Promise.all([
      ddl(env, n1, "CREATE KEYSPACE left_ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}"),
      ddl(env, n3, "CREATE KEYSPACE right_ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}"),
    ]);
    await msToAgreement(env, nodes, 'concurrent DDL');
    const agreed = agreedVersion(nodes);
    for (const n of nodes) assert.ok(n.keeper.schema.keyspace('left_ks') !== undefined && n.keeper.schema.keyspace('right_ks') !== undefined);
    await runFor(env, 3 * GOSSIP_MS);
    assert.equal(agreedVersion(nodes), agreed, 'the agreed version stays');

    // Node 2's pushes are lost: its immediate gossip makes the others pull, after the pull delay.
    const removeFilter = n2.storage.messaging.filters.add({
      name: 'drop-schema-push',
      apply: (ctx) => (ctx.direction === 'send' && ctx.message.verb === 'SCHEMA_PUSH' ? { action: 'drop' } : undefined),
    });
    await ddl(env, n2, 'DROP KEYSPACE left_ks');
    await msToAgreement(env, nodes, 'lost pushes', PULL_DELAY_MS + AGREEMENT_MAX_MS);
    removeFilter();
    for (const n of nodes) assert.equal(n.keeper.schema.keyspace('left_ks'), undefined);
  } finally {
    for (const n of nodes) await simAwait(env, n.close()).catch(() => undefined);
  }
});

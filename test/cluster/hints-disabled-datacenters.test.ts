/**
 * hinted_handoff_disabled_datacenters on three real processes in three data centres
 * (127.0.51.20–22; GossipingPropertyFileSnitch, `data_center:` dcA, dcB, dcC). The node in dcA
 * lists dcC. With the dcB and dcC nodes down, writes at ONE coordinated by the dcA node to a
 * keyspace replicated {dcA: 1, dcB: 1, dcC: 1} succeed; a hint is kept for the dcB node (not
 * listed) and none for the dcC node (listed) — `nodetool hints` and /metrics count them, as
 * Cassandra 4.0's StorageProxy.shouldHint decides. The dcB node, back up, receives its hints.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import cassandra from 'cassandra-driver';
import { type IliumProcess, runIliumCommand, startIliumProcess } from '../support/ilium-process.js';
import { eventually } from '../support/test-cluster.js';

const [A, B, C] = ['127.0.51.20', '127.0.51.21', '127.0.51.22'] as const;
const ROWS = 10;
const nodes: IliumProcess[] = [];
const clients: cassandra.Client[] = [];

after(async () => {
  for (const c of clients) await c.shutdown().catch(() => undefined);
  // All stopped before any folder goes: the restarted dcB node runs on its first run's folder.
  for (const n of nodes) await n.stop();
  for (const n of nodes) n.dispose();
});

function yaml(address: string, dc: string, extra = ''): string {
  return [
    "cluster_name: 'hints-dc'",
    'seed_provider:',
    '  - class_name: org.apache.cassandra.locator.SimpleSeedProvider',
    '    parameters:',
    `      - seeds: "${A}"`,
    'endpoint_snitch: GossipingPropertyFileSnitch',
    `data_center: ${dc}`,
    'rack: r1',
    'ring_delay_ms: 1500',
    'max_hint_window_in_ms: 600000',
    extra,
    '',
  ].join('\n');
}

async function start(address: string, dc: string, extra = '', dataDir?: string): Promise<IliumProcess> {
  const n = await startIliumProcess({ address, configYaml: yaml(address, dc, extra), readyTimeoutMs: 60_000, ...(dataDir === undefined ? {} : { dataDir }) });
  if (dataDir === undefined) nodes.push(n);
  return n;
}

async function nodetool(n: IliumProcess, ...args: string[]): Promise<string> {
  const r = await runIliumCommand(['nodetool', '-p', String(n.adminPort), ...args]);
  assert.equal(r.code, 0, `nodetool ${args.join(' ')}: ${r.stderr}${r.stdout}`);
  return r.stdout;
}

/** `a`'s nodetool status shows each of `others` in `state` (U or D). */
async function sees(a: IliumProcess, others: readonly string[], state: 'U' | 'D'): Promise<void> {
  await eventually(`${a.host} sees ${others.join(', ')} ${state}`, async () => {
    const out = await nodetool(a, 'status');
    return others.every((o) => new RegExp(`^${state}N {2}${o.replaceAll('.', '\\.')} `, 'm').test(out)) ? true : undefined;
  }, 60_000);
}

function pinned(n: IliumProcess, dc: string): cassandra.Client {
  const c = new cassandra.Client({
    contactPoints: [`${n.host}:${n.port}`],
    localDataCenter: dc,
    policies: { loadBalancing: new cassandra.policies.loadBalancing.AllowListPolicy(new cassandra.policies.loadBalancing.DCAwareRoundRobinPolicy(dc), [`${n.host}:${n.port}`]) },
  });
  clients.push(c);
  return c;
}

interface HintStats {
  readonly pendingTargets: string[];
  readonly written: number;
  readonly refused: number;
  readonly delivered: number;
}

test('no hints for a replica in a listed data centre; one per write for a replica in another', { timeout: 300_000 }, async () => {
  const a = await start(A, 'dcA', 'hinted_handoff_disabled_datacenters: [dcC]');
  const b = await start(B, 'dcB');
  const c = await start(C, 'dcC');
  await sees(a, [B, C], 'U');
  await sees(b, [A, C], 'U');
  await sees(c, [A, B], 'U');
  assert.doesNotMatch(a.output(), /config_keys_ignored[^\n]*hinted_handoff_disabled_datacenters/, 'the key is read, not reported as ignored');

  const ca = pinned(a, 'dcA');
  await ca.execute("CREATE KEYSPACE hdc WITH replication = {'class': 'NetworkTopologyStrategy', 'dcA': 1, 'dcB': 1, 'dcC': 1}");
  await ca.execute('CREATE TABLE hdc.t (k int PRIMARY KEY, v text)');
  const hostIds = new Map<string, string>();
  for (const [n, dc] of [[b, 'dcB'], [c, 'dcC']] as const) {
    const cl = pinned(n, dc);
    await eventually(`hdc.t on ${n.host}`, async () => ((await cl.execute("SELECT table_name FROM system_schema.tables WHERE keyspace_name = 'hdc'")).rows.length === 1 ? true : undefined));
    hostIds.set(n.host, String((await cl.execute("SELECT host_id FROM system.local WHERE key = 'local'")).first().get('host_id')));
    await cl.shutdown();
  }
  const before = JSON.parse(await nodetool(a, 'hints')) as HintStats;
  assert.deepEqual(before.pendingTargets, []);

  const bDir = b.dataDir;
  assert.equal(await b.stop(), 0);
  assert.equal(await c.stop(), 0);
  await sees(a, [B, C], 'D');
  for (let k = 0; k < ROWS; k++) await ca.execute('INSERT INTO hdc.t (k, v) VALUES (?, ?)', [k, `v${k}`], { prepare: true, consistency: cassandra.types.consistencies.one });

  const hints = JSON.parse(await nodetool(a, 'hints')) as HintStats;
  assert.deepEqual(hints.pendingTargets, [hostIds.get(B)], 'hints kept for the dcB node only');
  assert.equal(hints.written - before.written, ROWS, 'one hint per write for the dcB node');
  assert.equal(hints.refused - before.refused, ROWS, 'one refusal per write for the dcC node (dcC is listed)');
  const metrics = await (await fetch(`${a.httpUrl}/metrics`)).text();
  assert.match(metrics, new RegExp(`^cassandra_storage_totalhints_count ${hints.written}$`, 'm'));

  // The dcB node back: its hints are delivered; the dcC node gets none (it needs a repair).
  const b2 = await start(B, 'dcB', '', bDir);
  nodes.push(b2);
  await sees(a, [B], 'U');
  await eventually('hints delivered to the dcB node', async () => {
    const h = JSON.parse(await nodetool(a, 'hints')) as HintStats;
    return h.pendingTargets.length === 0 && h.delivered - before.delivered === ROWS ? true : undefined;
  }, 60_000);
  const cb = pinned(b2, 'dcB');
  const local = await cb.execute('SELECT k FROM hdc.t', [], { consistency: cassandra.types.consistencies.localOne });
  assert.equal(local.rows.length, ROWS, 'the dcB replica has every row from its hints');
});

/**
 * A real local cluster for tests (`ilium cluster start` in a temporary folder) and the helpers the
 * cluster tests share: `eventually`, `nodetool` on one node, a driver client pinned to one node
 * and waiting until every node sees every other up (UN).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cassandra from 'cassandra-driver';
import { type CommandRun, runIliumCommand } from './ilium-process.js';

export interface TestCluster {
  readonly dir: string;
  readonly addresses: readonly string[];
  nodetool(address: string, ...args: string[]): Promise<CommandRun>;
  /** Stops every node (SIGTERM) and removes the folder. */
  stop(): Promise<void>;
}

export async function startTestCluster(baseAddress: string, nodes: number, extra: readonly string[] = []): Promise<TestCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'ilium-cluster-'));
  const started = await runIliumCommand(['cluster', 'start', '-n', String(nodes), '--base-address', baseAddress, '--dir', dir, ...extra]);
  const stop = async () => {
    await runIliumCommand(['cluster', 'stop', '--dir', dir]);
    rmSync(dir, { recursive: true, force: true });
  };
  if (started.code !== 0) {
    await stop();
    throw new Error(`cluster start failed: ${started.stderr}${started.stdout}`);
  }
  const base = baseAddress.split('.').map(Number);
  const addresses = Array.from({ length: nodes }, (_, i) => `${base[0]}.${base[1]}.${base[2]}.${base[3]! + i}`);
  return { dir, addresses, nodetool: (address, ...args) => runIliumCommand(['nodetool', '-h', address, ...args]), stop };
}

export async function eventually<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v !== undefined) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms${last === undefined ? '' : ` (${String(last)})`}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Every node's nodetool status shows every address UN. */
export async function allUp(c: TestCluster, timeoutMs = 40_000): Promise<void> {
  await eventually('every node sees every node UN', async () => {
    for (const a of c.addresses) {
      const r = await c.nodetool(a, 'status');
      for (const b of c.addresses) if (!new RegExp(`^UN {2}${b.replaceAll('.', '\\.')} `, 'm').test(r.stdout)) return undefined;
    }
    return true;
  }, timeoutMs);
}

/** A driver client that sends every request to `address` (which coordinates it). */
export function pinned(address: string): cassandra.Client {
  return new cassandra.Client({
    contactPoints: [`${address}:9042`],
    localDataCenter: 'datacenter1',
    policies: { loadBalancing: new cassandra.policies.loadBalancing.AllowListPolicy(new cassandra.policies.loadBalancing.RoundRobinPolicy(), [`${address}:9042`]) },
  });
}

/** Waits until `table` of `keyspace` is in every node's schema. */
export async function tableEverywhere(c: TestCluster, keyspace: string, table: string): Promise<void> {
  const clients = c.addresses.map(pinned);
  try {
    await eventually(`${keyspace}.${table} on every node`, async () => {
      for (const cl of clients) {
        const rs = await cl.execute('SELECT table_name FROM system_schema.tables WHERE keyspace_name = ? AND table_name = ?', [keyspace, table]);
        if (rs.rows.length !== 1) return undefined;
      }
      return true;
    });
  } finally {
    for (const cl of clients) await cl.shutdown();
  }
}

/** A cluster started with extra cassandra.yaml keys, up everywhere, with one connected client pinned to each node. */
export interface ConfiguredCluster {
  readonly cluster: TestCluster;
  readonly clients: readonly cassandra.Client[];
  /** Shuts the clients down, stops the nodes and removes the folders. */
  stop(): Promise<void>;
}

export async function startConfiguredCluster(baseAddress: string, nodes: number, yaml: string): Promise<ConfiguredCluster> {
  const yamlDir = mkdtempSync(join(tmpdir(), 'ilium-cluster-yaml-'));
  const extra = join(yamlDir, 'extra.yaml');
  writeFileSync(extra, yaml);
  let cluster: TestCluster | undefined;
  const clients: cassandra.Client[] = [];
  const stop = async (): Promise<void> => {
    for (const c of clients) await c.shutdown();
    await cluster?.stop();
    rmSync(yamlDir, { recursive: true, force: true });
  };
  try {
    cluster = await startTestCluster(baseAddress, nodes, ['--config-extra', extra]);
    await allUp(cluster);
    for (const address of cluster.addresses) clients.push(pinned(address));
    await Promise.all(clients.map((c) => c.connect()));
    return { cluster, clients, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

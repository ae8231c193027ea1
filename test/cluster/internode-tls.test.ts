/**
 * server_encryption_options with real processes: two nodes (127.0.0.67 and .68) with
 * `internode_encryption: all` and mutual authentication (require_client_auth, a PEM truststore of
 * the CA) form a ring over TLS — each lists the other in system.peers, and a keyspace with
 * replication factor 2 takes a write at ALL through one node and reads it at ALL through the
 * other. A third node (127.0.0.69) speaking plaintext internode is refused: it never sees the ring.
 * Certificates are made at test time with openssl (test/support/test-certs.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import { type IliumProcess, startIliumProcess } from '../support/ilium-process.js';
import { makeTestCerts } from '../support/test-certs.js';
import { eventually } from '../support/test-cluster.js';

const { consistencies } = cassandra.types;
const SEED = '127.0.0.67';

function nodeYaml(address: string, encryption: string): string {
  return [
    `rpc_address: ${address}`, `listen_address: ${address}`, 'auto_bootstrap: false', 'ring_delay_ms: 1500',
    'seed_provider:', '  - class_name: org.apache.cassandra.locator.SimpleSeedProvider', '    parameters:', `      - seeds: "${SEED}"`,
    encryption,
  ].join('\n');
}

function client(node: IliumProcess): cassandra.Client {
  const at = `${node.host}:${node.port}`;
  return new cassandra.Client({
    contactPoints: [at],
    localDataCenter: 'datacenter1',
    policies: { loadBalancing: new cassandra.policies.loadBalancing.AllowListPolicy(new cassandra.policies.loadBalancing.RoundRobinPolicy(), [at]) },
  });
}

async function peersOf(node: IliumProcess): Promise<string[]> {
  const c = client(node);
  try {
    const rs = await c.execute('SELECT peer FROM system.peers');
    return rs.rows.map((r) => String(r['peer']));
  } finally {
    await c.shutdown();
  }
}

test('internode_encryption: all with mutual authentication — two nodes form a ring over TLS; a plaintext node is refused', { timeout: 180_000 }, async () => {
  const certs = makeTestCerts(SEED);
  const encryption = [
    'server_encryption_options:', '  internode_encryption: all', `  keystore: ${certs.server.pem}`, `  keystore_password: ${certs.password}`,
    '  require_client_auth: true', `  truststore: ${certs.caPem}`,
    '  ssl_context_factory:', '    class_name: org.apache.cassandra.security.PEMBasedSslContextFactory',
  ].join('\n');
  const nodes: IliumProcess[] = [];
  try {
    nodes.push(await startIliumProcess({ configYaml: nodeYaml('127.0.0.67', encryption) }));
    nodes.push(await startIliumProcess({ configYaml: nodeYaml('127.0.0.68', encryption) }));
    const [a, b] = nodes as [IliumProcess, IliumProcess];
    await eventually('each node lists the other', async () => ((await peersOf(a)).includes('127.0.0.68') && (await peersOf(b)).includes('127.0.0.67') ? true : undefined), 40_000).catch((e: Error) => {
      throw new Error(`${e.message}\n${a.output().slice(-3000)}\n${b.output().slice(-3000)}`);
    });
    const ca = client(a);
    const cb = client(b);
    try {
      await ca.execute("CREATE KEYSPACE tls WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 2}");
      await ca.execute('CREATE TABLE tls.t (k int PRIMARY KEY, v text)');
      await eventually('the table reached the other node', async () => ((await cb.execute("SELECT table_name FROM system_schema.tables WHERE keyspace_name = 'tls'")).rowLength === 1 ? true : undefined));
      await cb.execute("INSERT INTO tls.t (k, v) VALUES (1, 'over TLS')", [], { consistency: consistencies.all });
      const rs = await ca.execute('SELECT v FROM tls.t WHERE k = 1', [], { consistency: consistencies.all });
      assert.equal(rs.first()?.['v'], 'over TLS');
    } finally {
      await Promise.all([ca.shutdown(), cb.shutdown()]);
    }
    assert.match(a.output(), /internode_connected/);

    const plain = await startIliumProcess({ configYaml: nodeYaml('127.0.0.69', '') });
    nodes.push(plain);
    await new Promise((r) => setTimeout(r, 5000));
    assert.deepEqual(await peersOf(plain), [], 'the plaintext node never joined');
    assert.ok(!(await peersOf(a)).includes('127.0.0.69'));
    for (const n of nodes) assert.equal(await n.stop(), 0, n.output().slice(-2000));
  } finally {
    for (const n of nodes) n.dispose();
    certs.dispose();
  }
});

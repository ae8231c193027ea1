/**
 * `internode_encryption: dc` on real processes, with GossipingPropertyFileSnitch (each node's data
 * centre from `data_center`, learnt by the others through gossip): node A (127.0.48.11, dc1) must
 * encrypt to a node of another data centre, and may speak plaintext to one of its own.
 * - B (127.0.48.12, dc2) has `internode_encryption: all` with require_client_auth: it accepts only
 *   TLS with a certificate of the test CA, so the ring forms only if A encrypts to B (and presents
 *   its certificate);
 * - C (127.0.48.13, dc1) has `dc` too and serves both: A's log (`internode_connected`, `tls`) shows
 *   a plaintext connection to C once C's data centre is known, and only TLS ones to B. A peer not
 *   yet heard of is in no known data centre and gets TLS, as with Cassandra's snitch (UNKNOWN_DC).
 * A shows B and C UN, and a write at ALL through A (SimpleStrategy, RF 3) reaches both.
 * Hot reloading internode: A's keystore is rewritten (its key encrypted afresh: new bytes, the
 * same key and certificate); A logs tls_reloaded for server_encryption_options, and once B restarts
 * A reconnects to it over TLS with the reloaded material and a write at ALL reaches B again.
 * Certificates made now by Debian's openssl (test/support/test-certs.ts).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import cassandra from 'cassandra-driver';
import { type IliumProcess, runIliumCommand, startIliumProcess } from '../support/ilium-process.js';
import { OPENSSL, makeNodeCerts } from '../support/test-certs.js';
import { eventually } from '../support/test-cluster.js';

const A = '127.0.48.11';
const B = '127.0.48.12';
const C = '127.0.48.13';

function nodeYaml(address: string, dc: string, encryption: readonly string[]): string {
  return [
    `rpc_address: ${address}`, `listen_address: ${address}`, 'auto_bootstrap: false', 'ring_delay_ms: 1500',
    'endpoint_snitch: GossipingPropertyFileSnitch', `data_center: ${dc}`,
    'seed_provider:', '  - class_name: org.apache.cassandra.locator.SimpleSeedProvider', '    parameters:', `      - seeds: "${A}"`,
    ...encryption, '',
  ].join('\n');
}

test('internode_encryption: dc encrypts to another data centre and not within its own', { timeout: 180_000 }, async () => {
  const certs = makeNodeCerts([A, B, C]);
  const tls = (address: string, mode: string): string[] => [
    'server_encryption_options:', `  internode_encryption: ${mode}`, `  keystore: ${certs.pemFor[address]!}`, `  keystore_password: ${certs.password}`,
    '  require_client_auth: true', `  truststore: ${certs.caPem}`,
    '  ssl_context_factory:', '    class_name: org.apache.cassandra.security.PEMBasedSslContextFactory',
  ];
  const nodes: IliumProcess[] = [];
  try {
    nodes.push(await startIliumProcess({ configYaml: nodeYaml(A, 'dc1', tls(A, 'dc')), args: ['-Dilium.test.tls_reload_period_ms=300'] }));
    nodes.push(await startIliumProcess({ configYaml: nodeYaml(B, 'dc2', tls(B, 'all')) }));
    nodes.push(await startIliumProcess({ configYaml: nodeYaml(C, 'dc1', tls(C, 'dc')) }));
    const a = nodes[0]!;
    let last = '';
    const status = async (): Promise<string> => {
      const r = await runIliumCommand(['nodetool', '-p', String(a.adminPort), 'status']);
      last = r.stdout + r.stderr;
      return r.stdout;
    };
    const up = (s: string, address: string): boolean => s.split('\n').some((line) => line.startsWith(`UN  ${address} `));
    await eventually('A shows B and C UN', async () => {
      const s = await status();
      return up(s, B) && up(s, C) ? s : undefined;
    }, 60_000).catch((e: Error) => {
      throw new Error(`${e.message}\n${last}\n${nodes.map((n) => n.output().slice(-2500)).join('\n----\n')}`);
    });

    const at = `${a.host}:${a.port}`;
    const client = new cassandra.Client({
      contactPoints: [at],
      localDataCenter: 'dc1',
      policies: { loadBalancing: new cassandra.policies.loadBalancing.AllowListPolicy(new cassandra.policies.loadBalancing.RoundRobinPolicy(), [at]) },
    });
    const all = cassandra.types.consistencies.all;
    const writeAtAll = (k: number) => client.execute('INSERT INTO dcs.t (k, v) VALUES (?, ?)', [k, 'x'], { consistency: all, prepare: true });
    try {
      await client.execute("CREATE KEYSPACE dcs WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
      await client.execute('CREATE TABLE dcs.t (k int PRIMARY KEY, v text)');
      // At ALL once B and C have the table (the schema reaches them over the same connections).
      await eventually('a write at ALL reaches B and C', async () => writeAtAll(1).then(() => true, () => undefined), 30_000);
      assert.equal((await client.execute('SELECT v FROM dcs.t WHERE k = 1', [], { consistency: all })).first()?.['v'], 'x');
      const connections = () => a.output().split('\n').filter((l) => l.includes('"event":"internode_connected"')).map((l) => JSON.parse(l) as { peer: string; type: string; tls: boolean });
      const to = (address: string) => connections().filter((c) => c.peer === `${address}:7000`);
      assert.ok(to(B).length > 0 && to(B).every((c) => c.tls), JSON.stringify(to(B)));
      assert.ok(to(C).some((c) => !c.tls), `A never spoke plaintext to C, of its own data centre: ${JSON.stringify(to(C))}`);
      console.log(`A connected to B ${JSON.stringify(to(B).map((c) => `${c.type}${c.tls ? '+tls' : ''}`))}, to C ${JSON.stringify(to(C).map((c) => `${c.type}${c.tls ? '+tls' : ''}`))}`);

      // Hot reloading: A's key encrypted afresh (new bytes, same key), then B restarted.
      const enc = spawnSync(OPENSSL, ['pkey', '-in', join(certs.dir, `node-${A}.key`), '-aes256', '-passout', `pass:${certs.password}`], { encoding: 'utf8' });
      assert.equal(enc.status, 0, enc.stderr);
      writeFileSync(certs.pemFor[A]!, enc.stdout + readFileSync(join(certs.dir, `node-${A}.crt`), 'utf8') + readFileSync(certs.caPem, 'utf8'));
      await eventually('A reloads its internode keystore', async () => (/"event":"tls_reloaded","key":"server_encryption_options"/.test(a.output()) ? true : undefined), 15_000);
      const b = nodes[1]!;
      const toBBefore = to(B).length;
      assert.equal(await b.stop(), 0, b.output().slice(-2000));
      nodes.push(await startIliumProcess({ configYaml: nodeYaml(B, 'dc2', tls(B, 'all')), dataDir: b.dataDir }));
      await eventually('a write at ALL reaches the restarted B', async () => writeAtAll(2).then(() => true, () => undefined), 60_000);
      assert.ok(to(B).length > toBBefore && to(B).every((c) => c.tls), `A reconnected to B over TLS after the reload: ${JSON.stringify(to(B))}`);
    } finally {
      await client.shutdown();
    }
    for (const n of [nodes[0]!, nodes[2]!, nodes[3]!]) assert.equal(await n.stop(), 0, n.output().slice(-2000));
  } finally {
    for (const n of nodes) n.dispose();
    certs.dispose();
  }
});

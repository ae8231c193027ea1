/**
 * Issue 15's must-show: a three-node cluster with `internode_encryption: all` passes the ring test.
 * `ilium cluster start -n 3 --config-extra FILE` on 127.0.0.83–85, FILE giving every node
 * server_encryption_options with mutual authentication (require_client_auth, a PEM truststore of
 * the test CA) and its own certificate (`keystore: …/node-{address}.pem`: valid for its address,
 * for serverAuth and clientAuth; made at test time with openssl, test/support/test-certs.ts).
 * Checked as the ring test checks (src/tools/cluster/cluster-ring.test.ts): every node sees every
 * node UN, the driver finds the three hosts, one schema version, writes at QUORUM with RF=3
 * through one node read at QUORUM (and ALL) through another. A fourth node speaking plaintext
 * internode (127.0.0.86, the same seed) never joins: no node shows it UN within 15 s.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import cassandra from 'cassandra-driver';
import { type IliumProcess, runIliumCommand, startIliumProcess } from '../support/ilium-process.js';
import { makeNodeCerts } from '../support/test-certs.js';
import { type TestCluster, allUp, eventually, pinned, startTestCluster, tableEverywhere } from '../support/test-cluster.js';

const { consistencies } = cassandra.types;
const ADDRESSES = ['127.0.0.83', '127.0.0.84', '127.0.0.85'];
const PLAIN = '127.0.0.86';
const certs = makeNodeCerts(ADDRESSES);
let cluster: TestCluster | undefined;
let plain: IliumProcess | undefined;

after(async () => {
  await plain?.stop();
  plain?.dispose();
  await cluster?.stop();
  certs.dispose();
});

test('three nodes with internode_encryption: all and mutual authentication form a ring; QUORUM at RF=3 across nodes', { timeout: 240_000 }, async () => {
  const extra = join(certs.dir, 'internode-tls.yaml');
  writeFileSync(extra, [
    'server_encryption_options:',
    '  internode_encryption: all',
    `  keystore: ${join(certs.dir, 'node-{address}.pem')}`,
    `  keystore_password: ${certs.password}`,
    '  require_client_auth: true',
    `  truststore: ${certs.caPem}`,
    '  ssl_context_factory:',
    '    class_name: org.apache.cassandra.security.PEMBasedSslContextFactory',
    '',
  ].join('\n'));
  cluster = await startTestCluster(ADDRESSES[0]!, 3, ['--config-extra', extra]);
  for (const [i, a] of ADDRESSES.entries()) {
    const yaml = readFileSync(join(cluster.dir, `node${i + 1}`, 'cassandra.yaml'), 'utf8');
    assert.match(yaml, /^ {2}internode_encryption: all$/m);
    assert.ok(yaml.includes(`keystore: ${certs.pemFor[a]}\n`), `node${i + 1} has its own certificate:\n${yaml}`);
  }
  await allUp(cluster);
  assert.match(await runIliumCommand(['cluster', 'status', '--dir', cluster.dir]).then((r) => r.stdout), /node3\s+127\.0\.0\.85\s+running/);

  const client = new cassandra.Client({ contactPoints: [`${ADDRESSES[0]}:9042`], localDataCenter: 'datacenter1' });
  try {
    await client.connect();
    assert.deepEqual(client.hosts.keys().sort(), ADDRESSES.map((a) => `${a}:9042`));
    await client.execute("CREATE KEYSPACE tlsring WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
    await client.execute('CREATE TABLE tlsring.kv (k int PRIMARY KEY, v text)');
  } finally {
    await client.shutdown();
  }
  await tableEverywhere(cluster, 'tlsring', 'kv');
  await eventually('one schema version on all three', async () => {
    const described = await cluster!.nodetool(ADDRESSES[2]!, 'describecluster');
    assert.equal(described.code, 0, described.stderr);
    return /\t\t[0-9a-f-]{36}: \[127\.0\.0\.83, 127\.0\.0\.84, 127\.0\.0\.85\]\n/.test(described.stdout) ? true : undefined;
  });

  const n1 = pinned(ADDRESSES[0]!);
  const n3 = pinned(ADDRESSES[2]!);
  try {
    for (let k = 0; k < 50; k++) await n1.execute('INSERT INTO tlsring.kv (k, v) VALUES (?, ?)', [k, `v${k}`], { prepare: true, consistency: consistencies.quorum });
    for (let k = 0; k < 50; k++) {
      const rs = await n3.execute('SELECT v FROM tlsring.kv WHERE k = ?', [k], { prepare: true, consistency: consistencies.quorum });
      assert.equal(rs.rows[0]?.['v'], `v${k}`, `row ${k} through node 3`);
    }
    // ALL: every replica answered over TLS with the same data.
    const all = await n3.execute('SELECT count(*) FROM tlsring.kv', [], { consistency: consistencies.all });
    assert.equal(Number(all.rows[0]!['count']), 50);
    await n3.execute('DELETE FROM tlsring.kv WHERE k = 7', [], { consistency: consistencies.quorum });
    const gone = await n1.execute('SELECT v FROM tlsring.kv WHERE k = 7', [], { consistency: consistencies.quorum });
    assert.equal(gone.rows.length, 0);
  } finally {
    await n1.shutdown();
    await n3.shutdown();
  }
});

test('a node without internode TLS, with the same seed, never joins the ring', { timeout: 120_000 }, async () => {
  assert.ok(cluster !== undefined, 'the cluster of the first test');
  plain = await startIliumProcess({
    address: PLAIN,
    port: 9042,
    configYaml: ['auto_bootstrap: false', 'ring_delay_ms: 1500', 'seed_provider:', '  - class_name: org.apache.cassandra.locator.SimpleSeedProvider', '    parameters:', `      - seeds: "${ADDRESSES[0]}"`, ''].join('\n'),
  });
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    for (const a of ADDRESSES) {
      const r = await cluster.nodetool(a, 'status');
      assert.equal(r.code, 0, r.stderr);
      assert.doesNotMatch(r.stdout, /^UN {2}127\.0\.0\.86 /m, `node ${a} shows the plaintext node up:\n${r.stdout}`);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  // The ring is unchanged: still three UN nodes, each seeing the others.
  await allUp(cluster, 10_000);
});

/**
 * `ilium cluster` end to end: two detached `ilium start` processes on their own loopback addresses,
 * each serving CQL and nodetool there; status sees them; stop ends them cleanly.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cassandra from 'cassandra-driver';
import { runIliumCommand } from '../../../test/support/ilium-process.js';
import { addressFor, mergeConfigExtra } from './local-cluster.js';

const dir = mkdtempSync(join(tmpdir(), 'ilium-cluster-'));
const cluster = (...args: string[]) => runIliumCommand(['cluster', ...args, '--dir', dir]);

after(async () => {
  await cluster('stop');
  rmSync(dir, { recursive: true, force: true });
});

test('start -n 2 runs two nodes on consecutive addresses; status and stop', async () => {
  const started = await cluster('start', '-n', '2', '--base-address', '127.0.0.201');
  assert.equal(started.code, 0, started.stderr + started.stdout);
  assert.match(started.stdout, /node1 ready on 127\.0\.0\.201 \(pid \d+\)\nnode2 ready on 127\.0\.0\.202 \(pid \d+\)\n/);
  assert.match(readFileSync(join(dir, 'node2', 'cassandra.yaml'), 'utf8'), /seeds: "127\.0\.0\.201"/, 'the first node is the seed');

  for (const address of ['127.0.0.201', '127.0.0.202']) {
    // The nodes form a ring, so a driver finds both: pin it to the node under test.
    const pinned = new cassandra.policies.loadBalancing.AllowListPolicy(new cassandra.policies.loadBalancing.RoundRobinPolicy(), [`${address}:9042`]);
    const client = new cassandra.Client({ contactPoints: [`${address}:9042`], localDataCenter: 'datacenter1', policies: { loadBalancing: pinned } });
    try {
      const rs = await client.execute('SELECT listen_address, cluster_name FROM system.local');
      assert.equal(rs.rows[0]!['listen_address'].toString(), address);
      assert.equal(rs.rows[0]!['cluster_name'], 'ilium-local');
    } finally {
      await client.shutdown();
    }
    const info = await runIliumCommand(['nodetool', '-h', address, 'info']);
    assert.equal(info.code, 0, info.stderr);
  }

  const again = await cluster('start', '-n', '2', '--base-address', '127.0.0.201');
  assert.equal(again.code, 0);
  assert.match(again.stdout, /node1 \(127\.0\.0\.201\) is already running/);

  const status = await cluster('status');
  assert.match(status.stdout, /node1\s+127\.0\.0\.201\s+running\s+\d+\s+127\.0\.0\.201:9042\s+127\.0\.0\.201:7199/);
  assert.match(status.stdout, /node2\s+127\.0\.0\.202\s+running/);

  const stopped = await cluster('stop');
  assert.equal(stopped.code, 0, stopped.stderr);
  assert.match(stopped.stdout, /2 node\(s\) stopped/);
  const after = await cluster('status');
  assert.match(after.stdout, /node1\s+127\.0\.0\.201\s+stopped/);
  assert.match(readFileSync(join(dir, 'node1', 'node.log'), 'utf8'), /"event":"stopped"/, 'a clean stop');
});

test('bad arguments are usage errors', async () => {
  const r = await cluster('start', '-n', '0');
  assert.equal(r.code, 2);
  assert.match(r.stderr, /-n must be a node count/);
  assert.throws(() => addressFor('10.0.0.1', 0), /loopback/);
  assert.throws(() => addressFor('127.0.0.250', 10), /not enough loopback addresses/);
});

test('--config-extra: its keys replace or join the generated ones, {address} and {node} filled; a non-mapping is a usage error', async () => {
  const base = '# a comment\ncluster_name: \'a\'\nlisten_address: 127.0.0.5\nring_delay_ms: 1500\n';
  const merged = mergeConfigExtra(base, 'ring_delay_ms: 100\nserver_encryption_options:\n  internode_encryption: all\n  keystore: /c/{address}-{node}.pem\n', '127.0.0.5', 'node2');
  assert.match(merged, /^# a comment$/m);
  assert.match(merged, /^ring_delay_ms: 100$/m);
  assert.doesNotMatch(merged, /1500/);
  assert.match(merged, /^listen_address: 127\.0\.0\.5$/m);
  assert.match(merged, /^server_encryption_options:\n {2}internode_encryption: all\n {2}keystore: \/c\/127\.0\.0\.5-node2\.pem$/m);
  assert.throws(() => mergeConfigExtra(base, '- a\n- b\n', '127.0.0.5', 'node1'), /must be a YAML mapping/);
  const file = join(dir, 'extra.yaml');
  writeFileSync(file, '- not a mapping\n');
  const r = await cluster('start', '-n', '1', '--base-address', '127.0.0.205', '--config-extra', file);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /--config-extra: the file must be a YAML mapping/);
});

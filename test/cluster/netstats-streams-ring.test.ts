/**
 * `nodetool netstats` lists the streams a node receives, on a two-node ring (`ilium cluster start`
 * at 127.0.42.20-21, hinted handoff off, fault injection on): node B misses writes while
 * partitioned from A, then repairs while it holds what A sends it for 300 ms (`faults delay`),
 * so each page of its pull from A waits and the stream can be watched while it runs: a "Repair"
 * session from /127.0.42.20 receiving ks/t. Afterwards no stream is listed, and the streaming
 * totals in /metrics count what was received.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import { type ConfiguredCluster, allUp, eventually, startConfiguredCluster, tableEverywhere } from '../support/test-cluster.js';
import { parsePrometheusText, sampleValue } from '../http/prometheus-text.js';

const [A, B] = ['127.0.42.20', '127.0.42.21'] as const;
let ring: ConfiguredCluster;

before(async () => {
  ring = await startConfiguredCluster(A, 2, 'hinted_handoff_enabled: false\nenable_fault_injection: true\n');
});

after(async () => {
  await ring?.stop();
});

test('a repair stream is listed while it runs, with its peer, ranges and bytes; its totals stay in /metrics', async () => {
  const { cluster, clients } = ring;
  const a = clients[0]!;
  const nodetool = async (host: string, ...args: string[]) => {
    const r = await cluster.nodetool(host, ...args);
    assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  await a.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 2}");
  await a.execute('CREATE TABLE ks.t (k int PRIMARY KEY, v text)');
  await tableEverywhere(cluster, 'ks', 't');
  assert.match(await nodetool(B, 'netstats'), /^Mode: NORMAL\nNot sending any streams\.\n/);

  await nodetool(A, 'faults', 'partition', B);
  for (let k = 0; k < 40; k++) await a.execute('INSERT INTO ks.t (k, v) VALUES (?, ?)', [k, `v${k}`], { prepare: true, consistency: cassandra.types.consistencies.one });
  await nodetool(A, 'faults', 'heal');
  await allUp(cluster);

  await nodetool(B, 'faults', 'delay', '300', A);
  try {
    const repair = cluster.nodetool(B, 'repair', 'ks', 't');
    const seen = await eventually('B lists its repair stream from A', async () => {
      const out = await nodetool(B, 'netstats');
      return /^Repair \d+\n {4}\/127\.0\.42\.20\n/m.test(out) ? out : undefined;
    }, 30_000);
    assert.match(seen, /^Mode: NORMAL\nRepair \d+\n/);
    assert.match(seen, /\n {8}Receiving (\d+) files, (\d+) bytes total\. Already received (\d+) files \(\d+\.\d\d%\), \2 bytes total \(\d+\.\d\d%\)\n {12}ks\/t \3\/\1 ranges, \d+ partitions, \2 bytes received from \/127\.0\.42\.20\n/);
    assert.match(seen, /\nRead Repair Statistics:\n/);
    const done = await repair;
    assert.equal(done.code, 0, done.stderr + done.stdout);
  } finally {
    await nodetool(B, 'faults', 'heal');
  }
  assert.match(await nodetool(B, 'netstats'), /^Mode: NORMAL\nNot sending any streams\.\n/, 'the finished stream is no longer listed');
  const metrics = parsePrometheusText(await (await fetch(`http://${B}:9180/metrics`)).text());
  assert.ok(sampleValue(metrics, 'ilium_streaming_partitions_received_total') >= 40, 'B received every partition it missed');
  assert.ok(sampleValue(metrics, 'cassandra_streaming_totalincomingbytes_count') > 40 * 10);
  assert.ok(sampleValue(metrics, 'ilium_streaming_sessions_completed_total') >= 1);
  assert.equal(sampleValue(metrics, 'ilium_streaming_sessions_active'), 0);
  const b = clients[1]!;
  const count = await b.execute('SELECT count(*) FROM ks.t', [], { consistency: cassandra.types.consistencies.one });
  assert.equal(Number(count.first()['count']), 40, 'B holds them after the repair');
});

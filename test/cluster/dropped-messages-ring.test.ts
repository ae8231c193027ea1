/**
 * Dropped messages per verb on a two-node ring (`ilium cluster start --fault-injection` at
 * 127.0.42.10-11, npm cassandra-driver): node B holds what it receives from A for 3 s (`nodetool
 * faults delay`), longer than a MUTATION's 2 s deadline, so the writes A coordinates at ONE reach
 * B expired and B drops them, as Cassandra drops a message whose timeout passed before it was
 * processed. B's `nodetool tpstats` (over HTTP, the default) counts them in its "Message type /
 * Dropped" section and its /metrics in cassandra_droppedmessage_dropped_count{droppedmessage}.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import { type TestCluster, allUp, eventually, pinned, startTestCluster, tableEverywhere } from '../support/test-cluster.js';
import { parsePrometheusText, sampleValue } from '../http/prometheus-text.js';

const [A, B] = ['127.0.42.10', '127.0.42.11'] as const;
let cluster: TestCluster;
let a: cassandra.Client;

before(async () => {
  cluster = await startTestCluster(A, 2, ['--fault-injection']);
  await allUp(cluster);
  a = pinned(A);
  await a.connect();
});

after(async () => {
  await a?.shutdown();
  await cluster?.stop();
});

const droppedIn = (tpstats: string, verb: string) => Number(new RegExp(`^${verb} +(\\d+) +N/A`, 'm').exec(tpstats)?.[1] ?? NaN);
const scrapedDrops = async (verb: string) => sampleValue(parsePrometheusText(await (await fetch(`http://${B}:9180/metrics`)).text()), 'cassandra_droppedmessage_dropped_count', { droppedmessage: verb });

test('writes that reach a replica after their deadline are dropped there and counted by verb', async () => {
  await a.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 2}");
  await a.execute('CREATE TABLE ks.t (k int PRIMARY KEY, v int)');
  await tableEverywhere(cluster, 'ks', 't');
  const before = await cluster.nodetool(B, 'tpstats');
  assert.equal(before.code, 0, before.stderr);
  assert.match(before.stdout, /\n\nMessage type +Dropped +Latency waiting in queue \(micros\) +\n +50% +95% +99% +Max\n/);
  assert.equal(droppedIn(before.stdout, 'MUTATION'), 0);
  assert.equal(await scrapedDrops('MUTATION'), 0);

  const delayed = await cluster.nodetool(B, 'faults', 'delay', '3000', A);
  assert.equal(delayed.code, 0, delayed.stderr);
  try {
    for (let k = 0; k < 5; k++) await a.execute('INSERT INTO ks.t (k, v) VALUES (?, ?)', [k, k], { prepare: true, consistency: cassandra.types.consistencies.one });
    const tp = await eventually('B drops the five expired mutations', async () => {
      const r = await cluster.nodetool(B, 'tpstats');
      return droppedIn(r.stdout, 'MUTATION') >= 5 ? r.stdout : undefined;
    }, 15_000);
    assert.match(tp, /^READ +0 +N\/A +N\/A +N\/A +N\/A$/m, 'every verb listed, 0 where none dropped');
    assert.ok(await scrapedDrops('MUTATION') >= 5);
    const aTp = await cluster.nodetool(A, 'tpstats');
    assert.equal(droppedIn(aTp.stdout, 'MUTATION'), 0, 'the coordinator dropped none');
  } finally {
    await cluster.nodetool(B, 'faults', 'heal');
  }
});

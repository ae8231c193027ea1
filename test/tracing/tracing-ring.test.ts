/**
 * Tracing on a ring of two real processes (127.0.24.2, 127.0.24.3): a traced request's messages
 * carry its session, so the replica records its own part under the coordinator's session —
 * "READ message received from /<coordinator>", its memtable and SSTable reads, "Enqueuing response
 * to /<coordinator>" — beside the coordinator's "Sending …" and "… response received from …".
 * The npm cassandra-driver reads the whole session back.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import { allUp, eventually, pinned, startTestCluster, tableEverywhere, type TestCluster } from '../support/test-cluster.js';

let cluster: TestCluster;
let client: cassandra.Client;

before(async () => {
  cluster = await startTestCluster('127.0.24.2', 2);
  await allUp(cluster);
  client = pinned(cluster.addresses[0]!);
  await client.execute("CREATE KEYSPACE ring WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 2}");
  await client.execute('CREATE TABLE ring.t (k int PRIMARY KEY, v text)');
  await tableEverywhere(cluster, 'ring', 't');
}, { timeout: 120_000 });

after(async () => {
  await client?.shutdown();
  await cluster?.stop();
});

/** The session's events once `want` of them came from `source` (the replica writes its part a moment later). */
async function eventsOf(traceId: cassandra.types.Uuid, source: string, want: (a: string) => boolean): Promise<{ source: string; activity: string }[]> {
  return eventually(`the replica's events of ${String(traceId)}`, async () => {
    const t = await client.metadata.getTrace(traceId);
    const events = t.events.map((e) => ({ source: String(e.source), activity: e.activity }));
    return events.some((e) => e.source === source && want(e.activity)) ? events : undefined;
  });
}

test('a traced write and read at ALL: the coordinator and the replica each record their part', { timeout: 60_000 }, async () => {
  const [coordinator, replica] = cluster.addresses as [string, string];
  const { all } = cassandra.types.consistencies;
  const w = await client.execute("INSERT INTO ring.t (k, v) VALUES (7, 'x')", [], { traceQuery: true, consistency: all });
  const we = await eventsOf(w.info.traceId, replica, (a) => a === 'Adding to t memtable');
  const mine = (s: string) => we.filter((e) => e.source === s).map((e) => e.activity);
  assert.ok(mine(coordinator).includes(`Sending MUTATION message to /${replica}:7000`), mine(coordinator).join('\n'));
  assert.ok(mine(coordinator).includes(`MUTATION response received from /${replica}:7000`), mine(coordinator).join('\n'));
  assert.deepEqual(mine(replica), [`MUTATION message received from /${coordinator}:7000`, 'Appending to commitlog', 'Adding to t memtable', `Enqueuing response to /${coordinator}:7000`]);

  const r = await client.execute('SELECT v FROM ring.t WHERE k = 7', [], { traceQuery: true, consistency: all });
  assert.equal(r.first()['v'], 'x');
  const re = await eventsOf(r.info.traceId, replica, (a) => a.startsWith('Enqueuing response'));
  const replicaPart = re.filter((e) => e.source === replica).map((e) => e.activity);
  assert.equal(replicaPart[0], `READ message received from /${coordinator}:7000`);
  assert.ok(replicaPart.includes('Executing single-partition query on t'), replicaPart.join('\n'));
  assert.ok(replicaPart.includes('Merged data from memtables and 0 sstables'), replicaPart.join('\n'));
  const coordinatorPart = re.filter((e) => e.source === coordinator).map((e) => e.activity).join('\n');
  assert.match(coordinatorPart, new RegExp(`from /${replica.replace(/\./g, '\\.')}:7000: sending READ message`));
  assert.match(coordinatorPart, new RegExp(`READ response received from /${replica.replace(/\./g, '\\.')}:7000`));
});

/**
 * Tombstone thresholds on a real `ilium start` (127.0.17.21) with npm cassandra-driver: a SELECT
 * over a partition holding more deleted cells than tombstone_failure_threshold is answered
 * READ_FAILURE (0x1300) and the node logs why; over tombstone_warn_threshold it is answered and
 * the node logs a warning (Cassandra's behaviour and wording; docs/RELIABILITY.md, "Limits").
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import cassandra from 'cassandra-driver';
import { type IliumProcess, startIliumProcess } from '../support/ilium-process.js';

const ADDRESS = '127.0.17.21';
let node: IliumProcess;
let client: cassandra.Client;

before(async () => {
  node = await startIliumProcess({ address: ADDRESS, args: ['--seeds', ADDRESS], configYaml: 'tombstone_warn_threshold: 5\ntombstone_failure_threshold: 15\n' });
  client = new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1' });
  await client.connect();
  await client.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await client.execute('CREATE TABLE ks.t (k int, c int, v int, PRIMARY KEY (k, c))');
  for (const [k, dead] of [[1, 10], [2, 20]] as const) {
    for (let c = 0; c < 30; c++) await client.execute('INSERT INTO ks.t (k, c, v) VALUES (?, ?, ?)', [k, c, c], { prepare: true });
    for (let c = 0; c < dead; c++) await client.execute('DELETE v FROM ks.t WHERE k = ? AND c = ?', [k, c], { prepare: true });
  }
});

/** The node's output once it matches `re` (its log lines arrive through a pipe, after the answer the client already has). */
async function logged(re: RegExp): Promise<string> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
    if (re.test(node.output())) return node.output();
  }
  return node.output();
}

after(async () => {
  await client?.shutdown();
  node?.dispose();
});

test('over tombstone_warn_threshold: answered, the node warns', async () => {
  const rs = await client.execute('SELECT c, v FROM ks.t WHERE k = 1');
  assert.equal(rs.rows.length, 30);
  assert.equal(rs.rows.filter((r) => r['v'] === null).length, 10);
  const warning = /tombstone_warning.*Read \d+ live cells and 10 tombstone cells for query on ks\.t \(see tombstone_warn_threshold\)/;
  assert.match(await logged(warning), warning);
});

test('over tombstone_failure_threshold: READ_FAILURE without server details, the node logs it', async () => {
  await assert.rejects(client.execute('SELECT c, v FROM ks.t WHERE k = 2'), (e: unknown) => {
    const err = e as { code?: number; message?: string };
    assert.equal(err.code, cassandra.types.responseErrorCodes.readFailure);
    // The driver words READ_FAILURE itself from the counts the node sent.
    assert.match(err.message ?? '', /^Server failure during read query at consistency LOCAL_ONE \(1 responses were required but only 0 replicas responded, 1 failed\)$/);
    return true;
  });
  const failure = /tombstone_failure.*Scanned over 16 tombstones during query on ks\.t; query aborted/;
  assert.match(await logged(failure), failure);
  // Other partitions are still served.
  assert.equal((await client.execute('SELECT c FROM ks.t WHERE k = 1')).rows.length, 30);
});

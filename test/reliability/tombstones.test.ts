/**
 * Tombstone thresholds on a real `ilium start` (127.0.17.21) with npm cassandra-driver: a SELECT
 * over a partition holding more deleted cells than tombstone_failure_threshold is answered
 * READ_FAILURE (0x1300) and the node logs why; over tombstone_warn_threshold it is answered, the
 * node logs a warning and the client gets it among the response's warnings, once per request
 * (Cassandra's behaviour and wording; docs/RELIABILITY.md, "Limits").
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
  // A table scanned whole: 'a' has 8 dead rows of 12, 'b' none.
  await client.execute('CREATE TABLE ks.s (k text, c int, PRIMARY KEY (k, c))');
  for (let c = 0; c < 12; c++) await client.execute('INSERT INTO ks.s (k, c) VALUES (?, ?)', ['a', c], { prepare: true });
  for (let c = 0; c < 8; c++) await client.execute('DELETE FROM ks.s WHERE k = ? AND c = ?', ['a', c], { prepare: true });
  await client.execute("INSERT INTO ks.s (k, c) VALUES ('b', 1)");
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

test('over tombstone_warn_threshold: answered, the node warns, the client gets the warning', async () => {
  const rs = await client.execute('SELECT c, v FROM ks.t WHERE k = 1');
  assert.equal(rs.rows.length, 30);
  assert.equal(rs.rows.filter((r) => r['v'] === null).length, 10);
  assert.deepEqual(rs.info.warnings, ['Read 30 live rows and 10 tombstone cells for query SELECT * FROM ks.t WHERE k = 1 (see tombstone_warn_threshold)']);
  const warning = /tombstone_warning.*Read \d+ live cells and 10 tombstone cells for query on ks\.t \(see tombstone_warn_threshold\)/;
  assert.match(await logged(warning), warning);
  // Prepared, paged: one warning for the page that met them.
  const paged = await client.execute('SELECT c, v FROM ks.t WHERE k = ?', [1], { prepare: true, fetchSize: 100 });
  assert.deepEqual(paged.info.warnings, ['Read 30 live rows and 10 tombstone cells for query SELECT * FROM ks.t WHERE k = 1 (see tombstone_warn_threshold)']);
});

test('under tombstone_warn_threshold, and in system tables: no warning', async () => {
  const few = await client.execute('SELECT c FROM ks.t WHERE k = 1 AND c >= 25');
  assert.equal(few.rows.length, 5);
  assert.equal(few.info.warnings, undefined);
  const system = await client.execute('SELECT keyspace_name FROM system_schema.tables');
  assert.ok(system.rows.length > 0);
  assert.equal(system.info.warnings, undefined);
});

test('a scan over tombstone_warn_threshold: the client gets the warning with the table scanned', async () => {
  const rs = await client.execute('SELECT k, c FROM ks.s');
  assert.deepEqual(rs.rows.map((r) => `${r['k']}${r['c']}`).sort(), ['a10', 'a11', 'a8', 'a9', 'b1']);
  // One warning, for the scan step that met the tombstones (whether it also read 'b' depends on how the scan steps fell).
  assert.equal(rs.info.warnings?.length, 1, String(rs.info.warnings));
  assert.match(rs.info.warnings[0]!, /^Read [45] live rows and 8 tombstone cells for query SELECT \* FROM ks\.s \(see tombstone_warn_threshold\)$/);
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

/**
 * GET /metrics on a real `ilium start` (127.0.37.1): under a small load from the npm
 * cassandra-driver, the client request and per-table counts and histograms move with it, the
 * memtable, flush, SSTable and commit log figures follow a flush, clients are counted by driver,
 * and the whole text parses as Prometheus' exposition format (prometheus-text.ts).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import { type IliumProcess, runIliumCommand, startIliumProcess } from '../support/ilium-process.js';
import { type PromText, parsePrometheusText, sampleValue } from './prometheus-text.js';

let node: IliumProcess;
let client: cassandra.Client;

before(async () => {
  node = await startIliumProcess({ address: '127.0.37.1' });
  client = new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1' });
  await client.connect();
  await client.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await client.execute('CREATE TABLE ks.t (k int, c int, v text, PRIMARY KEY (k, c))');
});

after(async () => {
  await client?.shutdown();
  if (node !== undefined) {
    assert.equal(await node.stop(), 0);
    node.dispose();
  }
});

async function scrape(): Promise<PromText> {
  const r = await fetch(`${node.httpUrl}/metrics`);
  assert.equal(r.status, 200);
  assert.match(r.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await r.text());
}

const T = { keyspace: 'ks', table: 't' };

test('client request and table metrics move with a load, and the text parses as Prometheus exposition', async () => {
  const before = await scrape();
  for (let c = 0; c < 40; c++) await client.execute('INSERT INTO ks.t (k, c, v) VALUES (1, ?, ?)', [c, `v${c}`], { prepare: true, consistency: cassandra.types.consistencies.one });
  for (let i = 0; i < 15; i++) await client.execute('SELECT * FROM ks.t WHERE k = 1', [], { prepare: true, consistency: cassandra.types.consistencies.quorum });
  await client.execute('SELECT * FROM ks.t');
  await client.execute('INSERT INTO ks.t (k, c, v) VALUES (2, 0, ?) IF NOT EXISTS', ['x']);
  await client.batch([{ query: 'INSERT INTO ks.t (k, c, v) VALUES (3, 0, ?)', params: ['a'] }, { query: 'INSERT INTO ks.t (k, c, v) VALUES (4, 0, ?)', params: ['b'] }], { prepare: true });
  const after = await scrape();
  const moved = (name: string, labels: Record<string, string>) => sampleValue(after, name, labels) - sampleValue(before, name, labels);

  assert.equal(after.types.get('cassandra_clientrequest_latency_seconds'), 'histogram');
  assert.equal(moved('cassandra_clientrequest_latency_seconds_count', { clientrequest: 'Write', consistency: 'ONE' }), 40);
  assert.equal(moved('cassandra_clientrequest_latency_seconds_count', { clientrequest: 'Read', consistency: 'QUORUM' }), 15);
  assert.ok(moved('cassandra_clientrequest_latency_seconds_count', { clientrequest: 'RangeSlice' }) >= 1);
  assert.equal(moved('cassandra_clientrequest_latency_seconds_count', { clientrequest: 'CASWrite', consistency: 'SERIAL' }), 1);
  assert.equal(moved('cassandra_clientrequest_latency_seconds_count', { clientrequest: 'Batch' }), 1);
  assert.ok(moved('cassandra_clientrequest_latency_seconds_sum', { clientrequest: 'Write', consistency: 'ONE' }) > 0, 'latencies add up');
  // Every write took more than 50 µs and less than 10 s: the histogram's buckets say so.
  assert.equal(moved('cassandra_clientrequest_latency_seconds_bucket', { clientrequest: 'Write', consistency: 'ONE', le: '10' }), 40);

  assert.ok(moved('cassandra_table_writelatency_seconds_count', T) >= 42);
  assert.equal(moved('cassandra_table_coordinatorreadlatency_seconds_count', T), 15);
  assert.equal(moved('cassandra_table_readlatency_seconds_count', T), 15 + 1, 'the CAS read its partition once');
  assert.ok(moved('cassandra_table_livescannedhistogram_count', T) >= 16, 'rows met: each read, the CAS and the scan');
  assert.ok(moved('cassandra_table_livescannedhistogram_sum', T) >= 15 * 40, '40 rows per read of partition 1');
  assert.ok(sampleValue(after, 'cassandra_table_memtablelivedatasize', T) > 0);
  assert.ok(sampleValue(after, 'cassandra_client_connectednativeclients') >= 1);
  assert.ok(after.samples.some((s) => s.name === 'ilium_client_connected' && /Node\.js Driver/.test(s.labels.driver_name ?? '') && s.value >= 1), 'clients counted by driver');
  assert.equal(sampleValue(after, 'ilium_endpoint_status', { endpoint: '127.0.37.1', status: 'U', state: 'N' }), 1);
  assert.ok(after.samples.some((s) => s.name === 'nodejs_eventloop_lag_p99_seconds'), 'event-loop delay');
  assert.equal(after.types.get('nodejs_gc_duration_seconds'), 'histogram', 'GC pauses');
});

test('a flush shows in the memtable, flush, SSTable, disk and commit log figures', async () => {
  const before = await scrape();
  const flush = await runIliumCommand(['nodetool', '-p', String(node.adminPort), 'flush', 'ks', 't']);
  assert.equal(flush.code, 0, flush.stderr);
  const after = await scrape();
  assert.equal(sampleValue(after, 'cassandra_table_memtableswitchcount_count', T) - sampleValue(before, 'cassandra_table_memtableswitchcount_count', T), 1);
  assert.ok(sampleValue(after, 'cassandra_table_memtablelivedatasize', T) < sampleValue(before, 'cassandra_table_memtablelivedatasize', T));
  assert.equal(sampleValue(after, 'cassandra_table_livesstablecount', T), sampleValue(before, 'cassandra_table_livesstablecount', T) + 1);
  assert.ok(sampleValue(after, 'cassandra_table_livediskspaceused_count', T) > 0);
  assert.ok(sampleValue(after, 'cassandra_table_estimatedpartitioncount', T) >= 4);
  assert.ok(sampleValue(after, 'cassandra_commitlog_completedtasks') + sampleValue(after, 'cassandra_commitlog_pendingtasks') >= 40, 'entries added: synced or pending');
  assert.ok(sampleValue(after, 'ilium_commitlog_segments') >= 1);
});

test('SSTables per read grows with the SSTables a partition is spread over', async () => {
  const S = { keyspace: 'ks', table: 'spr' };
  const nodetool = async (...args: string[]) => {
    const r = await runIliumCommand(['nodetool', '-p', String(node.adminPort), ...args]);
    assert.equal(r.code, 0, r.stderr);
  };
  await client.execute('CREATE TABLE ks.spr (k int, c int, v text, PRIMARY KEY (k, c))');
  await nodetool('disableautocompaction', 'ks', 'spr');
  const read = () => client.execute('SELECT * FROM ks.spr WHERE k = 1', [], { prepare: true });
  await client.execute('INSERT INTO ks.spr (k, c, v) VALUES (1, 0, ?)', ['m'], { prepare: true });
  await read();
  const memtableOnly = await scrape();
  assert.equal(sampleValue(memtableOnly, 'cassandra_table_sstablesperreadhistogram_count', S), 1);
  assert.equal(sampleValue(memtableOnly, 'cassandra_table_sstablesperreadhistogram_sum', S), 0, 'a memtable read touches no SSTable');
  for (let c = 1; c <= 3; c++) {
    await client.execute('INSERT INTO ks.spr (k, c, v) VALUES (1, ?, ?)', [c, 'v'], { prepare: true });
    await nodetool('flush', 'ks', 'spr');
  }
  await read();
  const spread = await scrape();
  assert.equal(sampleValue(spread, 'cassandra_table_sstablesperreadhistogram_count', S), 2);
  assert.equal(sampleValue(spread, 'cassandra_table_sstablesperreadhistogram_sum', S), 3, 'the partition is in three SSTables');
  await client.execute('SELECT * FROM ks.spr WHERE k = 2', [], { prepare: true });
  assert.equal(sampleValue(await scrape(), 'cassandra_table_sstablesperreadhistogram_sum', S), 3, 'bloom filters and indexes rule out every SSTable for an absent key');
});

test('partition sizes: the flushed and compacted SSTables\' histograms, min/max/mean and the estimated count', async () => {
  const P = { keyspace: 'ks', table: 'sizes' };
  const nodetool = async (...args: string[]) => {
    const r = await runIliumCommand(['nodetool', '-p', String(node.adminPort), ...args]);
    assert.equal(r.code, 0, r.stderr);
  };
  await client.execute('CREATE TABLE ks.sizes (k int, c int, v text, PRIMARY KEY (k, c))');
  // Partition 1: one small row; partition 2: 50 rows of 1000 bytes (more than 50,000 bytes).
  await client.execute('INSERT INTO ks.sizes (k, c, v) VALUES (1, 0, ?)', ['s'], { prepare: true });
  for (let c = 0; c < 50; c++) await client.execute('INSERT INTO ks.sizes (k, c, v) VALUES (2, ?, ?)', [c, 'x'.repeat(1000)], { prepare: true });
  const unflushed = await scrape();
  assert.equal(sampleValue(unflushed, 'cassandra_table_estimatedpartitioncount', P), 2, 'memtable partitions count');
  assert.equal(sampleValue(unflushed, 'cassandra_table_estimatedpartitionsizehistogram_count', P), 0, 'no SSTable yet');
  assert.equal(sampleValue(unflushed, 'cassandra_table_maxpartitionsize', P), 0);
  await nodetool('flush', 'ks', 'sizes');
  const flushed = await scrape();
  assert.equal(flushed.types.get('cassandra_table_estimatedpartitionsizehistogram'), 'histogram');
  assert.equal(sampleValue(flushed, 'cassandra_table_estimatedpartitioncount', P), 2);
  assert.equal(sampleValue(flushed, 'cassandra_table_estimatedpartitionsizehistogram_count', P), 2);
  assert.equal(sampleValue(flushed, 'cassandra_table_estimatedpartitionsizehistogram_bucket', { ...P, le: '1024' }), 1, 'the small partition');
  assert.equal(sampleValue(flushed, 'cassandra_table_estimatedpartitionsizehistogram_bucket', { ...P, le: '16384' }), 1, 'the wide one is larger');
  assert.ok(sampleValue(flushed, 'cassandra_table_maxpartitionsize', P) >= 50_000);
  assert.ok(sampleValue(flushed, 'cassandra_table_minpartitionsize', P) < 1024);
  const mean = sampleValue(flushed, 'cassandra_table_meanpartitionsize', P);
  assert.ok(mean > 25_000 && mean < 40_000, `mean of the two: ${mean}`);
  assert.equal(sampleValue(flushed, 'cassandra_table_estimatedcolumncounthistogram_sum', P), 102, 'cells as stored, a row marker and v per row: 2 × (1 + 50)');
  assert.equal(sampleValue(flushed, 'ilium_table_sstables_without_partition_sizes', P), 0);
  // A second SSTable of partition 1, then a major compaction: the merged SSTable records it once.
  await client.execute('INSERT INTO ks.sizes (k, c, v) VALUES (1, 1, ?)', ['t'], { prepare: true });
  await nodetool('flush', 'ks', 'sizes');
  assert.equal(sampleValue(await scrape(), 'cassandra_table_estimatedpartitionsizehistogram_count', P), 3, 'partition 1 counted in each SSTable');
  await nodetool('compact', 'ks', 'sizes');
  const compacted = await scrape();
  assert.equal(sampleValue(compacted, 'cassandra_table_livesstablecount', P), 1);
  assert.equal(sampleValue(compacted, 'cassandra_table_estimatedpartitionsizehistogram_count', P), 2, 'compaction wrote the sizes again');
  assert.equal(sampleValue(compacted, 'cassandra_table_estimatedcolumncounthistogram_sum', P), 104);
});

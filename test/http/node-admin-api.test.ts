/**
 * The admin API on a real `ilium start`'s HTTP endpoint: curl-style requests (fetch) run the admin
 * port's commands and answer JSON; `ilium nodetool --http` runs over it and prints as over the admin
 * port; with PasswordAuthenticator every request needs a superuser's Basic credentials (401
 * otherwise, nodetool's SecurityException line), and the endpoint binds 127.0.0.1 by default.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import { runIliumCommand, useIliumProcess } from '../support/ilium-process.js';
import { SUPERUSER_AT_ONCE, defaultSuperuserReady } from '../support/default-superuser.js';

const open = useIliumProcess({ address: '127.0.37.3' });
const secured = useIliumProcess({ address: '127.0.37.4', configYaml: 'authenticator: PasswordAuthenticator\n', args: [SUPERUSER_AT_ONCE] });

const post = (base: string, command: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/v1/${command}`, { method: 'POST', headers, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }) });
const basic = (u: string, p: string) => ({ authorization: `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}` });

test('curl-style requests run admin commands and answer JSON; errors are 400 with the admin error body', async () => {
  const n = open();
  assert.match(n.httpUrl ?? '', /^http:\/\/127\.0\.0\.1:\d+$/, 'local-only by default');
  const version = await post(n.httpUrl!, 'version');
  assert.equal(version.status, 200);
  assert.match(((await version.json()) as { result: { releaseVersion: string } }).result.releaseVersion, /^\d+\.\d+/);
  const status = (await (await post(n.httpUrl!, 'status')).json()) as { result: { dataCenters: { nodes: { address: string; status: string }[] }[] } };
  assert.deepEqual(status.result.dataCenters[0]!.nodes.map((x) => [x.address, x.status]), [['127.0.37.3', 'U']]);
  const flush = await post(n.httpUrl!, 'flush', { args: ['system'] });
  assert.equal(flush.status, 200);
  const unknown = await post(n.httpUrl!, 'nosuch');
  assert.equal(unknown.status, 400);
  const body = (await unknown.json()) as { error: { type: string; code: number; message: string } };
  assert.equal(body.error.type, 'InvalidRequestError');
  assert.match(body.error.message, /^unknown command 'nosuch'; known: .*status/);
  const missing = await post(n.httpUrl!, 'flush', { args: ['nokeyspace'] });
  assert.equal(missing.status, 400);
  assert.equal(((await missing.json()) as { error: { message: string } }).error.message, "Keyspace 'nokeyspace' does not exist");
  assert.equal((await post(n.httpUrl!, 'status', 'not json')).status, 400);
  assert.equal((await post(n.httpUrl!, 'status', { args: [1] })).status, 400);
  assert.equal((await fetch(`${n.httpUrl}/api/v1/status`)).status, 405, 'commands are POSTed');
});

test('ilium nodetool --http prints as over the admin port', async () => {
  const n = open();
  const port = new URL(n.httpUrl!).port;
  for (const command of [['status'], ['info'], ['tablestats', 'system'], ['tpstats'], ['version']]) {
    const viaHttp = await runIliumCommand(['nodetool', '--http', '-p', port, ...command]);
    assert.equal(viaHttp.code, 0, viaHttp.stderr);
    const viaAdmin = await runIliumCommand(['nodetool', '-p', String(n.adminPort), ...command]);
    const stable = (s: string) => s.replace(/Uptime \(seconds\)\s*: \d+/, '').replace(/Heap Memory \(MB\)\s*: .*/, '').replace(/Load\s*: .*/, '').replace(/\d+(\.\d+)? (KiB|bytes|MiB)/g, '');
    assert.equal(stable(viaHttp.stdout), stable(viaAdmin.stdout), command.join(' '));
  }
  const refused = await runIliumCommand(['nodetool', '--http', '-h', '127.0.37.3', '-p', port, 'status']);
  assert.equal(refused.code, 3);
  assert.match(refused.stderr, /http_address and http_port/);
});

test('with PasswordAuthenticator: 401 without a superuser\'s Basic credentials, nodetool --http needs -u/-pw', async () => {
  const n = secured();
  await defaultSuperuserReady(n.host, n.port);
  const none = await post(n.httpUrl!, 'status');
  assert.equal(none.status, 401);
  assert.match(none.headers.get('www-authenticate') ?? '', /^Basic /);
  assert.equal(((await none.json()) as { error: { message: string } }).error.message, 'Authentication failed! Credentials required');
  assert.equal((await fetch(`${n.httpUrl}/metrics`)).status, 401, 'metrics too');
  assert.equal((await post(n.httpUrl!, 'status', undefined, basic('cassandra', 'wrong'))).status, 401);
  assert.equal((await post(n.httpUrl!, 'status', undefined, basic('cassandra', 'cassandra'))).status, 200);
  assert.equal((await fetch(`${n.httpUrl}/metrics`, { headers: basic('cassandra', 'cassandra') })).status, 200);
  const port = new URL(n.httpUrl!).port;
  const without = await runIliumCommand(['nodetool', '--http', '-p', port, 'status']);
  assert.equal(without.code, 1);
  assert.match(without.stderr, /SecurityException: 'Authentication failed! Credentials required'/);
  const withCreds = await runIliumCommand(['nodetool', '--http', '-p', port, '-u', 'cassandra', '-pw', 'cassandra', 'status']);
  assert.equal(withCreds.code, 0, withCreds.stderr);
  assert.match(withCreds.stdout, /UN {2}127\.0\.37\.4/);
});

test('nodetool --http: tpstats, tablestats, tablehistograms, proxyhistograms, compactionstats, compaction throughput as Cassandra prints them', async () => {
  const n = open();
  const port = new URL(n.httpUrl!).port;
  const nodetool = async (...args: string[]) => {
    const r = await runIliumCommand(['nodetool', '--http', '-p', port, ...args]);
    assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  const client = new cassandra.Client({ contactPoints: [`${n.host}:${n.port}`], localDataCenter: 'datacenter1' });
  try {
    await client.execute("CREATE KEYSPACE st WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await client.execute('CREATE TABLE st.t (k int, c int, v text, PRIMARY KEY (k, c))');
    for (let c = 0; c < 10; c++) await client.execute('INSERT INTO st.t (k, c, v) VALUES (1, ?, ?)', [c, 'v'], { prepare: true });
    for (let i = 0; i < 5; i++) await client.execute('SELECT * FROM st.t WHERE k = 1', [], { prepare: true });
  } finally {
    await client.shutdown();
  }
  const stats = await nodetool('tablestats', 'st.t');
  assert.match(stats, /^Total number of tables: 1\n----------------\nKeyspace : st\n\tRead Count: 5\n\tRead Latency: \d+(\.\d+)? ms\n\tWrite Count: 10\n/);
  assert.match(stats, /\n\t\tTable: t\n\t\tSSTable count: 0\n/);
  assert.match(stats, /\n\t\tLocal read count: 5\n\t\tLocal read latency: \d+\.\d{3} ms\n\t\tLocal write count: 10\n/);
  assert.match(stats, /\n\t\tAverage live cells per slice \(last five minutes\): 10\.0\n\t\tMaximum live cells per slice \(last five minutes\): 10\n/);

  const tp = await nodetool('tpstats');
  const completed = (pool: string) => Number(new RegExp(`^${pool}\\s+\\d+\\s+\\d+\\s+(\\d+)`, 'm').exec(tp)?.[1]);
  assert.ok(completed('Native-Transport-Requests') >= 15, tp);
  assert.ok(completed('ReadStage') >= 5, tp);
  assert.ok(completed('MutationStage') >= 10, tp);

  const proxy = await nodetool('proxyhistograms');
  const proxyLines = proxy.split('\n');
  assert.equal(proxyLines[0], 'proxy histograms');
  assert.equal(proxyLines[1], `${'Percentile'.padEnd(10)}${['Read Latency', 'Write Latency', 'Range Latency', 'CAS Read Latency', 'CAS Write Latency', 'View Write Latency'].map((c) => c.padStart(19)).join('')}`);
  assert.deepEqual(proxyLines.slice(3, 10).map((l) => l.slice(0, 10).trim()), ['50%', '75%', '95%', '98%', '99%', 'Min', 'Max']);
  assert.ok(Number(proxyLines[3]!.slice(10, 29)) > 0, 'reads have a median');

  const hist = await nodetool('tablehistograms', 'st', 't');
  // Nothing flushed: Cassandra's line before the block, NaN in the two SSTable columns.
  assert.match(hist, /^No SSTables exists, unable to calculate 'Partition Size' and 'Cell Count' percentiles\nst\/t histograms\nPercentile  SSTables     Write Latency      Read Latency    Partition Size        Cell Count\n/);
  assert.match(hist, /\nMax .* {15}NaN {15}NaN\n/);
  assert.equal(hist.split('\n').filter((l) => /^(50%|75%|95%|98%|99%|Min|Max) /.test(l)).length, 7);
  // Reads served by the memtable alone count 0 SSTables (Cassandra's considerZeroes).
  assert.match(hist, /\nMax {13}0\.00 /);
  assert.equal(await nodetool('tablehistograms', 'st.t'), hist, 'the dotted form names the same table');
  const all = await nodetool('tablehistograms');
  assert.ok(all.includes(hist), 'without arguments every table, this one among them');
  assert.match(all, /^system_auth\/roles histograms$/m);

  // Flushed: the SSTable's partition size (one partition of 10 rows) and cell count (10), %18.0f.
  assert.equal(await nodetool('flush', 'st', 't'), '');
  const sized = await nodetool('tablehistograms', 'st.t');
  assert.ok(!sized.includes('No SSTables exists'), sized);
  const maxRow = /^Max +\S+ +\S+ +\S+ +(\d+) +(\d+)$/m.exec(sized);
  assert.ok(maxRow !== null, sized);
  assert.ok(Number(maxRow[1]) >= 50 && Number(maxRow[1]) < 1000, `partition bytes: ${sized}`);
  assert.equal(maxRow[2], '20', 'cells of the one partition as stored: each row\'s marker and v, the bucket of offset 20');
  const flushedStats = await nodetool('tablestats', 'st.t');
  const bytes = /\n\t\tPending flushes: 0\n\t\tCompacted partition minimum bytes: (\d+)\n\t\tCompacted partition maximum bytes: (\d+)\n\t\tCompacted partition mean bytes: (\d+)\n\t\tAverage live cells/.exec(flushedStats);
  assert.ok(bytes !== null, flushedStats);
  assert.equal(bytes[1], maxRow[1], 'one partition: min = max = the histogram\'s bucket');
  assert.equal(bytes[2], maxRow[1]);
  assert.ok(Number(bytes[3]) > 0 && Number(bytes[3]) <= Number(bytes[2]));
  assert.match(flushedStats, /\n\t\tNumber of partitions \(estimate\): 1\n/);

  assert.match(await nodetool('compactionstats'), /^pending tasks: \d+\n/);
  assert.equal(await nodetool('getcompactionthroughput'), 'Current compaction throughput: 64 MB/s\n');
  assert.equal(await nodetool('setcompactionthroughput', '16'), '');
  assert.equal(await nodetool('getcompactionthroughput'), 'Current compaction throughput: 16 MB/s\n');
  const bad = await runIliumCommand(['nodetool', '--http', '-p', port, 'tablehistograms', 'st']);
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /tablehistograms requires keyspace and table name arguments/);
});

test('nodetool --http: disable/enableautocompaction, garbagecollect, listsnapshots, gcstats', async () => {
  const n = open();
  const port = new URL(n.httpUrl!).port;
  const nodetool = async (...args: string[]) => {
    const r = await runIliumCommand(['nodetool', '--http', '-p', port, ...args]);
    assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  const sstables = async () => Number(/SSTable count: (\d+)/.exec(await nodetool('tablestats', 'gc.t'))?.[1]);
  const client = new cassandra.Client({ contactPoints: [`${n.host}:${n.port}`], localDataCenter: 'datacenter1' });
  try {
    await client.execute("CREATE KEYSPACE gc WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await client.execute('CREATE TABLE gc.t (k int PRIMARY KEY, v text) WITH gc_grace_seconds = 0');
    assert.equal(await nodetool('disableautocompaction', 'gc'), '');
    for (let i = 0; i < 5; i++) {
      await client.execute('INSERT INTO gc.t (k, v) VALUES (?, ?)', [i, 'v'], { prepare: true });
      await client.execute('DELETE FROM gc.t WHERE k = ?', [i], { prepare: true });
      await nodetool('flush', 'gc', 't');
    }
    assert.equal(await sstables(), 5, 'five flushes, no compaction while it is off');
    await nodetool('garbagecollect', 'gc', 't');
    assert.ok((await sstables()) < 5, 'each SSTable rewritten alone: the ones holding only purgeable deletes are gone');
    assert.match(await nodetool('listsnapshots'), /^Snapshot Details: \nThere are no snapshots\n$/);
    await client.execute('INSERT INTO gc.t (k, v) VALUES (9, ?)', ['kept'], { prepare: true });
    await nodetool('snapshot', '-t', 'before-upgrade', 'gc');
    const listed = await nodetool('listsnapshots');
    assert.match(listed, /^Snapshot Details: \nSnapshot name +Keyspace name +Column family name +True size +Size on disk\nbefore-upgrade +gc +t +0 bytes +\d+(\.\d+)? (bytes|KiB)\n\nTotal TrueDiskSpaceUsed: 0 bytes\n\n$/);
    assert.equal(await nodetool('enableautocompaction', 'gc'), '');
  } finally {
    await client.shutdown();
  }
  const gc = (await nodetool('gcstats')).split('\n');
  assert.equal(gc[0], `${'Interval (ms)'.padStart(20)}${'Max GC Elapsed (ms)'.padStart(20)}${'Total GC Elapsed (ms)'.padStart(20)}${'Stdev GC Elapsed (ms)'.padStart(20)}${'GC Reclaimed (MB)'.padStart(20)}${'Collections'.padStart(20)}${'Direct Memory Bytes'.padStart(25)}`);
  assert.match(gc[1]!, /^ +\d+ +\d+ +\d+ +(\d+|NaN) +NaN +\d+ +\d+$/);
});

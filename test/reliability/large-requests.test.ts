/**
 * Time and memory per request (issue 16, docs/RELIABILITY.md), against a real `ilium start`
 * (127.0.17.1) with npm cassandra-driver clients, while a probe in another process
 * (test/support/latency-probe.ts) sends a small SELECT on its own connection all along:
 *   - `count(*)` over a partition of WIDE_ROWS rows answers exactly, the node's resident set
 *     growing less than RSS_GROWTH_BYTES_MAX while it runs, and no probe waits over PROBE_MS_MAX;
 *   - a client page of 200k rows is answered (it overflowed the stack before), with a paging state,
 *     and no probe waits over PAGE_PROBE_MS_MAX: its rows are read in internal pages and its
 *     frame encoded in steps, the loop yielded between them (result-codec.ts);
 *   - a BATCH of 65,535 tiny statements (the most the protocol's [short] count allows; the issue's
 *     100k-statement CQL-text batch is in large-batches.test.ts) is applied without holding probes
 *     over BATCH_PROBE_MS_MAX: decoding its frame, looking up its prepared statements, grouping,
 *     building and applying all yield (docs/RELIABILITY.md);
 *   - a scan `count(*)` past range_request_timeout_in_ms answers ReadTimeout and its work stops:
 *     the node's CPU time then stays near idle.
 * batch_size_fail_threshold_in_kb is raised in the node's config so the 100k-statement batch is
 * allowed once that threshold is honoured (Cassandra's default, 50 KiB, refuses it).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import cassandra from 'cassandra-driver';
import { type IliumProcess, startIliumProcess } from '../support/ilium-process.js';
import { type LatencyProbe, startLatencyProbe } from '../support/latency-probe.js';
import { settleNode } from '../support/node-admin.js';
import { cpuMs } from '../support/process-stats.js';
import { slowest, watched } from '../support/watched-request.js';

const ADDRESS = '127.0.17.1';
const MIB = 1024 * 1024;
const WIDE_ROWS = 1_000_000;
const RSS_GROWTH_BYTES_MAX = 150 * MIB;
/**
 * The node holds its loop ~10 ms per step of the count; the slowest probe measured 93–299 ms on
 * this 2-core machine at a load of 8–11 (other test runs sharing it), so the bound leaves margin
 * for a loaded CI machine. Before, every probe waited out the whole count (6.7–9.4 s).
 */
const PROBE_MS_MAX = 400;
const RANGE_TIMEOUT_MS = 500;
/**
 * The page is read in the same internal pages as the count (1000 rows a read, ~10 ms a step) and
 * its frame encoded in steps of 16,384 values (~1 ms; result-codec.ts); what remains besides are
 * young-generation collections of a heap holding the gathered page (10–35 ms each). The slowest
 * probe measured 22–314 ms over 20 runs on this 2-core machine at a load of 7–13, in the range of
 * the count's, hence the same bound. Before the encoding was cut into steps (one step of 13–96 ms
 * for this page), the slowest probe measured 190–860 ms in 7 runs at a load of 8–13.
 */
const PAGE_PROBE_MS_MAX = PROBE_MS_MAX;
const PAGE_ROWS = 200_000;
/**
 * Every step of the batch yields once ~10 ms of work ran: its frame decoded 1024 statements at a
 * time, its prepared statements looked up, its partitions built by statements' parts (100
 * partitions of 655 rows were one step) and applied. The slowest probe measured 63–137 ms
 * over six runs on this 2-core machine at a load of 7–10 (other engineers' test runs; an idle
 * node's probes alone reach 81 ms there), and 354 ms once with another test suite running beside
 * it: the count's bound, which leaves margin for a loaded CI machine. Before, with decoding and
 * lookups one step each, probes waited 218–809 ms (400–800 ms at a load of 8–12).
 */
const BATCH_PROBE_MS_MAX = PROBE_MS_MAX;
/** A protocol BATCH counts its statements in a [short] (native protocol v4 §4.1.7). */
const BATCH_STATEMENTS = 65_535;
const BATCH_PARTITIONS = 100;
/** CPU the node may use in the second after a timed-out scan (gossip, the probe's requests). */
const IDLE_CPU_MS_MAX = 300;
/** The ReadTimeout comes at the first step past the deadline; the whole scan would take several seconds. */
const TIMEOUT_ANSWER_MS_MAX = RANGE_TIMEOUT_MS + 2500;

let node: IliumProcess;
let client: cassandra.Client;
let probe: LatencyProbe;

before(async () => {
  const configYaml = [`range_request_timeout_in_ms: ${RANGE_TIMEOUT_MS}`, 'read_request_timeout_in_ms: 120000', 'write_request_timeout_in_ms: 60000', 'batch_size_fail_threshold_in_kb: 1048576', ''].join('\n');
  node = await startIliumProcess({ address: ADDRESS, args: ['--seeds', ADDRESS], configYaml });
  client = new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1', socketOptions: { readTimeout: 120_000 } });
  await client.connect();
  await client.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await client.execute('CREATE TABLE ks.wide (k int, c int, PRIMARY KEY (k, c))');
  await client.execute('CREATE TABLE ks.small (k int PRIMARY KEY, v int)');
  await client.execute('INSERT INTO ks.small (k, v) VALUES (1, 1)');
  // The wide partition: prepared unlogged batches of 2000 rows, four at a time.
  const insert = 'INSERT INTO ks.wide (k, c) VALUES (0, ?)';
  const perBatch = 2000;
  let next = 0;
  const writer = async (): Promise<void> => {
    while (next < WIDE_ROWS) {
      const from = next;
      next += perBatch;
      const queries = [];
      for (let c = from; c < Math.min(WIDE_ROWS, from + perBatch); c++) queries.push({ query: insert, params: [c] });
      await client.batch(queries, { prepare: true, logged: false });
    }
  };
  await Promise.all([writer(), writer(), writer(), writer()]);
  // The writes' memtable flushed and the node's background work over before anything is measured:
  // a flush of the wide partition running beside the count (its worker thread decoding the
  // memtable) once added ~300 MiB to the count's RSS growth in a fresh-clone CI run.
  await settleNode(node, 'ks', ['flush']);
  probe = await startLatencyProbe(node.host, node.port, 'SELECT v FROM ks.small WHERE k = 1');
});

after(async () => {
  await probe?.stop();
  await client?.shutdown();
  if (node !== undefined) {
    assert.equal(await node.stop(), 0, node.output().slice(-2000));
    node.dispose();
  }
});

test(`count(*) over ${WIDE_ROWS} rows of one partition: exact, bounded memory, probes answered meanwhile`, async () => {
  const w = await watched(node.pid, probe, () => client.execute('SELECT count(*) FROM ks.wide WHERE k = 0'));
  console.log(`count(*) of ${WIDE_ROWS} rows: ${w.ms} ms, RSS growth ${(w.rssGrowth / MIB).toFixed(1)} MiB, ${w.probes.length} probes, slowest ${slowest(w.probes)}`);
  assert.equal(Number(w.result.first().get('count')), WIDE_ROWS);
  assert.ok(w.rssGrowth < RSS_GROWTH_BYTES_MAX, `RSS grew ${(w.rssGrowth / MIB).toFixed(1)} MiB`);
  assert.ok(w.probes.length >= 5, `only ${w.probes.length} probes ran during the count`);
  assert.ok(Math.max(...w.probes) < PROBE_MS_MAX, `slowest probe ${Math.max(...w.probes)} ms`);
});

test(`a page of ${PAGE_ROWS} rows is answered, with a paging state for the rest, without stalling the probes`, async () => {
  const w = await watched(node.pid, probe, () => client.execute('SELECT c FROM ks.wide WHERE k = 0', [], { fetchSize: PAGE_ROWS }));
  console.log(`page of ${PAGE_ROWS} rows: ${w.ms} ms, ${w.probes.length} probes, slowest ${slowest(w.probes)}`);
  assert.equal(w.result.rows.length, PAGE_ROWS);
  assert.equal(w.result.rows[PAGE_ROWS - 1]!.get('c'), PAGE_ROWS - 1);
  assert.ok(w.result.pageState !== null && w.result.pageState !== undefined);
  assert.ok(w.probes.length >= 5, `only ${w.probes.length} probes ran during the page`);
  assert.ok(Math.max(...w.probes) < PAGE_PROBE_MS_MAX, `slowest probe ${Math.max(...w.probes)} ms`);
});

test(`a batch of ${BATCH_STATEMENTS} statements is applied without stalling the probes`, async () => {
  // Rows over BATCH_PARTITIONS partitions (1 to BATCH_PARTITIONS), as an application's batch would spread them.
  const queries = Array.from({ length: BATCH_STATEMENTS }, (_, c) => ({ query: 'INSERT INTO ks.wide (k, c) VALUES (?, ?)', params: [1 + (c % BATCH_PARTITIONS), c] }));
  const w = await watched(node.pid, probe, () => client.batch(queries, { prepare: true, logged: false }));
  console.log(`batch of ${BATCH_STATEMENTS}: ${w.ms} ms, ${w.probes.length} probes, slowest ${slowest(w.probes)}`);
  const keys = Array.from({ length: BATCH_PARTITIONS }, (_, i) => i + 1).join(', ');
  const [row] = (await client.execute(`SELECT count(*) FROM ks.wide WHERE k IN (${keys})`)).rows;
  assert.equal(Number(row!.get('count')), BATCH_STATEMENTS);
  assert.ok(w.probes.length >= 5, `only ${w.probes.length} probes ran during the batch`);
  assert.ok(Math.max(...w.probes) < BATCH_PROBE_MS_MAX, `slowest probe ${Math.max(...w.probes)} ms`);
});

test('a scan count(*) past range_request_timeout_in_ms answers ReadTimeout, and its work stops', async () => {
  const t0 = Date.now();
  await assert.rejects(client.execute('SELECT count(*) FROM ks.wide'), (e: unknown) => {
    assert.ok(e instanceof cassandra.errors.ResponseError, String(e));
    assert.equal(e.code, cassandra.types.responseErrorCodes.readTimeout, e.message);
    return true;
  });
  const answeredMs = Date.now() - t0;
  const cpuBefore = cpuMs(node.pid);
  await new Promise((r) => setTimeout(r, 1000));
  const cpuAfter = cpuMs(node.pid);
  console.log(`timed-out scan: answered after ${answeredMs} ms; node CPU in the next second ${cpuAfter - cpuBefore} ms`);
  assert.ok(answeredMs < TIMEOUT_ANSWER_MS_MAX, `ReadTimeout after ${answeredMs} ms`);
  assert.ok(cpuAfter - cpuBefore < IDLE_CPU_MS_MAX, `the node used ${cpuAfter - cpuBefore} ms of CPU in the second after the timeout`);
});

/**
 * One large request never holds a node's event loop long (issue 20, item 4; docs/RELIABILITY.md
 * "Time and memory per request"). A real `ilium start` (127.0.44.2) takes, from the npm
 * cassandra-driver, a protocol BATCH of 65,535 INSERTs (the most its [short] count allows) and,
 * separately, `SELECT count(*), sum(v)` over one partition of AGGREGATE_ROWS rows flushed to an
 * SSTable, while a probe in another process (test/support/latency-probe.ts) sends a one-row
 * SELECT on its own connection all along. Two measures of the hold, both asserted:
 *   - inside the node: the longest event-loop delay perf_hooks saw during the request (its
 *     /metrics `nodejs_eventloop_lag_max_seconds`; a scrape resets the histogram, so one before
 *     and one after bracket the request; the 10 ms sampling interval is subtracted);
 *   - outside: the slowest probe, which also pays the probe's own scheduling and the machine's.
 * large-requests.test.ts keeps the 1M-row count and the CQL-text batch with looser bounds.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import cassandra from 'cassandra-driver';
import { type IliumProcess, startIliumProcess } from '../support/ilium-process.js';
import { type LatencyProbe, startLatencyProbe } from '../support/latency-probe.js';
import { settleNode } from '../support/node-admin.js';
import { slowest, watched } from '../support/watched-request.js';

const ADDRESS = '127.0.44.2';
/** A protocol BATCH counts its statements in a [short] (native protocol v4 §4.1.7). */
const BATCH_STATEMENTS = 65_535;
const BATCH_PARTITIONS = 100;
/**
 * Large enough that the aggregate runs for seconds (~200 internal pages of 1000 rows, each a
 * step of ~10 ms), small enough that filling it (~5 s) keeps the file under a minute; the
 * 1M-row count of the issue is in large-requests.test.ts.
 */
const AGGREGATE_ROWS = 200_000;
/**
 * A request yields every ~10 ms of work (src/db/request-budget.ts), so its own steps hold the loop
 * ~10–25 ms: the probes' median wait during the request, which a hold now and then does not move,
 * must stay within the issue's ~50 ms (PROBE_MEDIAN_MS_MAX). What stretches single holds is not
 * the request's code: V8's scavenges of 64 MiB semi-spaces (the node's until 2026-11-28; now 16
 * MiB, src/tools/server-flags.ts) paused 20–59 ms while a batch's statements or a page's rows are
 * live (--trace-gc; none over 15 ms with 16 MiB), a mark-compact up to 100 ms once, and on this shared 2-core machine at a
 * load of 5–8 the node is descheduled mid-turn. Measured over 9 runs of this file: the longest
 * hold 35–375 ms, the slowest probe 33–491 ms (the highest with other benches running beside it),
 * the probes' median 3.5–17.5 ms. The single-hold bounds leave that noise's margin and still catch
 * what this file is for: before the requests yielded (2026-11-27) they held the loop 3.7–9.4 s.
 */
const LOOP_HOLD_MS_MAX = 1000;
const PROBE_MS_MAX = 1000;
const PROBE_MEDIAN_MS_MAX = 50;

let node: IliumProcess;
let client: cassandra.Client;
let probe: LatencyProbe;

/** The longest event-loop delay (ms) inside the node during `work`, less the 10 ms sampling interval. */
async function loopHold<T>(work: () => Promise<T>): Promise<{ result: T; holdMs: number }> {
  const scrape = async (): Promise<number> => {
    const text = await (await fetch(`${node.httpUrl}/metrics`)).text();
    return Number(/^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text)?.[1] ?? NaN) * 1000;
  };
  await scrape();
  const result = await work();
  return { result, holdMs: Math.round((await scrape()) - 10) };
}

before(async () => {
  const configYaml = ['read_request_timeout_in_ms: 60000', 'write_request_timeout_in_ms: 60000', 'batch_size_fail_threshold_in_kb: 1048576', ''].join('\n');
  node = await startIliumProcess({ address: ADDRESS, args: ['--seeds', ADDRESS], configYaml });
  client = new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1', socketOptions: { readTimeout: 120_000 } });
  await client.connect();
  await client.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await client.execute('CREATE TABLE ks.wide (k int, c int, v int, PRIMARY KEY (k, c))');
  await client.execute('CREATE TABLE ks.small (k int PRIMARY KEY, v int)');
  await client.execute('INSERT INTO ks.small (k, v) VALUES (1, 1)');
  const insert = 'INSERT INTO ks.wide (k, c, v) VALUES (0, ?, ?)';
  let next = 0;
  const writer = async (): Promise<void> => {
    while (next < AGGREGATE_ROWS) {
      const from = next;
      next += 2000;
      const queries = [];
      for (let c = from; c < Math.min(AGGREGATE_ROWS, from + 2000); c++) queries.push({ query: insert, params: [c, c % 7] });
      await client.batch(queries, { prepare: true, logged: false });
    }
  };
  await Promise.all([writer(), writer(), writer(), writer()]);
  // One SSTable, and the node's background work over before anything is measured.
  await settleNode(node, 'ks', ['flush', 'compact']);
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

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function check(what: string, holdMs: number, probes: number[]): void {
  assert.ok(probes.length >= 5, `only ${probes.length} probes ran during the ${what}`);
  assert.ok(median(probes) <= PROBE_MEDIAN_MS_MAX, `the probes waited ${median(probes)} ms (median) during the ${what}`);
  assert.ok(holdMs <= LOOP_HOLD_MS_MAX, `the ${what} held the node's event loop ${holdMs} ms`);
  assert.ok(Math.max(...probes) < PROBE_MS_MAX, `slowest probe ${Math.max(...probes)} ms during the ${what}`);
}

test(`count(*), sum(v) over a flushed partition of ${AGGREGATE_ROWS} rows holds the loop at most ${LOOP_HOLD_MS_MAX} ms at a time`, async () => {
  const { result: w, holdMs } = await loopHold(() => watched(node.pid, probe, () => client.execute('SELECT count(*), sum(v) FROM ks.wide WHERE k = 0')));
  console.log(`aggregate of ${AGGREGATE_ROWS} rows: ${w.ms} ms, loop held at most ${holdMs} ms, ${w.probes.length} probes, median ${median(w.probes)} ms, slowest ${slowest(w.probes)}`);
  const [row] = w.result.rows;
  assert.equal(Number(row!.get('count')), AGGREGATE_ROWS);
  let sum = 0;
  for (let c = 0; c < AGGREGATE_ROWS; c++) sum += c % 7;
  assert.equal(row!.get('system.sum(v)'), sum);
  check('aggregate', holdMs, w.probes);
});

test(`a batch of ${BATCH_STATEMENTS} statements holds the loop at most ${LOOP_HOLD_MS_MAX} ms at a time`, async () => {
  const queries = Array.from({ length: BATCH_STATEMENTS }, (_, c) => ({ query: 'INSERT INTO ks.wide (k, c, v) VALUES (?, ?, 1)', params: [1 + (c % BATCH_PARTITIONS), c] }));
  const { result: w, holdMs } = await loopHold(() => watched(node.pid, probe, () => client.batch(queries, { prepare: true, logged: false })));
  console.log(`batch of ${BATCH_STATEMENTS}: ${w.ms} ms, loop held at most ${holdMs} ms, ${w.probes.length} probes, median ${median(w.probes)} ms, slowest ${slowest(w.probes)}`);
  const keys = Array.from({ length: BATCH_PARTITIONS }, (_, i) => i + 1).join(', ');
  const [row] = (await client.execute(`SELECT count(*) FROM ks.wide WHERE k IN (${keys})`)).rows;
  assert.equal(Number(row!.get('count')), BATCH_STATEMENTS);
  check('batch', holdMs, w.probes);
});

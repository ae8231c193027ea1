/**
 * Large CQL-text batches (issue 16, docs/RELIABILITY.md "Batches"), against real `ilium start`
 * processes with the npm cassandra-driver, while a probe in another process
 * (test/support/latency-probe.ts) sends a small SELECT on its own connection all along. A
 * `BEGIN UNLOGGED BATCH … APPLY BATCH` of TEXT_STATEMENTS INSERTs sent as one QUERY (4.4 MB of
 * text, 1.7 million tokens) is lexed as it is parsed, parsed and bound a statement at a time, and
 * executed in paced steps, so the probes stay answered (their median under PROBE_MEDIAN_MS_MAX, each
 * under PROBE_MS_MAX):
 *   - on a node with Cassandra's default batch_size_fail_threshold_in_kb (50) it is refused with
 *     Cassandra's InvalidRequest "Batch too large", nothing written;
 *   - on a node whose threshold is raised it is applied: every row is there;
 *   - its PREPARE is refused (the prepared statement cache's bound), the probes answered meanwhile.
 * The 65,535-statement protocol BATCH is in large-requests.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import cassandra from 'cassandra-driver';
import { type IliumProcess, startIliumProcess } from '../support/ilium-process.js';
import { type LatencyProbe, startLatencyProbe } from '../support/latency-probe.js';

const DEFAULT_ADDRESS = '127.0.22.1';
const RAISED_ADDRESS = '127.0.22.2';
const TEXT_STATEMENTS = 100_000;
const PARTITIONS = 100;
/**
 * The request yields every ~10 ms of work, but parsing and binding 100,000 statements builds ~230 MB
 * of parse trees and bound statements, and V8's collections of that heap pause the loop 30–65 ms
 * at a time (--trace-gc; the loop's longest stall measured in-process was 43–66 ms). The slowest
 * probe measured 100–369 ms over 27 runs of the three tests on this 2-core machine at a load of
 * 7–11 (other engineers' test runs; an idle node's probes alone reach 81–110 ms there), and 961 ms
 * once with another suite running beside it; a fresh-clone CI beside two engineers' benches saw
 * 534 and 675 ms. So two bounds: the probes' median (the loop is free between the request's steps)
 * and a single probe's 1 s, which leaves a loaded CI machine its margin and still fails on the
 * 1.3–2.4 s single steps this test was written against (test/reliability/event-loop-bounds.test.ts
 * bounds its holds the same way).
 * Before, parsing (0.5–1.3 s) and binding (0.8–1.1 s) were one step each.
 */
const PROBE_MS_MAX = 1000;
const PROBE_MEDIAN_MS_MAX = 100;

function assertProbesBounded(probes: readonly number[]): void {
  const sorted = [...probes].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  assert.ok(median < PROBE_MEDIAN_MS_MAX, `median probe ${median} ms`);
  assert.ok(sorted[sorted.length - 1]! < PROBE_MS_MAX, `slowest probe ${sorted[sorted.length - 1]} ms`);
}

interface Node {
  readonly process: IliumProcess;
  readonly client: cassandra.Client;
  readonly probe: LatencyProbe;
}

let refusing: Node;
let raised: Node;

async function startNode(address: string, extraYaml: string[]): Promise<Node> {
  const configYaml = ['write_request_timeout_in_ms: 60000', 'read_request_timeout_in_ms: 60000', ...extraYaml, ''].join('\n');
  const process = await startIliumProcess({ address, args: ['--seeds', address], configYaml });
  const client = new cassandra.Client({ contactPoints: [`${process.host}:${process.port}`], localDataCenter: 'datacenter1', socketOptions: { readTimeout: 120_000 } });
  await client.connect();
  await client.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await client.execute('CREATE TABLE ks.t (k int, c int, PRIMARY KEY (k, c))');
  await client.execute('CREATE TABLE ks.small (k int PRIMARY KEY, v int)');
  await client.execute('INSERT INTO ks.small (k, v) VALUES (1, 1)');
  const probe = await startLatencyProbe(process.host, process.port, 'SELECT v FROM ks.small WHERE k = 1');
  return { process, client, probe };
}

async function stopNode(node: Node | undefined): Promise<void> {
  if (node === undefined) return;
  await node.probe.stop();
  await node.client.shutdown();
  assert.equal(await node.process.stop(), 0, node.process.output().slice(-2000));
  node.process.dispose();
}

/** The batch's text: rows spread over PARTITIONS partitions, as an application's batch would spread them. */
function textBatch(): string {
  const parts = ['BEGIN UNLOGGED BATCH'];
  for (let c = 0; c < TEXT_STATEMENTS; c++) parts.push(`INSERT INTO ks.t (k, c) VALUES (${1 + (c % PARTITIONS)}, ${c});`);
  parts.push('APPLY BATCH');
  return parts.join('\n');
}

/** Runs `work` and returns the probes' latencies meanwhile. */
async function probed<T>(node: Node, work: () => Promise<T>): Promise<{ outcome: T | Error; probes: number[]; ms: number }> {
  const t0 = Date.now();
  let outcome: T | Error;
  try {
    outcome = await work();
  } catch (e) {
    outcome = e as Error;
  }
  const t1 = Date.now();
  return { outcome, probes: node.probe.between(t0, t1), ms: t1 - t0 };
}

function slowest(probes: readonly number[]): string {
  return [...probes].sort((a, b) => b - a).slice(0, 5).map((ms) => `${Math.round(ms)} ms`).join(', ');
}

async function rowCount(node: Node): Promise<number> {
  const keys = Array.from({ length: PARTITIONS }, (_, i) => i + 1).join(', ');
  const [row] = (await node.client.execute(`SELECT count(*) FROM ks.t WHERE k IN (${keys})`)).rows;
  return Number(row!.get('count'));
}

before(async () => {
  [refusing, raised] = await Promise.all([startNode(DEFAULT_ADDRESS, []), startNode(RAISED_ADDRESS, ['batch_size_fail_threshold_in_kb: 1048576'])]);
});

after(async () => {
  await Promise.all([stopNode(refusing), stopNode(raised)]);
});

test(`a text batch of ${TEXT_STATEMENTS} INSERTs over the default batch_size_fail_threshold_in_kb is refused with Cassandra's message, probes answered meanwhile`, async () => {
  const w = await probed(refusing, () => refusing.client.execute(textBatch()));
  console.log(`refused text batch of ${TEXT_STATEMENTS}: ${w.ms} ms, ${w.probes.length} probes, slowest ${slowest(w.probes)}`);
  assert.ok(w.outcome instanceof cassandra.errors.ResponseError, String(w.outcome));
  // Cassandra 4.0's BatchStatement.verifyBatchSize: InvalidRequest "Batch too large".
  assert.equal(w.outcome.code, cassandra.types.responseErrorCodes.invalid);
  assert.equal(w.outcome.message, 'Batch too large');
  assert.equal(await rowCount(refusing), 0);
  assert.ok(w.probes.length >= 5, `only ${w.probes.length} probes ran during the batch`);
  assertProbesBounded(w.probes);
});

test(`with the threshold raised, the text batch of ${TEXT_STATEMENTS} INSERTs is applied, probes answered meanwhile`, async () => {
  const w = await probed(raised, () => raised.client.execute(textBatch()));
  console.log(`applied text batch of ${TEXT_STATEMENTS}: ${w.ms} ms, ${w.probes.length} probes, slowest ${slowest(w.probes)}`);
  assert.ok(!(w.outcome instanceof Error), String(w.outcome));
  assert.equal(await rowCount(raised), TEXT_STATEMENTS);
  assert.ok(w.probes.length >= 5, `only ${w.probes.length} probes ran during the batch`);
  assertProbesBounded(w.probes);
});

test(`the PREPARE of the text batch of ${TEXT_STATEMENTS} INSERTs is refused, probes answered meanwhile`, async () => {
  const w = await probed(raised, () => raised.client.execute(textBatch(), [], { prepare: true }));
  console.log(`PREPARE of the text batch: ${w.ms} ms, ${w.probes.length} probes, slowest ${slowest(w.probes)}; ${String(w.outcome)}`);
  assert.ok(w.outcome instanceof cassandra.errors.ResponseError, String(w.outcome));
  assert.equal(w.outcome.code, cassandra.types.responseErrorCodes.invalid);
  assert.match(w.outcome.message, /^Prepared statement of size \d+ bytes is larger than allowed maximum of 16 MB/);
  assertProbesBounded(w.probes);
});

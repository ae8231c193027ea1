/**
 * JavaScript UDFs bounded in memory (issue 17 item 3, docs/SECURITY.md "User-defined functions"),
 * against a real `ilium start` (127.0.34.2) with the npm cassandra-driver, while a latency probe in
 * another process (test/support/latency-probe.ts) sends a small SELECT on its own connection:
 *   - a function filling the heap with arrays, one filling ArrayBuffers (outside the V8 heap), and
 *     one building a huge text each fail with FUNCTION_FAILURE and the memory cause, long before
 *     their fail timeout, the node's resident set growing less than RSS_GROWTH_BYTES_MAX;
 *   - repeated, they leave the node's memory where it was (each ends its worker thread);
 *   - the probe is answered all along and a second client's UDF calls are served after each.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import cassandra from 'cassandra-driver';
import { type IliumProcess, startIliumProcess } from '../support/ilium-process.js';
import { type LatencyProbe, startLatencyProbe } from '../support/latency-probe.js';
import { rssBytes } from '../support/process-stats.js';
import { slowest, watched } from '../support/watched-request.js';

const ADDRESS = '127.0.34.2';
const MIB = 1024 * 1024;
/** Long: the memory bound, not the timeout, must end these calls. */
const FAIL_TIMEOUT_MS = 20_000;
/** A call's 64 MiB bound, the sampling's overshoot (2 ms of allocation) and the new thread's start. */
const RSS_GROWTH_BYTES_MAX = 160 * MIB;
/** Each failing call holds the event loop until its bound is seen (~0.1–0.5 s measured here). */
const PROBE_MS_MAX = 3000;
const ROUNDS = 4;

let node: IliumProcess;
let admin: cassandra.Client;
let other: cassandra.Client;
let probe: LatencyProbe;

const HOGS: Record<string, string> = {
  heap: 'var a = []; while (true) a.push(new Array(1e6).fill(x)); 0',
  buffers: 'var a = []; while (true) a.push(new Uint8Array(1e7).fill(x)); 0',
  strings: 'var a = []; while (true) a.push("x".repeat(1e6) + a.length); 0',
};

before(async () => {
  const configYaml = ['enable_user_defined_functions: true', 'enable_scripted_user_defined_functions: true', `user_defined_function_fail_timeout: ${FAIL_TIMEOUT_MS}`, ''].join('\n');
  node = await startIliumProcess({ address: ADDRESS, args: ['--seeds', ADDRESS], configYaml });
  admin = new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1', socketOptions: { readTimeout: 60_000 } });
  other = new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1', keyspace: 'system' });
  await admin.connect();
  await admin.execute("CREATE KEYSPACE udf WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await admin.execute('CREATE TABLE udf.t (k int PRIMARY KEY, v int)');
  await admin.execute('INSERT INTO udf.t (k, v) VALUES (1, 1)');
  for (const [name, body] of Object.entries(HOGS)) await admin.execute(`CREATE FUNCTION udf.${name}(x int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS $$${body}$$`);
  await admin.execute("CREATE FUNCTION udf.twice(x int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS 'x * 2'");
  await other.connect();
  probe = await startLatencyProbe(node.host, node.port, 'SELECT v FROM udf.t WHERE k = 1');
});

after(async () => {
  try {
    await probe?.stop();
    await Promise.all([admin?.shutdown(), other?.shutdown()]);
    assert.equal(await node.stop(), 0, node.output().slice(-2000));
  } finally {
    node?.dispose();
  }
});

test('memory-hungry UDFs fail with the memory cause before their timeout; the node keeps its memory and serves another client throughout', async () => {
  await new Promise((r) => setTimeout(r, 200));
  const rssAtStart = rssBytes(node.pid);
  const probes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of Object.keys(HOGS)) {
      const w = await watched(node.pid, probe, () =>
        assert.rejects(admin.execute(`SELECT udf.${name}(v) FROM udf.t WHERE k = 1`), (e: Error & { code?: number }) => {
          assert.equal(e.code, 0x1400, String(e));
          assert.equal(e.message, `execution of 'udf.${name}[int]' failed: OutOfMemoryError: User defined function udf.${name} : (int) -> int used more than ${64 * MIB} bytes of memory`);
          return true;
        }),
      );
      console.log(`${name} round ${round}: failed in ${w.ms} ms, RSS +${(w.rssGrowth / MIB).toFixed(1)} MiB, slowest probes ${slowest(w.probes)}`);
      assert.ok(w.ms < FAIL_TIMEOUT_MS / 4, `${name} failed after ${w.ms} ms`);
      assert.ok(w.rssGrowth < RSS_GROWTH_BYTES_MAX, `${name}: RSS grew ${(w.rssGrowth / MIB).toFixed(1)} MiB`);
      probes.push(...w.probes);
      const served = await other.execute('SELECT udf.twice(v) AS d FROM udf.t WHERE k = 1');
      assert.equal(served.rows[0]!['d'], 2, 'the other client is served, its UDF on a new thread');
    }
  }
  const grown = rssBytes(node.pid) - rssAtStart;
  console.log(`after ${ROUNDS * 3} failed calls: RSS +${(grown / MIB).toFixed(1)} MiB; probes ${probes.length}, slowest ${slowest(probes)}`);
  assert.ok(grown < RSS_GROWTH_BYTES_MAX, `the node's RSS grew ${(grown / MIB).toFixed(1)} MiB over ${ROUNDS * 3} failed calls`);
  assert.ok(probes.length >= ROUNDS * 3, `the probe was answered during the calls (${probes.length})`);
  assert.ok(Math.max(...probes) < PROBE_MS_MAX, `probe latencies: ${slowest(probes)}`);
});

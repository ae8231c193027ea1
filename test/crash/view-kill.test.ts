/**
 * Views survive kill -9 (Cassandra 4.0 logs a base replica's view mutations in its local batchlog
 * first: StorageProxy.mutateMV): a node with commitlog_sync batch takes key-moving updates of a
 * base table with a view from 64 concurrent writers and is killed mid-flight, several times; after
 * each restart the batch-log replay (entries older than twice the write timeout, every 10 s) must
 * bring the view to exactly the rows the base holds — no view row missing, none left stale.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import { startIliumProcess, type IliumProcess } from '../support/ilium-process.js';
import { TestRandom } from '../support/temp-env.js';
import { eventually } from '../support/test-cluster.js';

const ADDRESS = '127.0.32.20';
const CONFIG = 'enable_materialized_views: true\ncommitlog_sync: batch\ncommitlog_sync_batch_window_in_ms: 2\n';
const KEYS = 200;
const TRIALS = 3;

function connect(p: IliumProcess): cassandra.Client {
  return new cassandra.Client({ contactPoints: [`${p.host}:${p.port}`], localDataCenter: 'datacenter1', isMetadataSyncEnabled: false, socketOptions: { readTimeout: 20_000 } });
}

/** Base rows as "k:v" and view rows as "k:v", sorted. */
async function contents(c: cassandra.Client): Promise<{ base: string[]; view: string[] }> {
  const base = (await c.execute('SELECT k, v FROM ks.t')).rows.map((r) => `${r['k']}:${r['v']}`).sort();
  const view = (await c.execute('SELECT k, v FROM ks.by_v')).rows.map((r) => `${r['k']}:${r['v']}`).sort();
  return { base, view };
}

test(`kill -9 between base and view writes: after restart the view matches the base (${TRIALS} kills)`, { timeout: 300_000 }, async () => {
  const first = await startIliumProcess({ address: ADDRESS, configYaml: CONFIG });
  let node = first;
  const dataDir = node.dataDir;
  const r = new TestRandom(4242);
  let c = connect(node);
  try {
    await c.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await c.execute('CREATE TABLE ks.t (k int PRIMARY KEY, v int)');
    await c.execute('CREATE MATERIALIZED VIEW ks.by_v AS SELECT k, v FROM ks.t WHERE v IS NOT NULL AND k IS NOT NULL PRIMARY KEY (v, k)');
    for (let trial = 0; trial < TRIALS; trial++) {
      let writing = true;
      let acked = 0;
      const writers = Array.from({ length: 64 }, async () => {
        while (writing) {
          try {
            await c.execute('UPDATE ks.t SET v = ? WHERE k = ?', [r.int(50), r.int(KEYS)], { prepare: true });
            acked++;
          } catch {
            return; // the node is gone
          }
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 400 + r.int(600)));
      await node.kill9();
      writing = false;
      await Promise.all(writers);
      await c.shutdown();
      assert.ok(acked > 50, `only ${acked} updates were acknowledged before the kill`);
      node = await startIliumProcess({ address: ADDRESS, configYaml: CONFIG, dataDir });
      c = connect(node);
      let last = { base: [] as string[], view: [] as string[] };
      await eventually('the view matches the base after the replay', async () => {
        last = await contents(c);
        return last.base.join() === last.view.join() ? true : undefined;
      }, 45_000).catch(() => undefined);
      assert.deepEqual(last.view, last.base, `trial ${trial}: the view matches the base after the replay`);
      const { base } = last;
      assert.ok(base.length > 0);
    }
  } finally {
    await c.shutdown().catch(() => undefined);
    await node.stop().catch(() => undefined);
    first.dispose(); // the data directory it made
  }
});

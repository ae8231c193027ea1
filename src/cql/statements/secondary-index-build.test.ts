/**
 * CREATE INDEX on a CQL table with rows, crash-safe: a crash (simulated power loss) in the middle
 * of the build leaves a marker the next start finds, and that start finishes the build before the
 * node serves anything; queries meanwhile refuse an index still being built rather than miss rows.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cqlIndexesOf } from '../../db/cql-index/cql-index.js';
import { LocalOperations } from '../../db/operations/local-operations.js';
import { openNodeStorage } from '../../db/open-node-storage.js';
import { KEYSPACES_MAX, SCHEMA_SCAN, decodeStoredSchema } from '../../db/stored-schema.js';
import { SCHEMA_TABLE_ID } from '../../db/schema-table.js';
import { Murmur3Partitioner } from '../../dht/index.js';
import { type Env, createRealEnv } from '../../env/index.js';
import { MemoryFileSystem } from '../../env/memory-file-system.js';
import { ReadFailureError } from '../../errors/index.js';
import { BOTTOM, TOP } from '../../storage/model/index.js';
import type { StorageEngine } from '../../storage/storage-engine.js';
import { processFs } from '../../../test/support/process-fs.js';
import { TEST_NODE_INFO } from '../../../test/support/cql-test-node.js';
import { createCqlContext } from '../create-cql-context.js';
import { type BoundValue, newClientState, queryOptions } from '../execution/index.js';
import { parseStatement } from '../parser/index.js';
import { prepareStatement } from '../prepare.js';

const partitioner = new Murmur3Partitioner();

async function openNode(env: Env) {
  const { engine, keeper } = await openNodeStorage({ env, dataDir: '/data', partitioner, options: { commitlogSync: 'batch' } });
  const ops = new LocalOperations(keeper, engine, env, partitioner);
  const ctx = createCqlContext({ env, keeper, ops, partitioner, node: () => TEST_NODE_INFO });
  const state = newClientState('ks', () => undefined);
  const run = (cql: string, values: readonly BoundValue[] = []) => prepareStatement(parseStatement(cql), ctx, state.keyspace).execute(state, queryOptions(values, {}));
  return { engine, keeper, ctx, run };
}

function entries(engine: StorageEngine, tableId: string): number {
  return engine.scan(tableId, undefined, undefined, { slices: [{ start: BOTTOM, end: TOP }], reversed: false }, 1_000_000).reduce((s, p) => s + p.cells.length, 0);
}

async function markers(engine: StorageEngine, env: Env): Promise<number> {
  const nowSec = Math.floor(env.clock.nowMs() / 1000);
  return decodeStoredSchema(engine.scan(SCHEMA_TABLE_ID, undefined, undefined, SCHEMA_SCAN, KEYSPACES_MAX, nowSec), nowSec).indexBuilds.length;
}

test('a crash in the middle of a CQL index build: queries refuse the index meanwhile, the next start finishes it', async () => {
  const mem = new MemoryFileSystem();
  const proc = processFs(mem);
  const env: Env = { ...createRealEnv(), fs: proc.fs };
  const a = await openNode(env);
  await a.run("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await a.run('CREATE TABLE t (k int, c int, v text, PRIMARY KEY (k, c))');
  const rows = 1500;
  for (let k = 0; k < rows / 3; k++) for (let c = 0; c < 3; c++) await a.run(`INSERT INTO t (k, c, v) VALUES (${k}, ${c}, 'x')`);

  let done = false;
  const create = a.run('CREATE INDEX v_idx ON t (v)').then(() => (done = true));
  create.catch(() => undefined);
  while (a.keeper.schema.getTable('ks', 't').indexes.length === 0) await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve)); // let the build write its first pages
  const id = cqlIndexesOf(a.keeper.schema.getTable('ks', 't'))[0]!.table.id;
  const builtBeforeCrash = entries(a.engine, id);
  assert.ok(!done && builtBeforeCrash < rows, `the build was still running (${builtBeforeCrash} of ${rows} entries)`);
  await assert.rejects(async () => a.run("SELECT k FROM t WHERE v = 'x'"), (e: unknown) => e instanceof ReadFailureError && /The secondary index 'v_idx' is not yet available/.test(e.message));
  assert.equal(await markers(a.engine, env), 1, 'its marker is stored');
  proc.crash();

  const fresh: Env = { ...createRealEnv(), fs: mem };
  const b = await openNode(fresh);
  try {
    assert.equal(entries(b.engine, id), rows, 'the start rebuilt the index');
    assert.equal(await markers(b.engine, fresh), 0, 'and cleared the marker');
    const r = await b.run("SELECT k, c FROM t WHERE v = 'x'");
    assert.equal(r.kind === 'rows' ? r.rows.length : -1, rows);
  } finally {
    await b.engine.close();
  }
});

/**
 * Durability of view updates (Cassandra 4.0 logs a base replica's view mutations in its local
 * batchlog first: StorageProxy.mutateMV): a node that dies after a base write and before its view
 * write comes back with the entry in its batch log, and the batch-log replay brings the view in
 * step with the base. The crash is injected through the route view writes take (the SchemaKeeper's
 * viewWrites seam): the view write never happens, then the node restarts from its directory.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tmpdir } from 'node:os';
import { BatchlogTable } from '../db/batchlog-table.js';
import { BackgroundSupervisor } from '../util/background-supervisor.js';
import { BatchlogReplayer } from './batchlog/batchlog-replay.js';
import { type CqlTestNode, withKeyspace } from '../../test/support/cql-test-node.js';

const WRITE_TIMEOUT_MS = 2000;

function replayerOf(n: CqlTestNode): { replayer: BatchlogReplayer; table: BatchlogTable } {
  const table = new BatchlogTable(n.engine);
  const background = new BackgroundSupervisor(() => undefined);
  const replayer = new BatchlogReplayer({ env: n.env, table, coordinator: n.ctx.data, tableById: (id) => n.ctx.keeper.schema.tableById(id), writeTimeoutMs: WRITE_TIMEOUT_MS, background, quarantineDir: `${tmpdir()}/ilium-view-log-quarantine` });
  return { replayer, table };
}

const byV = (n: CqlTestNode) => n.rows('SELECT v, k, c, w FROM by_v');

test('a crash between a base write and its view write: the batch-log replay makes base and view agree', () =>
  withKeyspace(
    async (n) => {
      await n.run('CREATE TABLE t (k int, c int, v int, w text, PRIMARY KEY (k, c))');
      await n.run('CREATE MATERIALIZED VIEW by_v AS SELECT k, c, v, w FROM t WHERE v IS NOT NULL AND k IS NOT NULL AND c IS NOT NULL PRIMARY KEY (v, k, c)');
      await n.run("INSERT INTO t (k, c, v, w) VALUES (1, 1, 10, 'a')");
      await n.run("INSERT INTO t (k, c, v, w) VALUES (2, 1, 20, 'b')");
      assert.equal(replayerOf(n).table.list(10, 0).length, 0, 'a completed write leaves nothing in the batch log');
      // The node "dies" once the base write is done: its view writes never start.
      n.ctx.keeper.viewWrites = { apply: () => new Promise<void>(() => undefined) };
      void n.run("UPDATE t SET v = 11, w = 'a2' WHERE k = 1 AND c = 1");
      void n.run('DELETE FROM t WHERE k = 2 AND c = 1');
      for (let i = 0; i < 200 && (await n.rows('SELECT k FROM t')).length !== 1; i++) await new Promise((r) => setTimeout(r, 5));
      const m = await n.restart();
      m.state.keyspace = 'ks';
      assert.deepEqual(await m.rows('SELECT k, c, v, w FROM t'), [{ k: 1, c: 1, v: 11, w: 'a2' }], 'the base writes survived');
      assert.deepEqual(await byV(m), [{ v: 10, k: 1, c: 1, w: 'a' }, { v: 20, k: 2, c: 1, w: 'b' }], 'the view missed both updates');
      const { replayer, table } = replayerOf(m);
      assert.equal(table.list(10, 0).length, 2, 'both entries were logged before their base writes');
      assert.equal(await replayer.replayOnce(), 0, 'too young to replay: its writer may still be finishing');
      m.clock.advanceSeconds((2 * WRITE_TIMEOUT_MS) / 1000 + 1);
      assert.equal(await replayer.replayOnce(), 2);
      assert.deepEqual(await byV(m), [{ v: 11, k: 1, c: 1, w: 'a2' }], 'view and base agree');
      assert.deepEqual(await m.rows('SELECT k, c, v, w FROM t'), [{ k: 1, c: 1, v: 11, w: 'a2' }]);
      assert.equal(table.list(10, 0).length, 0);
      return m;
    },
    { materializedViewsEnabled: true },
  ));

test('base writes that reconcile against stored data make the view updates the stored result calls for', () =>
  withKeyspace(
    async (n) => {
      await n.run('CREATE TABLE t (k int, c int, v int, w text, PRIMARY KEY (k, c))');
      await n.run('CREATE MATERIALIZED VIEW by_v AS SELECT k, c, v, w FROM t WHERE v IS NOT NULL AND k IS NOT NULL AND c IS NOT NULL PRIMARY KEY (v, k, c)');
      await n.run("INSERT INTO t (k, c, v, w) VALUES (1, 1, 10, 'a') USING TIMESTAMP 100");
      // Older than the stored cells: storage keeps v = 10, and so must the view.
      await n.run("UPDATE t USING TIMESTAMP 50 SET v = 9, w = 'old' WHERE k = 1 AND c = 1");
      assert.deepEqual(await byV(n), [{ v: 10, k: 1, c: 1, w: 'a' }]);
      // A row deleted at 200, then written at 150: still deleted.
      await n.run('DELETE FROM t USING TIMESTAMP 200 WHERE k = 1 AND c = 1');
      await n.run("INSERT INTO t (k, c, v, w) VALUES (1, 1, 12, 'b') USING TIMESTAMP 150");
      assert.deepEqual(await n.rows('SELECT k FROM t'), []);
      assert.deepEqual(await byV(n), []);
      await n.run("INSERT INTO t (k, c, v, w) VALUES (1, 1, 13, 'c') USING TIMESTAMP 300");
      assert.deepEqual(await byV(n), [{ v: 13, k: 1, c: 1, w: 'c' }]);
    },
    { materializedViewsEnabled: true },
  ));

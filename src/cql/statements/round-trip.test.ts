/**
 * Writes read back through SELECT (the two halves of the CQL layer meeting): collections after
 * every kind of update, TTL() and WRITETIME() of written cells, static columns, BATCH results, and
 * a bound SELECT refused inside a protocol BATCH.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvalidRequestError } from '../../errors/index.js';
import { INT32_TYPE } from '../../marshal/index.js';
import { queryOptions } from '../execution/index.js';
import { type CqlTestNode, openCqlTestNode } from '../../../test/support/cql-test-node.js';
import { createTable } from '../../../test/support/cql-table-rows.js';
import { executeBatch } from './batch.js';

async function withNode(fn: (n: CqlTestNode) => Promise<void>): Promise<void> {
  const n = await openCqlTestNode();
  try {
    n.state.keyspace = 'ks';
    await createTable(n, 'ks', 't', {
      partitionKey: [{ name: 'k', type: 'int' }],
      clustering: [{ name: 'c', type: 'int' }],
      regular: [{ name: 'v', type: 'text' }, { name: 'l', type: 'list<int>' }, { name: 'm', type: 'map<text, int>' }],
      statics: [{ name: 's', type: 'int' }],
    });
    await fn(n);
  } finally {
    await n.close();
  }
}

test('INSERT, UPDATE and DELETE as SELECT sees them', async () => {
  await withNode(async (n) => {
    await n.run("INSERT INTO t (k, c, v, l, m, s) VALUES (1, 1, 'a', [1, 2], {'x': 1}, 7)");
    await n.run("UPDATE t SET l = l + [3], m['y'] = 2, v = 'b' WHERE k = 1 AND c = 2");
    await n.run('UPDATE t SET l = [0] + l WHERE k = 1 AND c = 1');
    await n.run("DELETE m['x'] FROM t WHERE k = 1 AND c = 1");
    const rows = await n.rows('SELECT c, v, l, m, s FROM t WHERE k = 1');
    assert.deepEqual(rows, [
      { c: 1, v: 'a', l: [0, 1, 2], m: null, s: 7 },
      { c: 2, v: 'b', l: [3], m: new Map([['y', 2]]), s: 7 },
    ]);
    await n.run('DELETE FROM t WHERE k = 1 AND c >= 2');
    assert.deepEqual(await n.rows('SELECT c FROM t WHERE k = 1'), [{ c: 1 }]);
  });
});

test('TTL() and WRITETIME() of written cells', async () => {
  await withNode(async (n) => {
    await n.run("INSERT INTO t (k, c, v) VALUES (1, 1, 'a') USING TTL 100 AND TIMESTAMP 12345");
    n.clock.advanceSeconds(10);
    const [r] = await n.rows('SELECT TTL(v), WRITETIME(v) FROM t WHERE k = 1 AND c = 1');
    const values = Object.values(r!);
    assert.equal(values[0], 90);
    assert.equal(values[1], 12345n);
  });
});

test('a prepared SELECT is refused in a protocol BATCH', async () => {
  await withNode(async (n) => {
    const select = n.prepare('SELECT * FROM t WHERE k = ?');
    await assert.rejects(
      executeBatch(n.ctx, n.state, 'logged', [{ statement: select, values: [INT32_TYPE.decompose(1)] }], queryOptions()),
      (e: unknown) => e instanceof InvalidRequestError && /only UPDATE, INSERT and DELETE/.test(e.message),
    );
  });
});

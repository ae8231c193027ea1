/**
 * DELETE and TRUNCATE against a real node: partitions, rows, clustering prefixes and slices (range
 * tombstones), columns, elements, static columns, USING TIMESTAMP, and the refusals.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvalidRequestError } from '../../errors/index.js';
import { type CqlTestNode, openCqlTestNode } from '../../../test/support/cql-test-node.js';
import { createTable, pick, tableRows } from '../../../test/support/cql-table-rows.js';

const invalid = (re: RegExp) => (e: unknown) => e instanceof InvalidRequestError && re.test(e.message);

async function withGrid(fn: (n: CqlTestNode) => Promise<void>): Promise<void> {
  const n = await openCqlTestNode();
  try {
    n.state.keyspace = 'ks';
    await createTable(n, 'ks', 'g', {
      partitionKey: [{ name: 'k', type: 'int' }],
      clustering: [{ name: 'a', type: 'int' }, { name: 'b', type: 'int', order: 'DESC' }],
      regular: [{ name: 'v', type: 'int' }, { name: 'm', type: 'map<int, int>' }],
      statics: [{ name: 's', type: 'text' }],
    });
    for (const k of [1, 2]) {
      await n.run(`UPDATE g SET s = 'k${k}' WHERE k = ${k}`);
      for (const a of [1, 2, 3]) for (const b of [1, 2]) await n.run(`INSERT INTO g (k, a, b, v, m) VALUES (${k}, ${a}, ${b}, ${a * 10 + b}, {1: ${a}})`);
    }
    await fn(n);
  } finally {
    await n.close();
  }
}

const keys = (n: CqlTestNode, k = 1) => tableRows(n, 'ks', 'g').filter((r) => r.k === k).map((r) => `${String(r.a)}${String(r.b)}`);

test('rows, prefixes and slices become range tombstones; DESC order is honoured', async () => {
  await withGrid(async (n) => {
    await n.run('DELETE FROM g WHERE k = 1 AND a = 1 AND b = 2');
    assert.deepEqual(keys(n), ['11', '22', '21', '32', '31']);
    await n.run('DELETE FROM g WHERE k = 1 AND a = 2');
    assert.deepEqual(keys(n), ['11', '32', '31']);
    await n.run('DELETE FROM g WHERE k = 1 AND a = 3 AND b < 2');
    assert.deepEqual(keys(n), ['11', '32']);
    await n.run('DELETE FROM g WHERE k = 2 AND a >= 2');
    assert.deepEqual(keys(n, 2), ['12', '11']);
    await n.run('DELETE FROM g WHERE k = 2 AND a IN (1, 5) AND b IN (1)');
    assert.deepEqual(keys(n, 2), ['12']);
    assert.equal(tableRows(n, 'ks', 'g').find((r) => r.k === 2)!.s, 'k2', 'row deletions leave the static row');
  });
});

test('the whole partition, statics included; later writes live again', async () => {
  await withGrid(async (n) => {
    await n.run('DELETE FROM g WHERE k IN (1, 2)');
    assert.deepEqual(tableRows(n, 'ks', 'g'), []);
    await n.run('INSERT INTO g (k, a, b) VALUES (1, 1, 1)');
    assert.deepEqual(pick(tableRows(n, 'ks', 'g'), 'k', 'a', 'b', 's'), [{ k: 1, a: 1, b: 1, s: null }]);
  });
});

test('columns, map elements and static columns', async () => {
  await withGrid(async (n) => {
    await n.run('DELETE v, m[1] FROM g WHERE k = 1 AND a = 1 AND b = 1');
    const r = tableRows(n, 'ks', 'g').find((x) => x.k === 1 && x.a === 1 && x.b === 1)!;
    assert.equal(r.v, undefined);
    assert.equal(r.m, undefined);
    await n.run('DELETE s FROM g WHERE k = 1');
    assert.ok(tableRows(n, 'ks', 'g').filter((x) => x.k === 1).every((x) => x.s === undefined));
    await n.run('DELETE m FROM g WHERE k = 1 AND a = 2 AND b IN (1, 2)');
    assert.ok(tableRows(n, 'ks', 'g').filter((x) => x.k === 1 && x.a === 2).every((x) => x.m === undefined));
  });
});

test('USING TIMESTAMP: a deletion older than the data deletes nothing', async () => {
  await withGrid(async (n) => {
    await n.run('INSERT INTO g (k, a, b, v) VALUES (3, 1, 1, 1) USING TIMESTAMP 1000');
    await n.run('DELETE FROM g USING TIMESTAMP 999 WHERE k = 3');
    assert.equal(keys(n, 3).length, 1);
    await n.run('DELETE FROM g USING TIMESTAMP 1000 WHERE k = 3 AND a = 1');
    assert.equal(keys(n, 3).length, 0);
  });
});

test('refusals: key columns, slices with columns, missing keys, TTL', async () => {
  await withGrid(async (n) => {
    await assert.rejects(async () => n.run('DELETE a FROM g WHERE k = 1'), invalid(/Invalid identifier a for deletion \(should not be a PRIMARY KEY part\)/));
    await assert.rejects(async () => n.run('DELETE v FROM g WHERE k = 1 AND a = 1'), invalid(/Range deletions are not supported for specific columns/));
    await assert.rejects(async () => n.run('DELETE FROM g WHERE a = 1'), invalid(/Some partition key parts are missing: k/));
    await assert.rejects(async () => n.run('DELETE FROM g WHERE k = 1 AND v = 1'), invalid(/Non PRIMARY KEY columns found in where clause: v/));
    await assert.rejects(async () => n.run('DELETE nope FROM g WHERE k = 1'), invalid(/Undefined column name nope/));
    await assert.rejects(async () => n.run('DELETE v[1] FROM g WHERE k = 1 AND a = 1 AND b = 1'), invalid(/Invalid deletion operation for non collection column v/));
  });
});

test('TRUNCATE empties the table; other tables keep their rows', async () => {
  await withGrid(async (n) => {
    await createTable(n, 'ks', 'other', { partitionKey: [{ name: 'k', type: 'int' }] });
    await n.run('INSERT INTO other (k) VALUES (1)');
    await n.run('TRUNCATE g');
    assert.deepEqual(tableRows(n, 'ks', 'g'), []);
    assert.equal(tableRows(n, 'ks', 'other').length, 1);
    await n.run('INSERT INTO g (k, a, b) VALUES (1, 1, 1)');
    assert.equal(tableRows(n, 'ks', 'g').length, 1);
    await n.run('TRUNCATE TABLE ks.other');
    assert.deepEqual(tableRows(n, 'ks', 'other'), []);
    assert.throws(() => n.prepare('TRUNCATE nope'), invalid(/unconfigured table nope/));
  });
});

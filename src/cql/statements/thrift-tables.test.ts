/**
 * CQL writes to column families made the Thrift way (DESIGN §1, two views): a Standard column
 * family is a compact table (key, column1, value) with no row markers; one with column metadata
 * has a named column per definition. Rows written by CQL read back through the layouts the
 * Thrift operations use.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type CqlTestNode, openCqlTestNode } from '../../../test/support/cql-test-node.js';
import { createFamily } from '../../../test/support/cql-rows.js';
import { tableRows } from '../../../test/support/cql-table-rows.js';

async function withNode(fn: (n: CqlTestNode) => Promise<void>): Promise<void> {
  const n = await openCqlTestNode();
  try {
    n.state.keyspace = 'ks';
    await fn(n);
  } finally {
    await n.close();
  }
}

test('a Standard column family: INSERT writes one cell per (key, column1), DELETE removes rows and partitions', async () => {
  await withNode(async (n) => {
    await createFamily(n, { keyspace: 'ks', name: 'Std', comparator: 'UTF8Type', defaultValidator: 'UTF8Type', keyValidator: 'UTF8Type' });
    await n.run(`INSERT INTO "Std" (key, column1, value) VALUES ('r1', 'a', 'x')`);
    await n.run(`INSERT INTO "Std" (key, column1, value) VALUES ('r1', 'b', 'y')`);
    await n.run(`UPDATE "Std" SET value = 'z' WHERE key = 'r2' AND column1 = 'a'`);
    assert.deepEqual(tableRows(n, 'ks', 'Std').map((r) => `${String(r.key)}/${String(r.column1)}=${String(r.value)}`).sort(), ['r1/a=x', 'r1/b=y', 'r2/a=z']);
    await n.run(`DELETE FROM "Std" WHERE key = 'r1' AND column1 = 'a'`);
    await n.run(`DELETE FROM "Std" WHERE key = 'r2'`);
    assert.deepEqual(tableRows(n, 'ks', 'Std').map((r) => `${String(r.key)}/${String(r.column1)}`), ['r1/b']);
  });
});

test('a column family with column metadata: named columns, deleted one by one or by key', async () => {
  await withNode(async (n) => {
    await createFamily(n, {
      keyspace: 'ks',
      name: 'People',
      comparator: 'UTF8Type',
      keyValidator: 'UTF8Type',
      columnMetadata: [{ name: 'name', validator: 'UTF8Type' }, { name: 'age', validator: 'Int32Type' }],
    });
    await n.run(`INSERT INTO "People" (key, name, age) VALUES ('p1', 'Ann', 30)`);
    assert.deepEqual(tableRows(n, 'ks', 'People'), [{ key: 'p1', name: 'Ann', age: 30 }]);
    await n.run(`DELETE age FROM "People" WHERE key = 'p1'`);
    assert.deepEqual(tableRows(n, 'ks', 'People'), [{ key: 'p1', name: 'Ann' }]);
    await n.run(`DELETE FROM "People" WHERE key = 'p1'`);
    assert.deepEqual(tableRows(n, 'ks', 'People'), []);
  });
});

/**
 * INSERT against a real node: rows and row markers, nulls as tombstones, unset values, collections
 * (multi-cell and frozen), UDTs, TTLs with the manual clock, write timestamps, IF NOT EXISTS, INSERT
 * JSON, functions in VALUES, and Cassandra's validation messages.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvalidRequestError } from '../../errors/index.js';
import { INT32_TYPE, LONG_TYPE, UTF8_TYPE, UserType } from '../../marshal/index.js';
import { UNSET } from '../execution/index.js';
import { type CqlTestNode, openCqlTestNode } from '../../../test/support/cql-test-node.js';
import { createTable, pick, tableRows } from '../../../test/support/cql-table-rows.js';

const i32 = (n: number): Buffer => INT32_TYPE.decompose(n);
const text = (s: string): Buffer => UTF8_TYPE.decompose(s);

async function withNode(fn: (n: CqlTestNode) => Promise<void>): Promise<void> {
  const n = await openCqlTestNode();
  try {
    await fn(n);
  } finally {
    await n.close();
  }
}

const invalid = (re: RegExp) => (e: unknown) => e instanceof InvalidRequestError && re.test(e.message);

test('INSERT writes a row that exists through its marker alone; values and nulls', async () => {
  await withNode(async (n) => {
    await createTable(n, 'ks', 't', { partitionKey: [{ name: 'k', type: 'int' }], clustering: [{ name: 'c', type: 'text' }], regular: [{ name: 'v', type: 'int' }, { name: 'w', type: 'text' }] });
    n.state.keyspace = 'ks';
    await n.run("INSERT INTO t (k, c) VALUES (1, 'a')");
    await n.run("INSERT INTO t (k, c, v, w) VALUES (1, 'b', 2, 'x')");
    assert.deepEqual(pick(tableRows(n, 'ks', 't'), 'k', 'c', 'v', 'w'), [
      { k: 1, c: 'a', v: null, w: null },
      { k: 1, c: 'b', v: 2, w: 'x' },
    ]);
    await n.run("INSERT INTO ks.t (k, c, v, w) VALUES (1, 'b', null, ?)", [UNSET]);
    assert.deepEqual(pick(tableRows(n, 'ks', 't'), 'c', 'v', 'w'), [
      { c: 'a', v: null, w: null },
      { c: 'b', v: null, w: 'x' },
    ]);
  });
});

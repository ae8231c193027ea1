/**
 * UPDATE against a real node: every assignment form on lists, sets, maps, UDTs and counters, rows
 * without markers, static columns, TTL and timestamps, and Cassandra's refusals.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvalidRequestError } from '../../errors/index.js';
import { INT32_TYPE, LONG_TYPE, UTF8_TYPE, UserType } from '../../marshal/index.js';
import { type CqlTestNode, openCqlTestNode } from '../../../test/support/cql-test-node.js';
import { createTable, pick, tableRows } from '../../../test/support/cql-table-rows.js';

const invalid = (re: RegExp) => (e: unknown) => e instanceof InvalidRequestError && re.test(e.message);

async function withNode(fn: (n: CqlTestNode) => Promise<void>): Promise<void> {
  const n = await openCqlTestNode();
  try {
    n.state.keyspace = 'ks';
    await fn(n);
  } finally {
    await n.close();
  }
}

async function collections(n: CqlTestNode): Promise<void> {
  await createTable(n, 'ks', 'c', {
    partitionKey: [{ name: 'k', type: 'int' }],
    regular: [
      { name: 'l', type: 'list<int>' },
      { name: 's', type: 'set<text>' },
      { name: 'm', type: 'map<text, int>' },
      { name: 'fl', type: 'frozen<list<int>>' },
    ],
  });
}

const row = (n: CqlTestNode) => tableRows(n, 'ks', 'c')[0] ?? {};

test('lists: set, append, prepend, remove by value, set and delete by index', async () => {
  await withNode(async (n) => {
    await collections(n);
    await n.run('UPDATE c SET l = [1, 2] WHERE k = 1');
    await n.run('UPDATE c SET l = l + [3, 4] WHERE k = 1');
    await n.run('UPDATE c SET l = [0] + l WHERE k = 1');
    n.clock.advanceSeconds(1);
    await n.run('UPDATE c SET l = [-2, -1] + l WHERE k = 1');
    assert.deepEqual(row(n).l, [-2, -1, 0, 1, 2, 3, 4]);
    await n.run('UPDATE c SET l = l - [0, 3] WHERE k = 1');
    assert.deepEqual(row(n).l, [-2, -1, 1, 2, 4]);
    await n.run('UPDATE c SET l[1] = 10 WHERE k = 1');
    assert.deepEqual(row(n).l, [-2, 10, 1, 2, 4]);
    await n.run('UPDATE c SET l[0] = null WHERE k = 1');
    assert.deepEqual(row(n).l, [10, 1, 2, 4]);
    await n.run('DELETE l[3] FROM c WHERE k = 1');
    assert.deepEqual(row(n).l, [10, 1, 2]);
    await assert.rejects(async () => n.run('UPDATE c SET l[5] = 1 WHERE k = 1'), invalid(/^List index 5 out of bound, list has size 3$/));
    await n.run('UPDATE c SET l += [7] WHERE k = 1');
    await n.run('UPDATE c SET l -= [10] WHERE k = 1');
    assert.deepEqual(row(n).l, [1, 2, 7]);
    // Overwriting replaces every element, even ones written a moment before.
    await n.run('UPDATE c SET l = [9] WHERE k = 1');
    assert.deepEqual(row(n).l, [9]);
    await n.run('UPDATE c SET l = null WHERE k = 1');
    assert.equal(tableRows(n, 'ks', 'c').length, 0, 'UPDATE writes no row marker: the row is gone');
  });
});

test('sets and maps: add, remove, put by key, remove keys, overwrite, empty literals', async () => {
  await withNode(async (n) => {
    await collections(n);
    await n.run("UPDATE c SET s = {'b', 'a'}, m = {'x': 1} WHERE k = 1");
    await n.run("UPDATE c SET s = s + {'c', 'a'}, m = m + {'y': 2, 'z': 3} WHERE k = 1");
    assert.deepEqual(row(n).s, ['a', 'b', 'c']);
    assert.deepEqual([...(row(n).m as Map<string, number>)], [['x', 1], ['y', 2], ['z', 3]]);
    await n.run("UPDATE c SET s = s - {'b'}, m = m - {'x', 'nope'} WHERE k = 1");
    await n.run("UPDATE c SET m['y'] = 20, m['w'] = 0 WHERE k = 1");
    assert.deepEqual(row(n).s, ['a', 'c']);
    assert.deepEqual([...(row(n).m as Map<string, number>)], [['w', 0], ['y', 20], ['z', 3]]);
    await n.run("UPDATE c SET m['y'] = null WHERE k = 1");
    await n.run("DELETE m['z'], s['a'] FROM c WHERE k = 1");
    assert.deepEqual(row(n).s, ['c']);
    assert.deepEqual([...(row(n).m as Map<string, number>)], [['w', 0]]);
    await n.run('UPDATE c SET s = {}, m = {} WHERE k = 1');
    assert.equal(row(n).s, undefined);
    assert.equal(row(n).m, undefined);
  });
});

test('frozen collections are one value: set whole, no element operations', async () => {
  await withNode(async (n) => {
    await collections(n);
    await n.run('UPDATE c SET fl = [3, 1, 3] WHERE k = 1');
    assert.deepEqual(row(n).fl, [3, 1, 3]);
    await assert.rejects(async () => n.run('UPDATE c SET fl = fl + [1] WHERE k = 1'), invalid(/for frozen collection column fl/));
    await assert.rejects(async () => n.run('UPDATE c SET fl[0] = 1 WHERE k = 1'), invalid(/for frozen collection column fl/));
    await assert.rejects(async () => n.run('DELETE fl[0] FROM c WHERE k = 1'), invalid(/Invalid deletion operation for frozen collection column fl/));
  });
});

test('bind markers of collection operations are named as Cassandra names them', async () => {
  await withNode(async (n) => {
    await collections(n);
    const st = n.prepare('UPDATE c SET m[?] = ?, l[?] = ?, s = s + ?, m = m - ? WHERE k = ?');
    assert.deepEqual(st.bindVariables.map((b) => `${b.name}:${b.type.cqlName}`), ['key(m):text', 'value(m):int', 'idx(l):int', 'value(l):int', 's:set<text>', 'm:frozen<set<text>>', 'k:int']);
    assert.deepEqual(st.pkIndexes, [6]);
  });
});

test('non-frozen UDTs: whole value, one field, field deletion', async () => {
  await withNode(async (n) => {
    const addr = new UserType('ks', 'addr', ['street', 'no'], [UTF8_TYPE, INT32_TYPE], true);
    await createTable(n, 'ks', 'u', { partitionKey: [{ name: 'k', type: 'int' }], regular: [{ name: 'a', type: addr }, { name: 'fa', type: addr.freeze() }] });
    await n.run("UPDATE u SET a = {street: 'Main', no: 1}, fa = {no: 2} WHERE k = 1");
    assert.deepEqual(tableRows(n, 'ks', 'u')[0]!.a, { street: 'Main', no: 1 });
    assert.deepEqual(tableRows(n, 'ks', 'u')[0]!.fa, { street: null, no: 2 });
    await n.run('UPDATE u SET a.no = 5 WHERE k = 1');
    assert.deepEqual(tableRows(n, 'ks', 'u')[0]!.a, { street: 'Main', no: 5 });
    await n.run('DELETE a.street FROM u WHERE k = 1');
    assert.deepEqual(tableRows(n, 'ks', 'u')[0]!.a, { street: null, no: 5 });
    await n.run("UPDATE u SET a = {street: 'Elm'} WHERE k = 1");
    assert.deepEqual(tableRows(n, 'ks', 'u')[0]!.a, { street: 'Elm', no: null }, 'a whole value replaces every field');
    await assert.rejects(async () => n.run('UPDATE u SET fa.no = 1 WHERE k = 1'), invalid(/for frozen UDT column fa/));
    await assert.rejects(async () => n.run('UPDATE u SET a.zip = 1 WHERE k = 1'), invalid(/UDT column a does not have a field named zip/));
    await assert.rejects(async () => n.run("UPDATE u SET a = {zip: 1} WHERE k = 1"), invalid(/Unknown field 'zip'/));
  });
});

test('counters: increments and decrements, exact under many concurrent updates, refusals', async () => {
  await withNode(async (n) => {
    await createTable(n, 'ks', 'cnt', { partitionKey: [{ name: 'k', type: 'int' }], regular: [{ name: 'a', type: 'counter' }, { name: 'b', type: 'counter' }] });
    await n.run('UPDATE cnt SET a = a + 5, b = b - 2 WHERE k = 1');
    await n.run('UPDATE cnt SET a = a - 1 WHERE k = 1');
    assert.deepEqual(pick(tableRows(n, 'ks', 'cnt'), 'a', 'b'), [{ a: 4n, b: -2n }]);
    const st = n.prepare('UPDATE cnt SET a = a + ? WHERE k = ?');
    await Promise.all(Array.from({ length: 200 }, (_, i) => st.execute(n.state, { consistency: 'ONE', values: [LONG_TYPE.decompose(BigInt(i % 3)), INT32_TYPE.decompose(i % 2)] })));
    let expected0 = 0n;
    let expected1 = 0n;
    for (let i = 0; i < 200; i++) (i % 2 === 0 ? (expected0 += BigInt(i % 3)) : (expected1 += BigInt(i % 3)));
    const rows = tableRows(n, 'ks', 'cnt');
    assert.equal(rows.find((r) => r.k === 0)!.a, expected0);
    assert.equal(rows.find((r) => r.k === 1)!.a, 4n + expected1);
    await assert.rejects(async () => n.run('UPDATE cnt SET a = 3 WHERE k = 1'), invalid(/Cannot set the value of counter column a/));
    await assert.rejects(async () => n.run('UPDATE cnt USING TTL 5 SET a = a + 1 WHERE k = 1'), invalid(/Cannot provide custom TTL for counter updates/));
    await assert.rejects(async () => n.run('UPDATE cnt USING TIMESTAMP 5 SET a = a + 1 WHERE k = 1'), invalid(/Cannot provide custom timestamp for counter updates/));
    await assert.rejects(async () => n.run('INSERT INTO cnt (k, a) VALUES (1, 1)'), invalid(/INSERT statements are not allowed on counter tables, use UPDATE instead/));
    await assert.rejects(async () => n.run('UPDATE cnt SET a = a + null WHERE k = 1'), invalid(/Invalid null value for counter increment/));
    await n.run('DELETE a FROM cnt WHERE k = 1');
    assert.equal(tableRows(n, 'ks', 'cnt').find((r) => r.k === 1)!.a, undefined);
  });
});

test('non-counter columns refuse increments; primary key columns refuse assignment', async () => {
  await withNode(async (n) => {
    await createTable(n, 'ks', 't', { partitionKey: [{ name: 'k', type: 'int' }], clustering: [{ name: 'c', type: 'int' }], regular: [{ name: 'v', type: 'int' }], statics: [{ name: 'st', type: 'text' }] });
    await assert.rejects(async () => n.run('UPDATE t SET v = v + 1 WHERE k = 1 AND c = 1'), invalid(/^Invalid operation \(v = v \+ 1\) for non counter column v$/));
    await assert.rejects(async () => n.run('UPDATE t SET c = 1 WHERE k = 1 AND c = 1'), invalid(/^PRIMARY KEY part c found in SET part$/));
    await assert.rejects(async () => n.run('UPDATE t SET nope = 1 WHERE k = 1 AND c = 1'), invalid(/^Undefined column name nope$/));
    await assert.rejects(async () => n.run('UPDATE t SET v = 1 WHERE k = 1'), invalid(/^Some clustering keys are missing: c$/));
    await assert.rejects(async () => n.run('UPDATE t SET v = 1 WHERE c = 1'), invalid(/^Some partition key parts are missing: k$/));
    await assert.rejects(async () => n.run('UPDATE t SET v = 1 WHERE k = 1 AND c > 1'), invalid(/Slice restrictions are not supported/));
    await assert.rejects(async () => n.run("UPDATE t SET v = 'x' WHERE k = 1 AND c = 1"), invalid(/Invalid STRING constant \(x\) for "v" of type int/));
    await assert.rejects(async () => n.run('UPDATE t SET v = 1, v = 2 WHERE k = 1 AND c = 1'), invalid(/Multiple incompatible setting of column v/));
  });
});

test('static columns with only the partition key; IN writes every row; TTL and timestamps', async () => {
  await withNode(async (n) => {
    await createTable(n, 'ks', 't', { partitionKey: [{ name: 'k', type: 'int' }], clustering: [{ name: 'c', type: 'int' }], regular: [{ name: 'v', type: 'int' }], statics: [{ name: 'st', type: 'text' }] });
    await n.run("UPDATE t SET st = 'shared' WHERE k = 1");
    await n.run('UPDATE t SET v = 7 WHERE k = 1 AND c IN (1, 2, 3)');
    assert.deepEqual(pick(tableRows(n, 'ks', 't'), 'c', 'v', 'st'), [1, 2, 3].map((c) => ({ c, v: 7, st: 'shared' })));
    await n.run('UPDATE t USING TTL 10 SET v = 8 WHERE k = 1 AND c = 1');
    n.clock.advanceSeconds(11);
    assert.deepEqual(pick(tableRows(n, 'ks', 't'), 'c', 'v'), [{ c: 2, v: 7 }, { c: 3, v: 7 }], 'no marker: the expired value takes the row');
    await n.run('UPDATE t USING TIMESTAMP 5 SET v = 100 WHERE k = 1 AND c = 2');
    assert.equal(tableRows(n, 'ks', 't').find((r) => r.c === 2)!.v, 7, 'an older write loses');
    await n.run('UPDATE t USING TIMESTAMP ? SET v = ? WHERE k = 1 AND c = 2', [LONG_TYPE.decompose(BigInt(Date.now() + 10_000_000) * 1000n), INT32_TYPE.decompose(9)]);
    assert.equal(tableRows(n, 'ks', 't').find((r) => r.c === 2)!.v, 9);
    const st = n.prepare('UPDATE t USING TTL ? AND TIMESTAMP ? SET v = ? WHERE k = ? AND c = ?');
    assert.deepEqual(st.bindVariables.map((b) => b.name), ['[ttl]', '[timestamp]', 'v', 'k', 'c']);
    await assert.rejects(async () => n.run('UPDATE t USING TTL 630720001 SET v = 1 WHERE k = 1 AND c = 1'), invalid(/^ttl is too large. requested \(630720001\) maximum \(630720000\)$/));
    await assert.rejects(async () => n.run('UPDATE t USING TTL ? SET v = 1 WHERE k = 1 AND c = 1', [INT32_TYPE.decompose(-1)]), invalid(/A TTL must be greater or equal to 0, but was -1/));
  });
});

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

test('INSERT of collections: multi-cell ones replace what was there, frozen ones are one cell', async () => {
  await withNode(async (n) => {
    await createTable(n, 'ks', 'c', {
      partitionKey: [{ name: 'k', type: 'int' }],
      regular: [{ name: 'l', type: 'list<text>' }, { name: 's', type: 'set<int>' }, { name: 'm', type: 'map<int, text>' }, { name: 'fs', type: 'frozen<set<int>>' }, { name: 'tp', type: 'tuple<int, text>' }],
    });
    n.state.keyspace = 'ks';
    await n.run("INSERT INTO c (k, l, s, m, fs, tp) VALUES (1, ['a', 'b', 'a'], {3, 1, 2, 1}, {2: 'two', 1: 'one'}, {5, 4}, (1, 'x'))");
    await n.run("UPDATE c SET l = l + ['c'], s = s + {9} WHERE k = 1");
    await n.run("INSERT INTO c (k, l, s) VALUES (1, ['z'], {7})");
    const [r] = tableRows(n, 'ks', 'c');
    assert.deepEqual(r!.l, ['z']);
    assert.deepEqual(r!.s, [7]);
    assert.deepEqual([...(r!.m as Map<number, string>)], [[1, 'one'], [2, 'two']]);
    assert.deepEqual(r!.fs, [4, 5]);
    assert.deepEqual(r!.tp, [1, 'x']);
    // null for a whole collection: a range tombstone over it.
    await n.run('INSERT INTO c (k, m) VALUES (1, null)');
    assert.equal(tableRows(n, 'ks', 'c')[0]!.m, undefined);
    await assert.rejects(async () => n.run("INSERT INTO c (k, l) VALUES (2, ['a', null])"), invalid(/null is not supported inside collections/));
    await assert.rejects(async () => n.run('INSERT INTO c (k, l) VALUES (2, {1})'), invalid(/Invalid set literal for l of type list<text>/));
    await assert.rejects(async () => n.run("INSERT INTO c (k, tp) VALUES (2, (1, 'a', 3))"), invalid(/too many elements/));
  });
});

test('bind markers: names, pk routing indexes, unset values, malformed bytes and invalid UTF-8', async () => {
  await withNode(async (n) => {
    await createTable(n, 'ks', 't', { partitionKey: [{ name: 'a', type: 'int' }, { name: 'b', type: 'text' }], clustering: [{ name: 'c', type: 'int' }], regular: [{ name: 'v', type: 'text' }, { name: 'l', type: 'list<int>' }] });
    n.state.keyspace = 'ks';
    const st = n.prepare('INSERT INTO t (c, b, a, v, l) VALUES (?, ?, :x, ?, [?, 1]) USING TTL ?');
    assert.deepEqual(st.bindVariables.map((b) => b.name), ['c', 'b', 'x', 'v', 'value(l)', '[ttl]']);
    assert.deepEqual(st.pkIndexes, [2, 1]);
    assert.equal(n.prepare('INSERT INTO t (a, b, c) VALUES (1, ?, ?)').pkIndexes.length, 0);
    await n.run('INSERT INTO t (a, b, c, v) VALUES (?, ?, ?, ?)', [i32(1), text('x'), i32(1), text('hello')]);
    await n.run('INSERT INTO t (a, b, c, v) VALUES (?, ?, ?, ?)', [i32(1), text('x'), i32(1), UNSET]);
    assert.equal(tableRows(n, 'ks', 't')[0]!.v, 'hello', 'an unset value leaves the column alone');
    await assert.rejects(async () => n.run('INSERT INTO t (a, b, c, v) VALUES (?, ?, ?, ?)', [Buffer.from([1, 2]), text('x'), i32(1), null]), invalid(/Invalid value for a of type int/));
    await assert.rejects(async () => n.run('INSERT INTO t (a, b, c, v) VALUES (1, ?, 1, ?)', [text('x'), Buffer.from([0xff, 0xfe])]), invalid(/Invalid value for v of type text/));
    await assert.rejects(async () => n.run('INSERT INTO t (a, b, c) VALUES (1, ?, 1)', [UNSET]), invalid(/^Invalid unset value for column b$/));
    await assert.rejects(async () => n.run('INSERT INTO t (a, b, c) VALUES (1, null, 1)'), invalid(/^Invalid null value in condition for column b$/));
    await assert.rejects(async () => n.run('INSERT INTO t (a, b, c) VALUES (1, ?, 1)', [Buffer.alloc(70000, 0x61)]), invalid(/^Key length of 70000 is longer than maximum of 65535$/));
    await createTable(n, 'ks', 'wide', { partitionKey: [{ name: 'k', type: 'int' }], clustering: [{ name: 'c', type: 'text' }] });
    await assert.rejects(async () => n.run('INSERT INTO wide (k, c) VALUES (1, ?)', [Buffer.alloc(70000, 0x61)]), invalid(/^The sum of all clustering columns is too long \(70000 > 65535\)$/));
    await assert.rejects(async () => n.run('UPDATE wide SET c = ? WHERE k = 1', [text('x')]), invalid(/PRIMARY KEY part c found in SET part/));
  });
});

test('validation: missing key parts, unknown and duplicate columns, counts, types', async () => {
  await withNode(async (n) => {
    await createTable(n, 'ks', 't', { partitionKey: [{ name: 'k', type: 'int' }], clustering: [{ name: 'c', type: 'int' }], regular: [{ name: 'v', type: 'int' }], statics: [{ name: 's', type: 'int' }] });
    n.state.keyspace = 'ks';
    await assert.rejects(async () => n.run('INSERT INTO t (c, v) VALUES (1, 1)'), invalid(/^Some partition key parts are missing: k$/));
    await assert.rejects(async () => n.run('INSERT INTO t (k, v) VALUES (1, 1)'), invalid(/^Missing mandatory PRIMARY KEY part c$/));
    await assert.rejects(async () => n.run('INSERT INTO t (k, c, x) VALUES (1, 1, 1)'), invalid(/^Undefined column name x$/));
    await assert.rejects(async () => n.run('INSERT INTO t (k, c, v, v) VALUES (1, 1, 1, 2)'), invalid(/^Multiple definitions found for column v$/));
    await assert.rejects(async () => n.run('INSERT INTO t (k, c, v) VALUES (1, 1)'), invalid(/^Unmatched column names\/values$/));
    await assert.rejects(async () => n.run('INSERT INTO t (k, c, v) VALUES (1, 1, 1.5)'), invalid(/Invalid FLOAT constant \(1.5\) for "v" of type int/));
    await assert.rejects(async () => n.run('INSERT INTO nope (k) VALUES (1)'), invalid(/unconfigured table nope/));
    // Only static columns: the clustering columns may be left out.
    await n.run('INSERT INTO t (k, s) VALUES (1, 5)');
    assert.deepEqual(tableRows(n, 'ks', 't'), [{ k: 1, s: 5 }]);
  });
});

test('TTL: USING TTL expires values and the row marker; the table default applies; TTL 0 overrides it', async () => {
  await withNode(async (n) => {
    await createTable(n, 'ks', 't', { partitionKey: [{ name: 'k', type: 'int' }], regular: [{ name: 'v', type: 'int' }, { name: 's', type: 'set<int>' }] });
    await createTable(n, 'ks', 'd', { partitionKey: [{ name: 'k', type: 'int' }], regular: [{ name: 'v', type: 'int' }] }, { defaultTimeToLive: 100 });
    n.state.keyspace = 'ks';
    await n.run('INSERT INTO t (k, v, s) VALUES (1, 1, {1, 2}) USING TTL 10');
    await n.run('INSERT INTO t (k, v) VALUES (2, 2) USING TTL ?', [i32(30)]);
    await n.run('INSERT INTO d (k, v) VALUES (1, 1)');
    await n.run('INSERT INTO d (k, v) VALUES (2, 2) USING TTL 0');
    await n.run('INSERT INTO d (k, v) VALUES (3, 3) USING TTL ?', [UNSET]);
    n.clock.advanceSeconds(11);
    assert.deepEqual(pick(tableRows(n, 'ks', 't'), 'k', 'v'), [{ k: 2, v: 2 }]);
    n.clock.advanceSeconds(90);
    assert.deepEqual(tableRows(n, 'ks', 't'), []);
    assert.deepEqual(pick(tableRows(n, 'ks', 'd'), 'k', 'v'), [{ k: 2, v: 2 }]);
  });
});

test('timestamps: the higher one wins whatever the order; a tie goes to the tombstone', async () => {
  await withNode(async (n) => {
    await createTable(n, 'ks', 't', { partitionKey: [{ name: 'k', type: 'int' }], regular: [{ name: 'v', type: 'int' }] });
    n.state.keyspace = 'ks';
    await n.run('INSERT INTO t (k, v) VALUES (1, 2) USING TIMESTAMP 200');
    await n.run('INSERT INTO t (k, v) VALUES (1, 1) USING TIMESTAMP 100');
    assert.equal(tableRows(n, 'ks', 't')[0]!.v, 2);
    await n.run('INSERT INTO t (k, v) VALUES (1, null) USING TIMESTAMP 200');
    assert.equal(tableRows(n, 'ks', 't')[0]!.v, undefined);
    await n.run('INSERT INTO t (k, v) VALUES (1, 5)', [], { timestamp: 150n });
    assert.equal(tableRows(n, 'ks', 't')[0]!.v, undefined, "the client's default timestamp is used");
    await n.run('INSERT INTO t (k, v) VALUES (1, 6)');
    assert.equal(tableRows(n, 'ks', 't')[0]!.v, 6, 'the server clock is far past 200');
  });
});

test('IF NOT EXISTS: applied once; then [applied] false with the existing row', async () => {
  await withNode(async (n) => {
    await createTable(n, 'ks', 't', { partitionKey: [{ name: 'k', type: 'int' }], clustering: [{ name: 'c', type: 'int' }], regular: [{ name: 'v', type: 'text' }, { name: 'a', type: 'int' }] });
    n.state.keyspace = 'ks';
    const first = await n.rows("INSERT INTO t (k, c, v) VALUES (1, 1, 'x') IF NOT EXISTS");
    assert.deepEqual(first, [{ '[applied]': true }]);
    const r = await n.run("INSERT INTO t (k, c, v) VALUES (1, 1, 'y') IF NOT EXISTS");
    assert.equal(r.kind, 'rows');
    if (r.kind !== 'rows') return;
    assert.deepEqual(r.columns.map((c) => `${c.keyspace}.${c.table}.${c.name}`), ['ks.t.[applied]', 'ks.t.k', 'ks.t.c', 'ks.t.a', 'ks.t.v']);
    assert.deepEqual(await n.rows("INSERT INTO t (k, c, v) VALUES (1, 1, 'y') IF NOT EXISTS"), [{ '[applied]': false, k: 1, c: 1, a: null, v: 'x' }]);
    assert.equal(tableRows(n, 'ks', 't')[0]!.v, 'x');
    await assert.rejects(async () => n.run('INSERT INTO t (k, c) VALUES (1, 2) IF NOT EXISTS USING TIMESTAMP 5'), invalid(/Cannot provide custom timestamp for conditional updates/));
  });
});

test('INSERT JSON: keys to columns, DEFAULT NULL and DEFAULT UNSET, errors', async () => {
  await withNode(async (n) => {
    await createTable(n, 'ks', 't', { partitionKey: [{ name: 'k', type: 'int' }], regular: [{ name: 'v', type: 'text' }, { name: 'Big', type: 'bigint' }] });
    n.state.keyspace = 'ks';
    await n.run(`INSERT INTO t JSON '{"k": 1, "v": "a", "\\"Big\\"": 12345678901}'`);
    assert.deepEqual(tableRows(n, 'ks', 't'), [{ k: 1, v: 'a', Big: 12345678901n }]);
    await n.run(`INSERT INTO t JSON '{"k": 1, "v": "b"}' DEFAULT UNSET`);
    assert.deepEqual(tableRows(n, 'ks', 't'), [{ k: 1, v: 'b', Big: 12345678901n }]);
    await n.run('INSERT INTO t JSON ?', [text('{"K": 1}')]);
    assert.deepEqual(tableRows(n, 'ks', 't'), [{ k: 1 }], 'DEFAULT NULL: absent columns are deleted');
    assert.deepEqual(n.prepare('INSERT INTO t JSON ?').bindVariables.map((b) => `${b.name}:${b.type.cqlName}`), ['[json]:text']);
    await assert.rejects(async () => n.run(`INSERT INTO t JSON '{"k": 1, "zz": 2}'`), invalid(/JSON values map contains unrecognized column: zz/));
    await assert.rejects(async () => n.run(`INSERT INTO t JSON '{"k": "one"}'`), invalid(/Error decoding JSON value for k/));
    await assert.rejects(async () => n.run(`INSERT INTO t JSON '{"v": "x"}'`), invalid(/Invalid null value in condition for column k/));
  });
});

test('functions and arithmetic in VALUES: now(), uuid(), conversions, operators, casts, type hints', async () => {
  await withNode(async (n) => {
    await createTable(n, 'ks', 't', {
      partitionKey: [{ name: 'k', type: 'int' }],
      regular: [{ name: 'id', type: 'timeuuid' }, { name: 'u', type: 'uuid' }, { name: 'ts', type: 'timestamp' }, { name: 'i', type: 'int' }, { name: 'b', type: 'bigint' }, { name: 't', type: 'text' }],
    });
    n.state.keyspace = 'ks';
    await n.run('INSERT INTO t (k, id, u, ts, i, b, t) VALUES (1, now(), uuid(), toTimestamp(now()), blobAsInt(0x0000002a), 2 + 3 * 4, CAST(12 AS text))');
    const [r] = tableRows(n, 'ks', 't');
    assert.equal(r!.i, 42);
    assert.equal(r!.b, 14n);
    assert.equal(r!.t, '12');
    assert.ok(Math.abs((r!.ts as Date).getTime() - n.clock.nowMs()) < 1000);
    // now() runs per execution, not once at prepare.
    const st = n.prepare('INSERT INTO t (k, id) VALUES (?, now())');
    await st.execute(n.state, { consistency: 'ONE', values: [i32(2)] });
    await st.execute(n.state, { consistency: 'ONE', values: [i32(3)] });
    const ids = tableRows(n, 'ks', 't').filter((x) => x.k !== 1).map((x) => String(x.id));
    assert.equal(new Set(ids).size, 2);
    await n.run('INSERT INTO t (k, i) VALUES (4, -?)', [i32(5)]);
    await n.run('INSERT INTO t (k, b) VALUES (5, (bigint) ? + 1)', [LONG_TYPE.decompose(9n)]);
    assert.equal(tableRows(n, 'ks', 't').find((x) => x.k === 4)!.i, -5);
    assert.equal(tableRows(n, 'ks', 't').find((x) => x.k === 5)!.b, 10n);
    assert.deepEqual(n.prepare('INSERT INTO t (k, i) VALUES (1, blobAsInt(?))').bindVariables.map((b) => `${b.name}:${b.type.cqlName}`), ['arg0(system.blobasint):blob']);
    await assert.rejects(async () => n.run('INSERT INTO t (k, i) VALUES (1, blobAsInt(0x01))'), (e: unknown) => e instanceof Error);
    await assert.rejects(async () => n.run("INSERT INTO t (k, i) VALUES (1, toTimestamp(now()))"), invalid(/Type error: cannot assign result of function system.totimestamp \(type timestamp\) to i \(type int\)/));
    await assert.rejects(async () => n.run('INSERT INTO t (k, i) VALUES (1, nope(1))'), invalid(/Unknown function nope called/));
    await assert.rejects(async () => n.run('INSERT INTO t (k, i) VALUES (1, (text) ?)'), invalid(/Cannot assign value of type text to i of type int/));
  });
});

test('user types in VALUES: literals with markers named by field', async () => {
  await withNode(async (n) => {
    const addr = new UserType('ks', 'addr', ['street', 'no'], [UTF8_TYPE, INT32_TYPE], true);
    await createTable(n, 'ks', 'u', { partitionKey: [{ name: 'k', type: 'int' }], regular: [{ name: 'a', type: addr }] });
    n.state.keyspace = 'ks';
    const st = n.prepare('INSERT INTO u (k, a) VALUES (1, {street: ?, no: ?})');
    assert.deepEqual(st.bindVariables.map((b) => b.name), ['a.street', 'a.no']);
    await st.execute(n.state, { consistency: 'ONE', values: [text('Main'), null] });
    assert.deepEqual(tableRows(n, 'ks', 'u')[0]!.a, { street: 'Main', no: null });
  });
});

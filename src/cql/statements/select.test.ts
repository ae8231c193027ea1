/**
 * SELECT end to end on a real node: rows written as engine cells (test/support/cql-rows.ts), read
 * back through CQL text — selections, restrictions, ordering, limits, statics, DISTINCT,
 * collections, functions, JSON, Thrift-made column families, paging, and Cassandra's errors.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { INT32_TYPE, LONG_TYPE, UTF8_TYPE, UserType } from '../../marshal/index.js';
import { type CqlTestNode, openCqlTestNode } from '../../../test/support/cql-test-node.js';
import { createFamily, createTable, writeRows } from '../../../test/support/cql-rows.js';
import type { ColumnFamilyDef } from '../../schema/index.js';

let n: CqlTestNode;
let events: ColumnFamilyDef;
before(async () => {
  n = await openCqlTestNode();
  events = await createTable(n, 'ks', 'events', {
    partitionKey: [{ name: 'k', type: 'int' }],
    clustering: [{ name: 'c', type: 'int' }, { name: 'd', type: 'text', order: 'DESC' }],
    regular: [{ name: 'v', type: 'int' }, { name: 'tags', type: 'set<text>' }, { name: 'm', type: 'map<text, int>' }, { name: 'l', type: 'list<int>' }],
    statics: [{ name: 's', type: 'text' }],
  });
  const rows = [];
  for (let k = 0; k < 3; k++) for (let c = 0; c < 3; c++) for (const d of ['a', 'b']) rows.push({ k, c, d, v: k * 100 + c * 10 + (d === 'a' ? 1 : 2) });
  await writeRows(n, events, rows);
  await writeRows(n, events, [{ k: 0, s: 'static0' }, { k: 5, s: 'lonely' }]);
  await writeRows(n, events, [{ k: 1, c: 9, d: 'z', tags: ['x', 'y'], m: new Map([['a', 1], ['b', 2]]), l: [3, 1, 3] }]);
});
after(() => n.close());

const key = (r: Record<string, unknown>) => `${r.k}/${r.c}/${r.d}`;

test('SELECT * by key: Cassandra column order, clustering order with DESC, statics on every row', async () => {
  const r = await n.run('SELECT * FROM ks.events WHERE k = 0');
  assert.equal(r.kind, 'rows');
  if (r.kind !== 'rows') return;
  assert.deepEqual(r.columns.map((c) => c.name), ['k', 'c', 'd', 's', 'l', 'm', 'tags', 'v']);
  const rows = await n.rows('SELECT * FROM ks.events WHERE k = 0');
  assert.deepEqual(rows.map(key), ['0/0/b', '0/0/a', '0/1/b', '0/1/a', '0/2/b', '0/2/a']);
  assert.ok(rows.every((x) => x.s === 'static0'));
  assert.equal(rows[0]!.v, 2);
});

test('a partition with only static values gives one row with null clustering columns', async () => {
  assert.deepEqual(await n.rows('SELECT k, c, s, v FROM ks.events WHERE k = 5'), [{ k: 5, c: null, s: 'lonely', v: null }]);
  assert.deepEqual(await n.rows('SELECT k, c, s FROM ks.events WHERE k = 5 AND c = 1'), []);
});

test('scan in token order, IN in key order, LIMIT and PER PARTITION LIMIT', async () => {
  const all = await n.rows('SELECT k, c, d FROM ks.events');
  assert.equal(all.length, 6 * 3 + 1 + 1);
  const ks = [...new Set(all.map((r) => r.k))];
  const tok = (k: number) => n.ctx.partitioner.token(Buffer.from([0, 0, 0, k])) as bigint;
  assert.deepEqual(ks, [...ks].sort((a, b) => (tok(a as number) < tok(b as number) ? -1 : 1)));
  assert.deepEqual((await n.rows('SELECT k FROM ks.events WHERE k IN (2, 0, 2) PER PARTITION LIMIT 1')).map((r) => r.k), [0, 2]);
  assert.deepEqual((await n.rows('SELECT k, c, d FROM ks.events WHERE k IN (2, 0) LIMIT 3')).map(key), ['0/0/b', '0/0/a', '0/1/b']);
  assert.equal((await n.rows('SELECT * FROM ks.events PER PARTITION LIMIT 2')).length, 2 * 3 + 1, 'the static-only partition gives one row');
});

test('clustering restrictions: =, IN, slices, tuples; ORDER BY reverses', async () => {
  assert.deepEqual((await n.rows("SELECT k, c, d FROM ks.events WHERE k = 2 AND c = 1 AND d < 'b'")).map(key), ['2/1/a']);
  assert.deepEqual((await n.rows('SELECT k, c, d FROM ks.events WHERE k = 2 AND c IN (2, 0)')).map(key), ['2/0/b', '2/0/a', '2/2/b', '2/2/a']);
  assert.deepEqual((await n.rows('SELECT k, c, d FROM ks.events WHERE k = 2 AND c > 0 AND c <= 1')).map(key), ['2/1/b', '2/1/a']);
  assert.deepEqual((await n.rows("SELECT k, c, d FROM ks.events WHERE k = 2 AND (c, d) > (1, 'a')")).map(key), ['2/1/b', '2/2/b', '2/2/a']);
  assert.deepEqual((await n.rows("SELECT k, c, d FROM ks.events WHERE k = 2 AND (c, d) IN ((2, 'a'), (0, 'b'))")).map(key), ['2/0/b', '2/2/a']);
  assert.deepEqual((await n.rows('SELECT k, c, d FROM ks.events WHERE k = 2 ORDER BY c DESC LIMIT 3')).map(key), ['2/2/a', '2/2/b', '2/1/a']);
  // A column ordered twice: its last direction, in its first place (Cassandra keeps a map).
  assert.deepEqual((await n.rows('SELECT k, c, d FROM ks.events WHERE k = 2 ORDER BY c ASC, c DESC LIMIT 3')).map(key), ['2/2/a', '2/2/b', '2/1/a']);
  assert.deepEqual((await n.rows('SELECT k, c, d FROM ks.events WHERE k = 2 ORDER BY c DESC, d DESC, c ASC LIMIT 3')).map(key), ['2/0/b', '2/0/a', '2/1/b']);
  assert.deepEqual((await n.rows('SELECT k, c, d FROM ks.events WHERE k = 2 AND c = 1 ORDER BY d ASC')).map(key), ['2/1/a', '2/1/b']);
  assert.deepEqual((await n.rows('SELECT k, c, d FROM ks.events WHERE k IN (0, 2) AND c = 1 ORDER BY d ASC')).map(key), ['0/1/a', '2/1/a', '0/1/b', '2/1/b']);
});

test('ALLOW FILTERING on regular columns, CONTAINS, CONTAINS KEY, map entries', async () => {
  assert.deepEqual((await n.rows('SELECT k, c, d FROM ks.events WHERE v > 221 ALLOW FILTERING')).map(key), ['2/2/b']);
  assert.deepEqual((await n.rows("SELECT k, c FROM ks.events WHERE tags CONTAINS 'y' ALLOW FILTERING")).map((r) => r.c), [9]);
  assert.deepEqual((await n.rows("SELECT k, c FROM ks.events WHERE m CONTAINS KEY 'b' AND m['a'] = 1 ALLOW FILTERING")).map((r) => r.c), [9]);
  assert.deepEqual((await n.rows('SELECT k, c FROM ks.events WHERE l CONTAINS 3 ALLOW FILTERING')).map((r) => r.c), [9]);
  assert.deepEqual((await n.rows("SELECT k FROM ks.events WHERE s = 'lonely' ALLOW FILTERING")).map((r) => r.k), [5]);
  await assert.rejects(async () => n.run('SELECT * FROM ks.events WHERE v = 1'), /ALLOW FILTERING/);
});

test('collections come back in their frozen form; elements and fields selectable', async () => {
  const [row] = await n.rows('SELECT tags, m, l, m[\'b\'], l[1] FROM ks.events WHERE k = 1 AND c = 9');
  assert.deepEqual(row, { tags: ['x', 'y'], m: new Map([['a', 1], ['b', 2]]), l: [3, 1, 3], "m['b']": 2, 'l[1]': 1 });
});

test('slices of sets and maps: inclusive bounds, open ends, bind markers; not on lists', async () => {
  const at = 'FROM ks.events WHERE k = 1 AND c = 9';
  assert.deepEqual(await n.rows(`SELECT m['a'..'a'], m['b'..], m[..'a'], tags['xa'..'z'], tags['z'..] ${at}`), [
    { "m['a'..'a']": new Map([['a', 1]]), "m['b'..]": new Map([['b', 2]]), "m[..'a']": new Map([['a', 1]]), "tags['xa'..'z']": ['y'], "tags['z'..]": [] },
  ]);
  assert.deepEqual(await n.rows(`SELECT m[?..?] AS s ${at}`, [UTF8_TYPE.decompose('a'), UTF8_TYPE.decompose('b')]), [{ s: new Map([['a', 1], ['b', 2]]) }]);
  await assert.rejects(async () => n.run(`SELECT l[0..1] ${at}`), /Slice selection is only allowed on sets and maps, but l is a list/);
  await assert.rejects(async () => n.run(`SELECT v[0..1] ${at}`), /Invalid slice selection: v of type int is not a collection/);
});

test('DISTINCT gives one row per partition; its checks', async () => {
  const rows = await n.rows('SELECT DISTINCT k, s FROM ks.events');
  assert.equal(rows.length, 4);
  assert.deepEqual(rows.filter((r) => r.k === 0)[0], { k: 0, s: 'static0' });
  await assert.rejects(async () => n.run('SELECT DISTINCT k, v FROM ks.events'), /must only request partition key columns and\/or static columns \(not v\)/);
  await assert.rejects(async () => n.run('SELECT DISTINCT s FROM ks.events'), /must request all the partition key columns \(missing k\)/);
});

test('functions, aggregates, aliases, writetime and ttl, CAST', async () => {
  const r = await n.run('SELECT count(*), max(v) AS top, min(c), sum(v) FROM ks.events WHERE k = 1');
  assert.equal(r.kind, 'rows');
  if (r.kind !== 'rows') return;
  assert.deepEqual(r.columns.map((c) => c.name), ['count', 'top', 'system.min(c)', 'system.sum(v)']);
  assert.deepEqual(await n.rows('SELECT count(*), max(v) AS top FROM ks.events WHERE k = 1'), [{ count: 7n, top: 122 }]);
  assert.deepEqual(await n.rows('SELECT count(*) FROM ks.events WHERE k = 42'), [{ count: 0n }]);
  const [w] = await n.rows('SELECT writetime(v), ttl(v), CAST(v AS text), blobasint(intasblob(v)) FROM ks.events WHERE k = 1 AND c = 0 AND d = \'a\'');
  assert.deepEqual(w, { 'writetime(v)': 1000n, 'ttl(v)': null, 'cast(v as text)': '101', 'system.blobasint(system.intasblob(v))': 101 });
  await assert.rejects(async () => n.run('SELECT writetime(k) FROM ks.events'), /Cannot use selection function writeTime on PRIMARY KEY part k/);
  await assert.rejects(async () => n.run('SELECT ttl(tags) FROM ks.events'), /non-frozen collection tags/);
});

test('SELECT JSON gives one [json] column', async () => {
  const r = await n.rows("SELECT JSON k, c, d AS \"D\", writetime(v) FROM ks.events WHERE k = 1 AND c = 2");
  assert.deepEqual(r, [{ '[json]': '{"k": 1, "c": 2, "\\"D\\"": "b", "writetime(v)": 1000}' }, { '[json]': '{"k": 1, "c": 2, "\\"D\\"": "a", "writetime(v)": 1000}' }]);
});

test('bind markers: = ?, IN ?, LIMIT ?, pkIndexes', async () => {
  const st = n.prepare('SELECT * FROM ks.events WHERE k = ? AND c IN ? LIMIT ?');
  assert.deepEqual(st.bindVariables.map((b) => b.name), ['k', 'in(c)', '[limit]']);
  assert.deepEqual(st.pkIndexes, [0]);
  const rows = await n.rows('SELECT k, c, d FROM ks.events WHERE k = ? AND c IN ? LIMIT ?', [Buffer.from([0, 0, 0, 2]), st.bindVariables[1]!.type.decompose([1]), Buffer.from([0, 0, 0, 1])]);
  assert.deepEqual(rows.map(key), ['2/1/b']);
});

test('paging resumes exactly after the last row, for keys, IN and scans; LIMIT spans pages', async () => {
  for (const q of ['SELECT k, c, d FROM ks.events WHERE k = 1', 'SELECT k, c, d FROM ks.events WHERE k IN (0, 1, 2) ORDER BY c DESC, d ASC LIMIT 100', 'SELECT k, c, d, s FROM ks.events', 'SELECT k, c, d FROM ks.events LIMIT 7', 'SELECT k, c FROM ks.events PER PARTITION LIMIT 2', 'SELECT DISTINCT k FROM ks.events']) {
    const whole = (await n.rows(q)).map((r) => JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? String(v) : v)));
    for (const pageSize of [1, 2, 3, 5]) {
      if (q.includes('ORDER BY')) continue;
      const got: string[] = [];
      let state: Buffer | undefined;
      for (let i = 0; i < 100; i++) {
        const r = await n.run(q, [], { pageSize, ...(state === undefined ? {} : { pagingState: state }) });
        if (r.kind !== 'rows') throw new Error('rows');
        assert.ok(r.rows.length <= pageSize);
        got.push(...r.rows.map((row) => JSON.stringify(Object.fromEntries(r.columns.map((c, j) => [c.name, row[j] === null ? null : c.type.compose(row[j]!)])), (_k, v) => (typeof v === 'bigint' ? String(v) : v))));
        state = r.pagingState;
        if (state === undefined) break;
      }
      assert.deepEqual(got, whole, `${q} by ${pageSize}`);
    }
  }
  await assert.rejects(async () => n.run('SELECT * FROM ks.events', [], { pageSize: 2, pagingState: Buffer.from([9, 9]) }), /Invalid value for the paging state/);
  await assert.rejects(async () => n.run('SELECT * FROM ks.events WHERE k IN (0, 1) ORDER BY c DESC', [], { pageSize: 2 }), /Cannot page queries with both ORDER BY and a IN restriction/);
});

test('token() ranges scan in token order', async () => {
  const all = await n.rows('SELECT DISTINCT k, token(k) FROM ks.events');
  const toks = all.map((r) => r['system.token(k)'] as bigint);
  const mid = toks[1]!;
  const after = await n.rows('SELECT DISTINCT k FROM ks.events WHERE token(k) > ?', [LONG_TYPE.decompose(mid)]);
  assert.deepEqual(after.map((r) => r.k), all.slice(2).map((r) => r.k));
  const upTo = await n.rows('SELECT DISTINCT k FROM ks.events WHERE token(k) <= token(?)', [Buffer.from(all[1]!.k === undefined ? [] : [0, 0, 0, all[1]!.k as number])]);
  assert.deepEqual(upTo.map((r) => r.k), all.slice(0, 2).map((r) => r.k));
});

test('Thrift-made column families read through CQL (dense and named layouts)', async () => {
  const cf = await createFamily(n, { keyspace: 'thrift', name: 'Users', comparator: 'UTF8Type', keyValidator: 'UTF8Type', defaultValidator: 'UTF8Type' });
  await writeRows(n, cf, [{ key: 'u1', column1: 'name', value: 'Ann' }, { key: 'u1', column1: 'age', value: '33' }]);
  assert.deepEqual(await n.rows("SELECT * FROM thrift.\"Users\" WHERE key = 'u1'"), [{ key: 'u1', column1: 'age', value: '33' }, { key: 'u1', column1: 'name', value: 'Ann' }]);
  const people = await createFamily(n, { keyspace: 'thrift', name: 'People', comparator: 'UTF8Type', keyValidator: 'UTF8Type', columnMetadata: [{ name: 'name', validator: 'UTF8Type' }, { name: 'born', validator: 'LongType' }] });
  await writeRows(n, people, [{ key: 'p1', name: 'Bo', born: 1970n }]);
  assert.deepEqual(await n.rows("SELECT * FROM thrift.\"People\" WHERE key = 'p1'"), [{ key: 'p1', born: 1970n, name: 'Bo' }]);
});

test('GROUP BY a primary key prefix: one row per group, aggregates per group, limits count groups', async () => {
  assert.deepEqual(await n.rows('SELECT k, c, count(*), max(v) FROM ks.events WHERE k = 2 GROUP BY c'), [
    { k: 2, c: 0, count: 2n, 'system.max(v)': 202 },
    { k: 2, c: 1, count: 2n, 'system.max(v)': 212 },
    { k: 2, c: 2, count: 2n, 'system.max(v)': 222 },
  ]);
  const perKey = await n.rows('SELECT k, count(*) FROM ks.events WHERE k IN (0, 1, 2) GROUP BY k');
  assert.deepEqual(perKey, [{ k: 0, count: 6n }, { k: 1, count: 7n }, { k: 2, count: 6n }]);
  assert.deepEqual((await n.rows('SELECT k, c FROM ks.events WHERE k IN (0, 2) GROUP BY k, c PER PARTITION LIMIT 1 LIMIT 5')).map((r) => `${r.k}/${r.c}`), ['0/0', '2/0']);
  await assert.rejects(async () => n.run('SELECT v FROM ks.events GROUP BY v'), /Group by is currently only supported on the columns of the PRIMARY KEY, got v/);
  await assert.rejects(async () => n.run('SELECT k FROM ks.events WHERE k = 1 GROUP BY d'), /following their declared order/);
});

test('partition key slices filter a scan with ALLOW FILTERING', async () => {
  assert.deepEqual((await n.rows('SELECT DISTINCT k FROM ks.events WHERE k > 1 ALLOW FILTERING')).map((r) => r.k).sort(), [2, 5]);
  assert.deepEqual(await n.rows('SELECT count(*) FROM ks.events WHERE k >= 1 AND k < 3 ALLOW FILTERING'), [{ count: 13n }]);
  await assert.rejects(async () => n.run('SELECT * FROM ks.events WHERE k > 1'), /ALLOW FILTERING/);
});

test('a non-frozen UDT is rebuilt from its field cells; fields are selectable', async () => {
  const addr = new UserType('ks', 'addr', ['street', 'zip'], [UTF8_TYPE, INT32_TYPE], true);
  const cf = await createTable(n, 'ks', 'people', { partitionKey: [{ name: 'id', type: 'int' }], regular: [{ name: 'a', type: addr }] });
  await writeRows(n, cf, [{ id: 1, a: { street: 'Main', zip: 5 } }]);
  const [row] = await n.rows('SELECT a, a.zip, a.street FROM ks.people WHERE id = 1');
  assert.deepEqual(row, { a: { street: 'Main', zip: 5 }, 'a.zip': 5, 'a.street': 'Main' });
});

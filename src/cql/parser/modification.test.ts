/** Writes: INSERT (values and JSON, every literal and term form), UPDATE assignments and conditions, DELETE, BATCH, USE, TRUNCATE. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BatchStatement, DeleteStatement, InsertStatement, UpdateStatement } from './ast-dml.js';
import type { Term } from './ast-terms.js';
import { parseStatement } from './parse-statement.js';

function parse<K extends string>(text: string, kind: K) {
  const s = parseStatement(text).statement;
  assert.equal(s.kind, kind, text);
  return s;
}
const insert = (t: string) => parse(t, 'insert') as InsertStatement;
const update = (t: string) => parse(t, 'update') as UpdateStatement;
const del = (t: string) => parse(t, 'delete') as DeleteStatement;
const batch = (t: string) => parse(t, 'batch') as BatchStatement;

const int = (text: string): Term => ({ kind: 'literal', type: 'integer', text });
const str = (text: string): Term => ({ kind: 'literal', type: 'string', text });
const marker = (index: number, name: string | null = null): Term => ({ kind: 'bindMarker', index, name });

test('INSERT with values, IF NOT EXISTS and USING (either order)', () => {
  assert.deepEqual(insert("INSERT INTO ks.t (k, \"V\", key) VALUES (1, 'a', ?) IF NOT EXISTS USING TTL 86400 AND TIMESTAMP 123"), {
    kind: 'insert', table: { keyspace: 'ks', name: 't' },
    values: { kind: 'values', columns: ['k', 'V', 'key'], values: [int('1'), str('a'), marker(0)] },
    ifNotExists: true, using: { ttl: int('86400'), timestamp: int('123') },
  });
  const i = insert('INSERT INTO t (k) VALUES (?) USING TIMESTAMP ? AND TTL ? IF NOT EXISTS');
  assert.equal(i.ifNotExists, true);
  assert.deepEqual(i.using, { ttl: marker(2), timestamp: marker(1) });
});

test('INSERT of every literal form', () => {
  const i = insert("INSERT INTO t (a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s) VALUES (" +
    "-1, 1.5, -2.5e3, NaN, -Infinity, Infinity, true, FALSE, null, 0xCAFE, 550e8400-e29b-41d4-a716-446655440000, " +
    "1h30m, -3d, P1Y2M, PT1H, $$raw ' \"$$, 'it''s', 12345678901234567890, -NaN)");
  const v = i.values.kind === 'values' ? i.values.values : [];
  assert.deepEqual(v, [
    int('-1'), { kind: 'literal', type: 'float', text: '1.5' }, { kind: 'literal', type: 'float', text: '-2.5e3' },
    { kind: 'literal', type: 'float', text: 'NaN' }, { kind: 'literal', type: 'float', text: '-Infinity' },
    { kind: 'literal', type: 'float', text: 'Infinity' }, { kind: 'literal', type: 'boolean', text: 'true' },
    { kind: 'literal', type: 'boolean', text: 'false' }, { kind: 'null' }, { kind: 'literal', type: 'hex', text: '0xCAFE' },
    { kind: 'literal', type: 'uuid', text: '550e8400-e29b-41d4-a716-446655440000' },
    { kind: 'literal', type: 'duration', text: '1h30m' }, { kind: 'literal', type: 'duration', text: '-3d' },
    { kind: 'literal', type: 'duration', text: 'P1Y2M' }, { kind: 'literal', type: 'duration', text: 'PT1H' },
    str('raw \' "'), str("it's"), int('12345678901234567890'), { kind: 'literal', type: 'float', text: 'NaN' },
  ]);
});

test('INSERT of collections, tuples, UDTs, functions, casts and arithmetic', () => {
  const i = insert("INSERT INTO t (a, b, c, d, e, f, g, h, i, j, k) VALUES ([1, 2], {'x', 'y'}, {'k': 1, 'l': 2}, {}, (1, 'a'), " +
    "{street: '1 Main', \"Zip\": 123}, now(), toTimestamp(now()), (bigint) ?, 1 + 2 * 3, [[1], [2, 3]])");
  const v = i.values.kind === 'values' ? i.values.values : [];
  assert.deepEqual(v, [
    { kind: 'list', elements: [int('1'), int('2')] },
    { kind: 'set', elements: [str('x'), str('y')] },
    { kind: 'map', entries: [{ key: str('k'), value: int('1') }, { key: str('l'), value: int('2') }] },
    { kind: 'emptyCollection' },
    { kind: 'tuple', elements: [int('1'), str('a')] },
    { kind: 'udt', fields: [{ field: 'street', value: str('1 Main') }, { field: 'Zip', value: int('123') }] },
    { kind: 'functionCall', name: { keyspace: null, name: 'now' }, args: [] },
    { kind: 'functionCall', name: { keyspace: null, name: 'totimestamp' }, args: [{ kind: 'functionCall', name: { keyspace: null, name: 'now' }, args: [] }] },
    { kind: 'typeHint', type: { kind: 'native', name: 'bigint' }, term: marker(0) },
    { kind: 'binary', op: '+', left: int('1'), right: { kind: 'binary', op: '*', left: int('2'), right: int('3') } },
    { kind: 'list', elements: [{ kind: 'list', elements: [int('1')] }, { kind: 'list', elements: [int('2'), int('3')] }] },
  ]);
});

test('terms: map with boolean and marker keys, CAST, type hints on collections, unary minus', () => {
  const i = insert("INSERT INTO t (a, b, c, d, e) VALUES ({true: 1, :k: 2}, CAST(? AS int), (frozen<list<int>>) [1], -(1 + 2), (list<text>) ?)");
  const v = i.values.kind === 'values' ? i.values.values : [];
  assert.deepEqual(v[0], { kind: 'map', entries: [{ key: { kind: 'literal', type: 'boolean', text: 'true' }, value: int('1') }, { key: marker(0, 'k'), value: int('2') }] });
  assert.deepEqual(v[1], { kind: 'cast', term: marker(1), type: 'int' });
  assert.deepEqual(v[2], { kind: 'typeHint', type: { kind: 'frozen', type: { kind: 'list', element: { kind: 'native', name: 'int' } } }, term: { kind: 'list', elements: [int('1')] } });
  assert.deepEqual(v[3], { kind: 'negate', term: { kind: 'tuple', elements: [{ kind: 'binary', op: '+', left: int('1'), right: int('2') }] } });
  assert.deepEqual(v[4], { kind: 'typeHint', type: { kind: 'list', element: { kind: 'native', name: 'text' } }, term: marker(2) });
});

test('INSERT JSON', () => {
  assert.deepEqual(insert(`INSERT INTO t JSON '{"k": 1, "v": "x"}'`).values, { kind: 'json', json: str('{"k": 1, "v": "x"}'), defaultUnset: false });
  assert.deepEqual(insert('INSERT INTO t JSON ? DEFAULT UNSET IF NOT EXISTS USING TTL 5').values, { kind: 'json', json: marker(0), defaultUnset: true });
  assert.deepEqual(insert("INSERT INTO t JSON :doc DEFAULT NULL").values, { kind: 'json', json: marker(0, 'doc'), defaultUnset: false });
});

test('UPDATE: every assignment form', () => {
  const u = update("UPDATE ks.t USING TTL 10 SET a = 1, c = c + 1, d = d - ?, l = l + [1], l2 = [0] + l2, s = s - {'x'}, " +
    "m['k'] = 'v', l3[2] = 7, u.f = 'x', n += 3, o -= {'a'}, p = [1, 2] + [3], q = (1, 2) WHERE k = 1");
  assert.deepEqual(u.using, { ttl: int('10'), timestamp: null });
  assert.deepEqual(u.assignments, [
    { kind: 'set', target: { kind: 'column', column: 'a' }, value: int('1') },
    { kind: 'add', column: 'c', value: int('1') },
    { kind: 'subtract', column: 'd', value: marker(0) },
    { kind: 'add', column: 'l', value: { kind: 'list', elements: [int('1')] } },
    { kind: 'prepend', column: 'l2', value: { kind: 'list', elements: [int('0')] } },
    { kind: 'subtract', column: 's', value: { kind: 'set', elements: [str('x')] } },
    { kind: 'set', target: { kind: 'element', column: 'm', key: str('k') }, value: str('v') },
    { kind: 'set', target: { kind: 'element', column: 'l3', key: int('2') }, value: int('7') },
    { kind: 'set', target: { kind: 'field', column: 'u', field: 'f' }, value: str('x') },
    { kind: 'add', column: 'n', value: int('3') },
    { kind: 'subtract', column: 'o', value: { kind: 'set', elements: [str('a')] } },
    { kind: 'set', target: { kind: 'column', column: 'p' }, value: { kind: 'binary', op: '+', left: { kind: 'list', elements: [int('1'), int('2')] }, right: { kind: 'list', elements: [int('3')] } } },
    { kind: 'set', target: { kind: 'column', column: 'q' }, value: { kind: 'tuple', elements: [int('1'), int('2')] } },
  ]);
});

test('UPDATE counters: c = c + ?, c = c -1, "Quoted" = "Quoted" + 1', () => {
  assert.deepEqual(update('UPDATE t SET c = c -1 WHERE k = 1').assignments, [{ kind: 'subtract', column: 'c', value: int('1') }]);
  assert.deepEqual(update('UPDATE t SET "C" = "C" + ? WHERE k = ?').assignments, [{ kind: 'add', column: 'C', value: marker(0) }]);
  assert.deepEqual(update('UPDATE t SET key = key + 1 WHERE k = 1').assignments, [{ kind: 'add', column: 'key', value: int('1') }]);
});

test('UPDATE with IF EXISTS and IF conditions', () => {
  assert.equal(update('UPDATE t SET v = 1 WHERE k = 1 IF EXISTS').ifExists, true);
  const u = update("UPDATE t SET v = 1 WHERE k = 1 IF v = 0 AND w != null AND m['k'] = 'x' AND u.f > 3 AND x IN (1, 2) AND y IN ? AND m['a'] IN ('b') AND s CONTAINS 1 AND exists = 1");
  assert.equal(u.ifExists, false);
  assert.deepEqual(u.conditions, [
    { kind: 'compare', target: { kind: 'column', column: 'v' }, op: '=', value: int('0') },
    { kind: 'compare', target: { kind: 'column', column: 'w' }, op: '!=', value: { kind: 'null' } },
    { kind: 'compare', target: { kind: 'element', column: 'm', key: str('k') }, op: '=', value: str('x') },
    { kind: 'compare', target: { kind: 'field', column: 'u', field: 'f' }, op: '>', value: int('3') },
    { kind: 'in', target: { kind: 'column', column: 'x' }, values: { kind: 'values', values: [int('1'), int('2')] } },
    { kind: 'in', target: { kind: 'column', column: 'y' }, values: marker(0) },
    { kind: 'in', target: { kind: 'element', column: 'm', key: str('a') }, values: { kind: 'values', values: [str('b')] } },
    { kind: 'compare', target: { kind: 'column', column: 's' }, op: 'CONTAINS', value: int('1') },
    { kind: 'compare', target: { kind: 'column', column: 'exists' }, op: '=', value: int('1') },
  ]);
});

test('DELETE: whole rows, columns, elements, fields, USING TIMESTAMP, IF', () => {
  assert.deepEqual(del('DELETE FROM ks.t USING TIMESTAMP 1234 WHERE k = ? IF EXISTS'), {
    kind: 'delete', selections: [], table: { keyspace: 'ks', name: 't' }, using: { ttl: null, timestamp: int('1234') },
    where: [{ kind: 'column', column: 'k', op: '=', value: marker(0) }], ifExists: true, conditions: [],
  });
  const d = del("DELETE a, m['k'], l[0], u.f FROM t WHERE k IN (1, 2) AND c > 3 IF a = 1");
  assert.deepEqual(d.selections, [
    { kind: 'column', column: 'a' },
    { kind: 'element', column: 'm', key: str('k') },
    { kind: 'element', column: 'l', key: int('0') },
    { kind: 'field', column: 'u', field: 'f' },
  ]);
  assert.deepEqual(d.conditions, [{ kind: 'compare', target: { kind: 'column', column: 'a' }, op: '=', value: int('1') }]);
});

test('BATCH: logged, unlogged, counter, USING TIMESTAMP, with and without semicolons', () => {
  const b = batch("BEGIN BATCH INSERT INTO t (k, v) VALUES (1, 'a'); UPDATE t SET v = 'b' WHERE k = 2; DELETE FROM t WHERE k = 3; APPLY BATCH;");
  assert.equal(b.batchType, 'logged');
  assert.deepEqual(b.statements.map((s) => s.kind), ['insert', 'update', 'delete']);
  const u = batch('begin unlogged batch using timestamp 5 insert into t (k) values (?) insert into t (k) values (?) apply batch');
  assert.equal(u.batchType, 'unlogged');
  assert.deepEqual(u.using, { ttl: null, timestamp: int('5') });
  assert.equal(u.statements.length, 2);
  assert.equal(batch('BEGIN COUNTER BATCH UPDATE t SET c = c + 1 WHERE k = 1; APPLY BATCH').batchType, 'counter');
  assert.equal(batch('BEGIN BATCH APPLY BATCH').statements.length, 0);
});

test('USE and TRUNCATE', () => {
  assert.deepEqual(parseStatement('USE "MyKeyspace"').statement, { kind: 'use', keyspace: 'MyKeyspace' });
  assert.deepEqual(parseStatement('use ks;').statement, { kind: 'use', keyspace: 'ks' });
  for (const t of ['TRUNCATE ks.t', 'TRUNCATE TABLE ks.t', 'truncate columnfamily ks.t']) {
    assert.deepEqual(parseStatement(t).statement, { kind: 'truncate', table: { keyspace: 'ks', name: 't' } });
  }
});

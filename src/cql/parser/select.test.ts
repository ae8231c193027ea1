/** SELECT: selectors, JSON/DISTINCT ambiguity, unreserved keywords as names, every relation form, clauses. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SelectStatement } from './ast-dml.js';
import type { Selector } from './ast-selectors.js';
import { parseStatement } from './parse-statement.js';

function select(text: string): SelectStatement {
  const s = parseStatement(text).statement;
  assert.equal(s.kind, 'select', text);
  return s as SelectStatement;
}

function selectors(text: string): Selector[] {
  return select(text).selectors.map((i) => i.selector);
}

const col = (name: string): Selector => ({ kind: 'column', name });
const int = (text: string) => ({ kind: 'literal', type: 'integer', text }) as const;
const str = (text: string) => ({ kind: 'literal', type: 'string', text }) as const;

test('SELECT * with a WHERE on an unreserved-keyword column (system.local)', () => {
  assert.deepEqual(select("SELECT * FROM system.local WHERE key='local'"), {
    kind: 'select', table: { keyspace: 'system', name: 'local' }, json: false, distinct: false, wildcard: true,
    selectors: [], where: [{ kind: 'column', column: 'key', op: '=', value: str('local') }], groupBy: [],
    orderBy: [], perPartitionLimit: null, limit: null, allowFiltering: false,
  });
});

test('keywords are case-insensitive; identifiers lowercase unless quoted', () => {
  const s = select('select "Name", Email from "MyKs".Users where "Id" = 1');
  assert.deepEqual(s.selectors.map((i) => i.selector), [col('Name'), col('email')]);
  assert.deepEqual(s.table, { keyspace: 'MyKs', name: 'users' });
  assert.deepEqual(s.where, [{ kind: 'column', column: 'Id', op: '=', value: int('1') }]);
});

test('columns named like unreserved keywords', () => {
  const names = ['key', 'value', 'values', 'type', 'ttl', 'writetime', 'count', 'filtering', 'keys', 'list', 'map',
    'frozen', 'timestamp', 'date', 'time', 'role', 'user', 'password', 'options', 'json', 'distinct', 'static',
    'custom', 'contains', 'as', 'cast', 'ascii', 'text', 'kind', 'initcond', 'language', 'exists', 'like', 'group',
    'per', 'partition', 'all', 'login', 'superuser', 'tuple', 'function', 'trigger', 'storage', 'clustering'];
  const s = select(`SELECT ${names.join(', ')} FROM t WHERE ${names.map((n) => `${n} = 1`).join(' AND ')}`);
  assert.deepEqual(s.selectors.map((i) => i.selector), names.map(col));
  assert.deepEqual(s.where.map((r) => (r.kind === 'column' ? r.column : '')), names);
});

test('JSON and DISTINCT are keywords or columns depending on what follows', () => {
  assert.equal(select('SELECT JSON * FROM t').json, true);
  assert.equal(select('SELECT JSON a, b FROM t').json, true);
  assert.equal(select('SELECT JSON DISTINCT a FROM t').distinct, true);
  assert.deepEqual(selectors('SELECT json FROM t'), [col('json')]);
  assert.deepEqual(selectors('SELECT json, distinct FROM t'), [col('json'), col('distinct')]);
  assert.deepEqual(select('SELECT json AS j FROM t').selectors, [{ selector: col('json'), alias: 'j' }]);
  assert.deepEqual(selectors('SELECT json * 2 FROM t'), [{ kind: 'binary', op: '*', left: col('json'), right: { kind: 'term', term: int('2') } }]);
  const d = select('SELECT DISTINCT pk FROM t');
  assert.equal(d.distinct, true);
  assert.deepEqual(d.selectors.map((i) => i.selector), [col('pk')]);
  assert.equal(select('SELECT distinct FROM t').distinct, false);
  const j = select('SELECT JSON json FROM t');
  assert.equal(j.json, true);
  assert.deepEqual(j.selectors.map((i) => i.selector), [col('json')]);
});

test('function selectors: count(*), count(1), writetime, ttl, CAST, token, qualified names', () => {
  assert.deepEqual(selectors('SELECT count(*), COUNT(*) AS n, count(1) FROM t'), [
    { kind: 'countRows' }, { kind: 'countRows' },
    { kind: 'functionCall', name: { keyspace: null, name: 'count' }, args: [{ kind: 'term', term: int('1') }] },
  ]);
  assert.deepEqual(selectors('SELECT writetime(v), TTL(v), WRITETIME(m[1]) FROM t'), [
    { kind: 'writetime', selector: col('v') }, { kind: 'ttl', selector: col('v') },
    { kind: 'writetime', selector: { kind: 'element', selector: col('m'), key: int('1') } },
  ]);
  assert.deepEqual(selectors('SELECT CAST(a AS text), token(k1, k2), ks.fn(a, 1), "F"(a) FROM t'), [
    { kind: 'cast', selector: col('a'), type: 'text' },
    { kind: 'functionCall', name: { keyspace: null, name: 'token' }, args: [col('k1'), col('k2')] },
    { kind: 'functionCall', name: { keyspace: 'ks', name: 'fn' }, args: [col('a'), { kind: 'term', term: int('1') }] },
    { kind: 'functionCall', name: { keyspace: null, name: 'F' }, args: [col('a')] },
  ]);
  assert.deepEqual(selectors('SELECT now(), toTimestamp(now()), blobAsText(b) FROM t')[1], {
    kind: 'functionCall', name: { keyspace: null, name: 'totimestamp' },
    args: [{ kind: 'functionCall', name: { keyspace: null, name: 'now' }, args: [] }],
  });
});

test('field, element and slice selection (chained)', () => {
  assert.deepEqual(selectors("SELECT u.street, m['k'], s[1..3], s[..'c'], s['a'..], u.addr.zip, m['a']['b'] FROM t"), [
    { kind: 'field', selector: col('u'), field: 'street' },
    { kind: 'element', selector: col('m'), key: str('k') },
    { kind: 'slice', selector: col('s'), from: int('1'), to: int('3') },
    { kind: 'slice', selector: col('s'), from: null, to: str('c') },
    { kind: 'slice', selector: col('s'), from: str('a'), to: null },
    { kind: 'field', selector: { kind: 'field', selector: col('u'), field: 'addr' }, field: 'zip' },
    { kind: 'element', selector: { kind: 'element', selector: col('m'), key: str('a') }, key: str('b') },
  ]);
});

test('terms, bind markers, type hints, arithmetic and collections as selectors', () => {
  assert.deepEqual(selectors("SELECT 1, 'x', ?, :n, null, -2, (int) ?, a + b * 2, -a, [a, 1], {a, b}, {'k': a}, (a, b), (a + 1) FROM t"), [
    { kind: 'term', term: int('1') },
    { kind: 'term', term: str('x') },
    { kind: 'term', term: { kind: 'bindMarker', index: 0, name: null } },
    { kind: 'term', term: { kind: 'bindMarker', index: 1, name: 'n' } },
    { kind: 'term', term: { kind: 'null' } },
    { kind: 'term', term: int('-2') },
    { kind: 'typeHint', type: { kind: 'native', name: 'int' }, selector: { kind: 'term', term: { kind: 'bindMarker', index: 2, name: null } } },
    { kind: 'binary', op: '+', left: col('a'), right: { kind: 'binary', op: '*', left: col('b'), right: { kind: 'term', term: int('2') } } },
    { kind: 'negate', selector: col('a') },
    { kind: 'list', elements: [col('a'), { kind: 'term', term: int('1') }] },
    { kind: 'set', elements: [col('a'), col('b')] },
    { kind: 'map', entries: [{ key: { kind: 'term', term: str('k') }, value: col('a') }] },
    { kind: 'tuple', elements: [col('a'), col('b')] },
    { kind: 'binary', op: '+', left: col('a'), right: { kind: 'term', term: int('1') } },
  ]);
  assert.deepEqual(selectors('SELECT {f: a, g: 1} FROM t'), [{
    kind: 'udt', fields: [{ field: 'f', value: col('a') }, { field: 'g', value: { kind: 'term', term: int('1') } }],
  }]);
});

test('aliases', () => {
  assert.deepEqual(select('SELECT a AS x, b as "Y", count(*) AS total FROM t').selectors.map((i) => i.alias), ['x', 'Y', 'total']);
});

test('relations: comparison operators, IN, CONTAINS [KEY], LIKE, IS NOT NULL, element', () => {
  const s = select("SELECT * FROM t WHERE a = 1 AND b < 2 AND c <= 3 AND d > 4 AND e >= 5 AND f != 6 AND g IN (1, 2) AND h IN ? " +
    "AND i IN () AND j CONTAINS 'x' AND k CONTAINS KEY 'y' AND l LIKE 'ab%' AND m IS NOT NULL AND n['k'] = 'v' AND o[0] > 1 ALLOW FILTERING");
  assert.deepEqual(s.where, [
    { kind: 'column', column: 'a', op: '=', value: int('1') },
    { kind: 'column', column: 'b', op: '<', value: int('2') },
    { kind: 'column', column: 'c', op: '<=', value: int('3') },
    { kind: 'column', column: 'd', op: '>', value: int('4') },
    { kind: 'column', column: 'e', op: '>=', value: int('5') },
    { kind: 'column', column: 'f', op: '!=', value: int('6') },
    { kind: 'in', column: 'g', values: { kind: 'values', values: [int('1'), int('2')] } },
    { kind: 'in', column: 'h', values: { kind: 'bindMarker', index: 0, name: null } },
    { kind: 'in', column: 'i', values: { kind: 'values', values: [] } },
    { kind: 'column', column: 'j', op: 'CONTAINS', value: str('x') },
    { kind: 'column', column: 'k', op: 'CONTAINS KEY', value: str('y') },
    { kind: 'column', column: 'l', op: 'LIKE', value: str('ab%') },
    { kind: 'isNotNull', column: 'm' },
    { kind: 'element', column: 'n', key: str('k'), op: '=', value: str('v') },
    { kind: 'element', column: 'o', key: int('0'), op: '>', value: int('1') },
  ]);
  assert.equal(s.allowFiltering, true);
});

test('token relations', () => {
  const s = select('SELECT * FROM t WHERE token(a, b) > token(?, ?) AND token(a, b) <= ? AND TOKEN(k) >= -9223372036854775808');
  assert.deepEqual(s.where, [
    { kind: 'token', columns: ['a', 'b'], op: '>', value: { kind: 'functionCall', name: { keyspace: null, name: 'token' }, args: [{ kind: 'bindMarker', index: 0, name: null }, { kind: 'bindMarker', index: 1, name: null }] } },
    { kind: 'token', columns: ['a', 'b'], op: '<=', value: { kind: 'bindMarker', index: 2, name: null } },
    { kind: 'token', columns: ['k'], op: '>=', value: int('-9223372036854775808') },
  ]);
});

test('multi-column relations', () => {
  const s = select('SELECT * FROM t WHERE k = 0 AND (c1, c2) > (1, 2) AND (c1, c2) <= ? AND (c1) = (3) AND (c1, c2) IN ((1, 2), (3, 4)) AND (c1, c2) IN ? AND (c1, c2) IN (?, ?) AND (c1, c2) IN ()');
  const tuple = (...e: string[]) => ({ kind: 'tuple', elements: e.map(int) });
  assert.deepEqual(s.where.slice(1), [
    { kind: 'multiColumn', columns: ['c1', 'c2'], op: '>', value: tuple('1', '2') },
    { kind: 'multiColumn', columns: ['c1', 'c2'], op: '<=', value: { kind: 'bindMarker', index: 0, name: null } },
    { kind: 'multiColumn', columns: ['c1'], op: '=', value: tuple('3') },
    { kind: 'multiColumnIn', columns: ['c1', 'c2'], values: { kind: 'values', values: [tuple('1', '2'), tuple('3', '4')] } },
    { kind: 'multiColumnIn', columns: ['c1', 'c2'], values: { kind: 'bindMarker', index: 1, name: null } },
    { kind: 'multiColumnIn', columns: ['c1', 'c2'], values: { kind: 'values', values: [{ kind: 'bindMarker', index: 2, name: null }, { kind: 'bindMarker', index: 3, name: null }] } },
    { kind: 'multiColumnIn', columns: ['c1', 'c2'], values: { kind: 'values', values: [] } },
  ]);
});

test('parenthesised relations and custom index expressions', () => {
  assert.deepEqual(select('SELECT * FROM t WHERE (a = 1) AND ((b > 2))').where, [
    { kind: 'column', column: 'a', op: '=', value: int('1') },
    { kind: 'column', column: 'b', op: '>', value: int('2') },
  ]);
  assert.deepEqual(select("SELECT * FROM t WHERE expr(idx, 'q') AND expr(ks.\"Idx\", ?)").where, [
    { kind: 'customIndex', index: { keyspace: null, name: 'idx' }, value: str('q') },
    { kind: 'customIndex', index: { keyspace: 'ks', name: 'Idx' }, value: { kind: 'bindMarker', index: 0, name: null } },
  ]);
});

test('GROUP BY, ORDER BY, PER PARTITION LIMIT, LIMIT, ALLOW FILTERING', () => {
  const s = select('SELECT a, max(b) FROM t WHERE a = 1 GROUP BY a, b ORDER BY b DESC, c ASC, d PER PARTITION LIMIT 2 LIMIT ? ALLOW FILTERING');
  assert.deepEqual(s.groupBy, [col('a'), col('b')]);
  assert.deepEqual(s.orderBy, [{ column: 'b', descending: true }, { column: 'c', descending: false }, { column: 'd', descending: false }]);
  assert.deepEqual(s.perPartitionLimit, int('2'));
  assert.deepEqual(s.limit, { kind: 'bindMarker', index: 0, name: null });
  assert.equal(s.allowFiltering, true);
  assert.deepEqual(select('SELECT * FROM t PER PARTITION LIMIT ? LIMIT :l').limit, { kind: 'bindMarker', index: 1, name: 'l' });
});

test('a trailing semicolon and comments are fine', () => {
  assert.equal(select('SELECT * FROM t; ').wildcard, true);
  assert.equal(select('-- leading\nSELECT /* inline */ * FROM t // trailing').wildcard, true);
});

test('a column named after a native type, and a table named "select"', () => {
  assert.deepEqual(selectors('SELECT text, int, uuid FROM "select"'), [col('text'), col('int'), col('uuid')]);
  assert.deepEqual(select('SELECT * FROM "select"').table, { keyspace: null, name: 'select' });
});

/** Bind markers: numbered 0.. in source order across a statement and a BATCH, names recorded, counts exposed. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseStatement, parseStatements } from './parse-statement.js';

/** Every bind marker node in the AST, in document order of the JSON (which follows field order). */
function markers(value: unknown, out: { index: number; name: string | null }[] = []): { index: number; name: string | null }[] {
  if (Array.isArray(value)) {
    for (const v of value) markers(v, out);
  } else if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (o['kind'] === 'bindMarker') out.push({ index: o['index'] as number, name: o['name'] as string | null });
    for (const v of Object.values(o)) markers(v, out);
  }
  return out;
}

function indexes(text: string): number[] {
  return markers(parseStatement(text).statement).map((m) => m.index).sort((a, b) => a - b);
}

test('markers are numbered 0.. in source order and counted', () => {
  const p = parseStatement('SELECT a, ? FROM t WHERE k = ? AND c IN ? AND (x, y) > (?, ?) AND token(k) > token(?) LIMIT ?');
  assert.equal(p.bindMarkerCount, 7);
  assert.deepEqual(p.bindMarkerNames, [null, null, null, null, null, null, null]);
  assert.deepEqual(indexes(p.text), [0, 1, 2, 3, 4, 5, 6]);
  const s = p.statement;
  assert.equal(s.kind, 'select');
  if (s.kind !== 'select') return;
  assert.deepEqual(s.selectors[1]!.selector, { kind: 'term', term: { kind: 'bindMarker', index: 0, name: null } });
  assert.deepEqual(s.limit, { kind: 'bindMarker', index: 6, name: null });
});

test('named markers get indexes too, and a repeated name gets a new index each time', () => {
  const p = parseStatement('UPDATE t USING TTL :ttl SET v = :v, w = :"V" WHERE k = :k AND c = :k IF v = :old');
  assert.equal(p.bindMarkerCount, 6);
  assert.deepEqual(p.bindMarkerNames, ['ttl', 'v', 'V', 'k', 'k', 'old']);
  assert.deepEqual(markers(p.statement).map((m) => m.name).sort(), ['V', 'k', 'k', 'old', 'ttl', 'v']);
});

test('source order across INSERT parts: values, then IF, then USING', () => {
  const p = parseStatement('INSERT INTO t (a, b, c) VALUES (?, [?, ?], {?: ?}) USING TTL ? AND TIMESTAMP ?');
  assert.equal(p.bindMarkerCount, 7);
  const s = p.statement;
  if (s.kind !== 'insert') return assert.fail();
  assert.deepEqual(s.using, { ttl: { kind: 'bindMarker', index: 5, name: null }, timestamp: { kind: 'bindMarker', index: 6, name: null } });
  assert.equal(parseStatement('INSERT INTO t JSON ?').bindMarkerCount, 1);
});

test('numbering continues across the statements of a BATCH', () => {
  const p = parseStatement('BEGIN BATCH USING TIMESTAMP ? INSERT INTO t (k, v) VALUES (?, ?); UPDATE t SET v = ? WHERE k = ?; DELETE FROM t WHERE k = :last; APPLY BATCH');
  assert.equal(p.bindMarkerCount, 6);
  assert.deepEqual(p.bindMarkerNames, [null, null, null, null, null, 'last']);
  const s = p.statement;
  if (s.kind !== 'batch') return assert.fail();
  assert.deepEqual(markers(s.statements[0]).map((m) => m.index), [1, 2]);
  assert.deepEqual(markers(s.statements[1]).map((m) => m.index), [3, 4]);
  assert.deepEqual(markers(s.statements[2]).map((m) => m.index), [5]);
});

test('markers inside function calls, casts, hints, collections and conditions', () => {
  const p = parseStatement('UPDATE t SET a = fn(?, (int) ?), b = CAST(? AS text), m[?] = ?, c = c + ? WHERE k = ? IF m[?] IN (?, ?) AND u.f = ?');
  assert.equal(p.bindMarkerCount, 11);
  assert.deepEqual(indexes(p.text), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
});

test('parseStatements numbers each statement from 0', () => {
  const [a, b, c] = parseStatements('SELECT * FROM t WHERE k = ?; INSERT INTO t (k, v) VALUES (?, :v); DROP TABLE t');
  assert.deepEqual([a!.bindMarkerCount, b!.bindMarkerCount, c!.bindMarkerCount], [1, 2, 0]);
  assert.deepEqual(b!.bindMarkerNames, [null, 'v']);
  assert.deepEqual(indexes(b!.text), [0, 1]);
});

test('a statement without markers has count 0', () => {
  const p = parseStatement("SELECT * FROM system.local WHERE key = 'local'");
  assert.equal(p.bindMarkerCount, 0);
  assert.deepEqual(p.bindMarkerNames, []);
});
